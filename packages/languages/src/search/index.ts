// What collection search needs, per language: the type of a language's search rules and the rules
// of the registered languages. It re-exports the list of languages, which its consumers read
// beside the rules.
import { search as german } from '../de/search.js';
import { search as english } from '../en/search.js';
import { search as spanish } from '../es/search.js';
import { search as french } from '../fr/search.js';
import type { Language } from '../languages.js';
import type { SearchRules } from './types.js';

export { LANGUAGES, languageOf, type Language } from '../languages.js';
export type { SearchRules } from './types.js';

/** The search rules of each registered language. */
export const SEARCH: Readonly<Record<Language, SearchRules>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};
