// What the agent itself is saying, so that its own voice coming back through a visitor's
// speakers is not taken for the visitor. A browser cancels that echo when its echo canceller has
// the played audio to compare with; when it does not (a canceller that lags, a fake device,
// speakers turned up), the recognizer hears the agent's words again, often misheard ("Hi, welcome
// to Trailhead" as "Bye, welcome to trail"). A transcript whose words are mostly words the agent
// spoke moments ago, or near misses of them, is that echo.
import { normalizeWords } from './spoken-words.js';

/**
 * How long after its audio was due to end the agent's speech can still come back as a transcript,
 * in ms: the echo reaches the recognizer through the visitor's capture, the network, the VAD and
 * the decoder, and the audio starts later than it was handed out (seconds on a loaded machine).
 */
const ECHO_TAIL_MS = 10_000;
/**
 * Share of a transcript's words the agent must have just said for the transcript to be its echo:
 * a visitor who names what the agent named ("put the blue ridge down jacket in my cart") keeps
 * words of their own around it.
 */
const ECHO_SHARE = 0.7;

/**
 * How long after the agent's audio was due to end an utterance may still begin and be its echo,
 * in ms (the VAD's look-back and the playout's own lag). A visitor who answers once the agent has
 * finished, naming what it named ("the Summit Dome Tent"), starts later than that.
 */
const ECHO_START_TAIL_MS = 1_500;

/**
 * How long after the agent's voice played a word a one-word utterance may begin and be that
 * word's echo, in ms: the audio plays later than it was handed out, by up to seconds on a loaded
 * machine, and comes back through the capture, the network and the VAD.
 */
const ONE_WORD_LAG_MS = 4_000;

/**
 * How long after the agent's audio was due to end a one-word utterance may begin and be its
 * echo, in ms: a visitor's one-word answer ("tents") comes later than that.
 */
const ONE_WORD_START_TAIL_MS = 500;

/**
 * Share of a part of an utterance's words that may be the agent's (heard as a word it said, or a
 * sound off one) for the part to be held as its echo: a visitor's interruption has words of its
 * own ("actually, I would"), an echo's first half second is the agent's, misheard ("Bye, bye."
 * for "Hi, welcome", "Add, Water." for "...head! What").
 */
const ECHO_PART_SHARE = 0.5;

/**
 * The most words a part of an utterance may have for {@link ECHO_PART_SHARE} to hold it; a longer
 * part is held when {@link ECHO_SHARE} of its words are the agent's or near them. A visitor talking
 * on over a greeting that named sleeping bags ("actually, I would much rather look at the warm
 * sleeping bags you...") says half its words like the agent's, and was held to the end of the
 * request; an echo's longer part is the agent's nearly word for word, misheard ("Add, what are you
 * looking at?" for "...head! What are you looking for", which the whole-utterance test misses).
 */
const ECHO_PART_WORDS = 3;

/** Speech the agent produced, heard until `until` (ms since the epoch). */
interface Spoken {
  words: string[];
  /** When its audio starts and ends playing, if played without a gap. */
  starts: number;
  ends: number;
  until: number;
}

/** Whether two words differ by at most one letter added, removed or changed. */
function oneEditApart(first: string, second: string): boolean {
  if (Math.abs(first.length - second.length) > 1) return false;
  let [index, other] = [0, 0];
  let edits = 0;
  while (index < first.length && other < second.length) {
    if (first[index] === second[other]) {
      index += 1;
      other += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (first.length > second.length) index += 1;
    else if (second.length > first.length) other += 1;
    else [index, other] = [index + 1, other + 1];
  }
  return edits + (first.length - index) + (second.length - other) <= 1;
}

/**
 * A word as it roughly sounds, for any of the agent's Latin-script languages: accents dropped,
 * spellings of one sound made one letter ("ph" and "f", "c" and "k" or "s", "y" and "i"), silent
 * letters (an "h" after the first letter, "gh", a final "e" after a consonant) and doubled letters
 * removed, and each run of vowels kept as its first. "bye" and "by" both sound "bi", "hi" "hi".
 */
function soundOf(word: string): string {
  return word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ph/g, 'f')
    .replace(/gh/g, '')
    .replace(/ck|qu?/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/(?<=.)h/g, '')
    .replace(/y/g, 'i')
    .replace(/(?<=[^aeiou])e$/, '')
    .replace(/[aeiou]+/g, (vowels) => vowels.charAt(0))
    .replace(/(.)\1+/g, '$1');
}

