// Words a listener says to show they are following, not to take the turn: each language's
// feedback words (continuers such as "mm-hmm", acknowledgements such as "okay", short assessments
// such as "great"), which its language pack declares (`SpeechWords.feedback`), the phrases it
// says as one ("I see", "alles klar": `SpeechWords.feedbackPhrases`), and written laughter.
// Anything else a visitor says over the agent ("wait", "no, the other one", a new request) holds
// a word outside the class and takes the turn.
import { LANGUAGES, LAUGHTER, SPEECH } from '@svc/languages/speech';
import { turnLanguage, type TurnLanguage } from './unfinished-words.js';

/**
 * A word as feedback is compared: each run of a letter written once, since recognizers spell a
 * held sound as they like ("mm-hmm", "mhm", "MMHMM" and "mmmhmm" are one continuer).
 */
const heldOnce = (word: string) => word.replace(/(\p{L})\1+/gu, '$1');

/** A closed list of feedback words, compared as {@link heldOnce} spells them. */
const feedbackSet = (lines: readonly string[]): ReadonlySet<string> =>
  new Set(lines.join(' ').split(' ').map(heldOnce));

/**
 * Per language, the lower-case words that alone only tell the speaker to go on, each run of a
 * letter written once ("mm" is "m").
 */
export const BACKCHANNEL_WORDS: Readonly<Record<TurnLanguage, ReadonlySet<string>>> =
  Object.fromEntries(
    LANGUAGES.map((language) => [language, feedbackSet([...SPEECH[language].feedback, LAUGHTER])]),
  ) as Record<TurnLanguage, ReadonlySet<string>>;

/**
 * Sounds the recognizer writes instead of words: Whisper puts a cough, a laugh, music or silence
 * between brackets, parentheses or asterisks ("[coughs]", "(laughing)", "*cough*",
 * "[BLANK_AUDIO]"), or as musical notes.
 */
const NON_SPEECH = /\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|[♪♫]/g;

/** A transcript's words as feedback is compared: lower case, without punctuation, held once. */
function feedbackTokens(transcript: string): string[] {
  return (
    transcript
      .replace(NON_SPEECH, ' ')
      .toLowerCase()
      .replace(/[’`]/g, "'")
      .replace(/[.,;:!?¿¡"“”«»…]/g, ' ')
      // "Mm-hmm", "uh-huh" and "mm hmm" are the same continuer, written apart or joined.
      .split(/[\s-]+/)
      .filter(Boolean)
      .map(heldOnce)
  );
}

/**
 * Per language, the feedback phrases ({@link SPEECH}'s `feedbackPhrases`) as their words are
 * compared, longest first so that "that makes sense" is taken before "makes sense".
 */
const FEEDBACK_PHRASES: Readonly<Record<TurnLanguage, readonly (readonly string[])[]>> =
  Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      SPEECH[language].feedbackPhrases
        .map(feedbackTokens)
        .sort((left, right) => right.length - left.length),
    ]),
  ) as Record<TurnLanguage, string[][]>;

/**
 * Whether a transcript is only feedback: non-speech (a cough, a laugh, nothing) or words that all
 * belong to `language`'s feedback words or phrases. In a language whose feedback is not known, only
 * non-speech counts, so that every word a visitor says still interrupts the agent.
 */
export function isBackchannel(transcript: string, language: string | undefined): boolean {
  const known = turnLanguage(language);
  const words = feedbackTokens(transcript);
  if (spelledSound(words)) return true;
  if (!known) return words.length === 0;
  // Every word is covered, from the left, by a feedback phrase (first: "ya veo" begins with the
  // word "ya"), a feedback word or a hum.
  for (let at = 0; at < words.length;) {
    const phrase = FEEDBACK_PHRASES[known].find((parts) =>
      parts.every((part, offset) => words[at + offset] === part),
    );
    const word = words[at] ?? '';
    if (phrase) at += phrase.length;
    else if (BACKCHANNEL_WORDS[known].has(word) || HUM.test(word)) at += 1;
    else return false;
  }
  return true;
}

/**
 * Whether a transcript is only lone letters with a consonant among them ("C.", "C C C", "N-M-A"):
 * Whisper spells a sound it cannot make a word of (a hum, "sí" said short, a breath) letter by
 * letter, and a visitor who interrupts says words. A lone vowel is a word in the languages served
 * ("y", "o", "à", "a"), and digits are a number said, so neither counts.
 */
function spelledSound(words: readonly string[]): boolean {
  return (
    words.length > 0 &&
    words.every((word) => /^\p{L}$/u.test(word)) &&
    words.some((word) => !LONE_VOWEL.test(word))
  );
}

/** A letter that alone is a word in a language served, or may be. */
const LONE_VOWEL = /^[aeiouyàáéèíóúü]$/u;

/**
 * A hum: a sound made with the mouth closed, written with no vowel but m, h and n ("mhm", "hmn",
 * or letter by letter, "M-H-N-N", as Whisper spells a continuer it cannot make a word of).
 * Feedback in every language; no word of the languages served is written that way.
 */
const HUM = /^[mhn]+$/u;
