// What `pocketsphinx_continuous -time yes` prints, read back as utterances with timed words.

/** One word of a recognized utterance. Times in seconds of audio fed to the process. */
export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  /** Posterior probability of the word (0-1). */
  confidence: number;
}

/** One utterance as the recognizer printed it. */
export interface RecognizedUtterance {
  text: string;
  /** The words of `text` with times (fillers and silences left out). */
  words: RecognizedWord[];
  /** Audio time of the utterance's first and last segment, silences included. */
  start: number;
  end: number;
}

const WORD_LINE = /^(\S+) (-?\d+\.\d+) (-?\d+\.\d+) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/;
const isFiller = (word: string) => /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(word);

/**
 * Parses what `pocketsphinx_continuous -time yes` prints: per utterance, the hypothesis line,
 * then one `word start end posterior` line per segment (`<s>`, words, fillers, `</s>`). An
 * utterance is complete at its `</s>`, at the next hypothesis, or at the end of a chunk that
 * ends a line (the program flushes its output once per utterance).
 */
export class RecognizerOutputParser {
  #partial = '';
  #current: RecognizedUtterance | undefined;

  /** Feeds output text; returns the utterances it completes. */
  push(chunk: string): RecognizedUtterance[] {
    const done: RecognizedUtterance[] = [];
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const match = WORD_LINE.exec(line);
      if (!match) {
        if (this.#current) done.push(this.#current);
        this.#current = { text: line.replace(/\s+/g, ' '), words: [], start: NaN, end: NaN };
        continue;
      }
      const current = this.#current;
      // Segment lines with no hypothesis before them belong to nothing we can report.
      if (!current) continue;
      const [, name = '', start, end, posterior] = match;
      if (Number.isNaN(current.start)) current.start = Number(start);
      current.end = Number(end);
      if (name === '</s>') {
        done.push(current);
        this.#current = undefined;
        continue;
      }
      if (isFiller(name)) continue;
      current.words.push({
        word: name.replace(/\(\d+\)$/, ''),
        start: Number(start),
        end: Number(end),
        confidence: Math.min(1, Math.max(0, Number(posterior))),
      });
    }
    if (this.#partial === '' && this.#current) {
      done.push(this.#current);
      this.#current = undefined;
    }
    return done;
  }

  /** The output ended: returns the utterance still open, if any. */
  end(): RecognizedUtterance[] {
    const done = this.#partial ? this.push('\n') : [];
    if (this.#current) done.push(this.#current);
    this.#current = undefined;
    return done;
  }
}
