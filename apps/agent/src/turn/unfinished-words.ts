// Words a spoken request cannot end on, by language: the closed word classes that always need
// something after them, which each language pack declares (`SpeechWords.unfinished`), and whether
// a transcript ends on one.
import { LANGUAGES, languageOf, SPEECH, type Language } from '@svc/languages/speech';

/**
 * A language whose unfinished endings are known: every registered language, since each pack
 * declares its words (`SpeechWords.unfinished`).
 */
export type TurnLanguage = Language;

/** The words of a closed list's lines. */
const wordSet = (lines: readonly string[]): ReadonlySet<string> =>
  new Set(lines.join(' ').split(' '));

/** Per language, the lower-case words after which a request is not over. */
export const UNFINISHED_WORDS: Readonly<Record<TurnLanguage, ReadonlySet<string>>> =
  Object.fromEntries(
    LANGUAGES.map((language) => [language, wordSet(SPEECH[language].unfinished)]),
  ) as Record<TurnLanguage, ReadonlySet<string>>;

/** The registered language of a BCP-47 tag (`fr-CA` is `fr`), whose unfinished endings are known. */
export function turnLanguage(language: string | undefined): TurnLanguage | undefined {
  return languageOf(language);
}

/**
 * Whether a transcript reads as cut off: its last word cannot end a request in `language`, or the
 * recognizer marked it as trailing off (a comma, a dash, an ellipsis). A transcript that ends on
 * such a word is a visitor pausing mid-sentence, whatever punctuation the recognizer added.
 */
export function soundsUnfinished(transcript: string, language: TurnLanguage): boolean {
  const text = transcript.trim();
  if (!text) return false;
  if (/(,|;|:|-|–|—|\.\.\.|…)$/.test(text)) return true;
  const words = text
    .toLowerCase()
    .replace(/[.?!¿¡"“”«»()]/g, ' ')
    // Elided articles and prepositions (l', d', qu') are words of their own.
    .split(/[\s']+/)
    .filter(Boolean);
  const last = words.at(-1);
  return last !== undefined && UNFINISHED_WORDS[language].has(last);
}
