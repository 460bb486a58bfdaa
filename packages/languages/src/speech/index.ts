// What hearing and speaking need, per language: the type of a language's speech words, the words
// of the registered languages, and the laughter every language's feedback takes. It re-exports
// the list of languages, which its consumers read beside the words.
import { speech as german } from '../de/speech.js';
import { speech as english } from '../en/speech.js';
import { speech as spanish } from '../es/speech.js';
import { speech as french } from '../fr/speech.js';
import type { Language } from '../languages.js';
import type { SpeechWords } from './types.js';

export { LANGUAGES, languageOf, type Language } from '../languages.js';
export type { RecognizerPromptWords, ScenarioSentences, SpeechWords } from './types.js';
export { LAUGHTER } from './laughter.js';

/** The speech words of each registered language. */
export const SPEECH: Readonly<Record<Language, SpeechWords>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};
