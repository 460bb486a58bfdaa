// The texts of the `@svc/ui` panels: their type and the table of each registered language. A
// browser section: it imports nothing but its tables and the list of languages, which it
// re-exports so that a browser bundle reaches them without the package's other sections.
import { ui as german } from '../de/ui.js';
import { ui as english } from '../en/ui.js';
import { ui as spanish } from '../es/ui.js';
import { ui as french } from '../fr/ui.js';
import type { Language } from '../languages.js';
import type { UiStrings } from './types.js';

export { LANGUAGES, languageOf, type Language } from '../languages.js';
export type { UiStrings } from './types.js';

/** The panels' texts in each registered language. */
export const UI_STRINGS: Readonly<Record<Language, UiStrings>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};
