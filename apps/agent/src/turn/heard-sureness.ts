// How sure the recognizer was of the last words it heard, kept for the turn detector. Whisper
// closes most utterances with a full stop, whole or not: at a pause after "I would like to order
// the headlamp and" it writes "I would like to order the head lamp." and the text reads as
// finished. What tells them apart is the model's own doubt about that last word next to its trust
// in the words before it (it guessed at a word said short or cut by the pause).
import type { WordSureness } from '@svc/agents-plugin-embedded';

/**
 * The last word's probability under which a transcript may be cut at a pause, chosen on
 * `turn-pauses-1`'s dev part with the shop's recognizer prompt (bench/agent/turn/README.md): the
 * last words of finished requests are nearly all above it, those before a mid-sentence pause are
 * spread below. 0.6-0.7 caught no more pauses and held more finished requests.
 */
export const LAST_WORD_DOUBT = 0.5;

/**
 * The mean probability of the other words over which the doubt is read: under it the recognizer
 * doubts the whole utterance (a voice it hears badly), and a doubtful last word says nothing of a
 * pause. Chosen on the same dev part: at 0.7 it held a quarter of the finished Spanish requests of
 * espeak-ng's voices, whose words the recognizer half guesses, and caught no more pauses.
 */
export const SURE_OF_OTHERS = 0.75;

/**
 * Whether a transcript's sureness says its last word may be a sentence cut by a pause
 * (`lastWordDoubt`: the bench sweeps it; the agent's is {@link LAST_WORD_DOUBT}).
 */
export function doubtsLastWord(
  sureness: WordSureness | undefined,
  lastWordDoubt = LAST_WORD_DOUBT,
): boolean {
  if (!sureness || sureness.otherWords === undefined) return false;
  return sureness.lastWord < lastWordDoubt && sureness.otherWords >= SURE_OF_OTHERS;
}

/** A transcript's words as compared here: lower case, letters and digits. */
function wordsOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How many of the latest transcripts are kept (a turn is one to a few utterances). */
const KEPT = 8;

/**
 * The recognizer's latest transcripts of a conversation with how sure it was of their words: the
 * recognizer records each as it is heard ({@link HeardSureness.record}), and the turn detector asks
 * about the turn's text, which ends with the latest of them ({@link HeardSureness.doubtsEnding}).
 */
export class HeardSureness {
  #recent: { words: string; doubt: boolean }[] = [];

  /** A transcript as the recognizer heard it. */
  record(heard: { text: string; sureness?: WordSureness | undefined }): void {
    const words = wordsOf(heard.text);
    if (!words) return;
    this.#recent.push({ words, doubt: doubtsLastWord(heard.sureness) });
    if (this.#recent.length > KEPT) this.#recent.shift();
  }

  /**
   * Whether the turn's text ends on a transcript whose last word the recognizer doubted: the
   * latest recorded transcript that the text ends with (a turn joins its utterances; the
   * transcript may have been dropped by a filter after it was heard, and then it is not asked).
   */
  doubtsEnding(turnText: string): boolean {
    const words = wordsOf(turnText);
    if (!words) return false;
    for (let index = this.#recent.length - 1; index >= 0; index--) {
      const heard = this.#recent[index];
      if (heard && (words === heard.words || words.endsWith(` ${heard.words}`))) return heard.doubt;
    }
    return false;
  }
}