/**
 * Whether a heard word is a word the agent said as a recognizer mishears it: the same, cut short
 * or run on ("trail" for "trailhead"), one letter off ("drail" for "trail"), or spelled
 * otherwise for the same sound ("by" for "bye").
 */
function heardAs(heard: string, said: string): boolean {
  if (heard === said) return true;
  if (heard.length >= 3 && said.length >= 3 && (said.startsWith(heard) || heard.startsWith(said))) {
    return true;
  }
  if (heard.length >= 4 && said.length >= 4 && oneEditApart(heard, said)) return true;
  return soundOf(heard) === soundOf(said);
}

/**
 * Whether a heard word sounds one sound off a word the agent said ("bye" for "hi"): too loose to
 * tell a word alone, it counts only inside a run of the agent's words heard in their order.
 */
function soundsNear(heard: string, said: string): boolean {
  const [heardSound, saidSound] = [soundOf(heard), soundOf(said)];
  return heardSound.length >= 2 && saidSound.length >= 2 && oneEditApart(heardSound, saidSound);
}

/**
 * Whether `words` are, in their order, a run of `said` as a recognizer hears it through a room:
 * each word heard as the agent's word at its place or one sound off it, and at least one heard
 * as the word itself. A visitor's own sentence does not follow the agent's word by word.
 */
function followsInOrder(words: readonly string[], said: readonly string[]): boolean {
  for (let start = 0; start + words.length <= said.length; start += 1) {
    const run = said.slice(start, start + words.length);
    const near = words.every((word, index) => {
      const spoken = run[index] as string;
      return heardAs(word, spoken) || soundsNear(word, spoken);
    });
    if (near && words.some((word, index) => heardAs(word, run[index] as string))) return true;
  }
  return false;
}

/**
 * The agent's recent speech of one conversation: its voice tells what it is about to play
 * ({@link EchoGuard.speaking}), its recognizer asks whether a transcript is that speech coming
 * back ({@link EchoGuard.isEcho}).
 */
export class EchoGuard {
  #spoken: Spoken[] = [];
  /** When the audio handed out so far ends playing, if played without a gap. */
  #playedUntil = 0;
  /** Whether the agent's audio is playing at the visitor. */
  #playing = false;
  /** When it last stopped: what was handed out before belongs to an earlier playout. */
  #stoppedAt = Number.NEGATIVE_INFINITY;
  readonly #now: () => number;

  /** @param now The clock (ms since the epoch): a test's own. */
  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** The agent's voice hands out `seconds` of audio saying `text`, played after what came before. */
  speaking(text: string, seconds: number): void {
    const now = this.#now();
    const starts = Math.max(now, this.#playedUntil);
    this.#playedUntil = starts + seconds * 1000;
    this.#spoken = this.#spoken.filter((spoken) => spoken.until > now);
    this.#spoken.push({
      words: normalizeWords(text),
      starts,
      ends: this.#playedUntil,
      until: this.#playedUntil + ECHO_TAIL_MS,
    });
  }

  /**
   * The agent's audio starts or stops playing at the visitor (the session's speaking state). The
   * audio plays later than it was handed out, by seconds on a loaded machine: when it starts, what
   * was handed out for it and has not played yet starts no sooner (its words with it: a visitor's
   * "wait" just after the greeting began is not the echo of its last "what", placed seconds
   * early); while it plays, and when it stops, it is taken to end no sooner.
   */
  playing(playing: boolean): void {
    const now = this.#now();
    if (playing) {
      if (!this.#playing) this.#startsAt(now);
      this.#playing = true;
      return;
    }
    this.#heardUntil(now);
    this.#playing = false;
    this.#stoppedAt = now;
  }

  /** The speech handed out since the last playout stopped starts playing at `now`, not before. */
  #startsAt(now: number): void {
    const waiting = this.#spoken.filter((spoken) => spoken.starts >= this.#stoppedAt);
    const first = Math.min(...waiting.map((spoken) => spoken.starts));
    const late = now - first;
    if (!(late > 0)) return;
    for (const spoken of waiting) {
      spoken.starts += late;
      spoken.ends += late;
      spoken.until += late;
    }
    this.#playedUntil = Math.max(this.#playedUntil, ...waiting.map((spoken) => spoken.ends));
  }

  /** The speech of the current playout ends no sooner than `now`. */
  #heardUntil(now: number): void {
    if (!this.#playing) return;
    for (const spoken of this.#spoken) {
      if (spoken.starts < this.#stoppedAt || spoken.starts > now) continue;
      spoken.ends = Math.max(spoken.ends, now);
      spoken.until = Math.max(spoken.until, now + ECHO_TAIL_MS);
    }
  }

  /**
   * Whether `transcript` is the agent's own recent speech: most of its words words the agent
   * said in the last seconds or near misses of them, or (when the recognizer says when the
   * utterance began) all of them a run of the agent's words in order, a sound off at most. A
   * single word is an echo only when it began while the agent's voice played and sounds like a
   * word played in the seconds before (the visitor's "yes" after the agent finished counts).
   *
   * @param startedAt When the utterance began (ms since the epoch), when the recognizer says: only
   *   speech that began while the agent's audio played, or just after, can be its echo.
   */
  isEcho(transcript: string, startedAt?: number): boolean {
    const words = normalizeWords(transcript);
    if (words.length === 0) return false;
    this.#heardUntil(this.#now());
    if (words.length === 1) {
      return startedAt !== undefined && this.#echoesOneWord(words[0] as string, startedAt);
    }
    const recent = this.#recentWords(startedAt);
    const said = new Set(recent);
    if (said.size === 0) return false;
    const echoed = words.filter((word) => [...said].some((known) => heardAs(word, known))).length;
    if (echoed / words.length >= ECHO_SHARE) return true;
    // A short echo keeps too few words to count ("Bye, welcome." for "Hi, welcome to
    // Trailhead"), but it follows the agent's sentence in order, which a visitor's words do not.
    return startedAt !== undefined && followsInOrder(words, recent);
  }

  /**
   * Whether a part of an utterance (an interim transcript of speech that goes on) may be the
   * agent's own voice: {@link isEcho}, or at least half of its words heard as a word the agent
   * said in the seconds before, or a sound off one (of a longer part, most of its words). Half a
   * second of speech is a word or three, too few for {@link isEcho} to tell, and an echo taken for
   * the visitor pauses the agent: such a part waits for its whole utterance, as every utterance
   * did before parts were heard.
   */
  mayBeEcho(transcript: string, startedAt?: number): boolean {
    if (this.isEcho(transcript, startedAt)) return true;
    const words = normalizeWords(transcript);
    const said = this.#recentWords(startedAt);
    const near = words.filter((word) =>
      said.some((known) => heardAs(word, known) || soundsNear(word, known)),
    ).length;
    const share = words.length > ECHO_PART_WORDS ? ECHO_SHARE : ECHO_PART_SHARE;
    return words.length > 0 && near / words.length >= share;
  }

  /**
   * The words, in order, of the agent's speech an utterance begun at `startedAt` may still echo:
   * speech still within its tail, and (when the start is known) whose audio ended no more than
   * {@link ECHO_START_TAIL_MS} before it.
   */
  #recentWords(startedAt: number | undefined): string[] {
    const now = this.#now();
    return this.#spoken
      .filter((spoken) => spoken.until > now)
      .filter((spoken) => startedAt === undefined || startedAt <= spoken.ends + ECHO_START_TAIL_MS)
      .flatMap((spoken) => spoken.words);
  }

  /**
   * Whether one word begun at `startedAt` is the echo of a word the agent's voice played in the
   * moments before: "Bye." for the greeting's "Hi", which ends a conversation if taken for the
   * visitor's. Each sentence's words are placed evenly over its audio.
   */
  #echoesOneWord(word: string, startedAt: number): boolean {
    const playing = this.#spoken.some(
      (spoken) => startedAt >= spoken.starts && startedAt <= spoken.ends + ONE_WORD_START_TAIL_MS,
    );
    return (
      playing &&
      this.#spoken.some((spoken) =>
        spoken.words.some((said, index) => {
          const playedAt =
            spoken.starts + ((spoken.ends - spoken.starts) * index) / spoken.words.length;
          const near = playedAt <= startedAt && playedAt >= startedAt - ONE_WORD_LAG_MS;
          return near && (heardAs(word, said) || soundsNear(word, said));
        }),
      )
    );
  }
}
