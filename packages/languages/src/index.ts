// The language packs: the registered languages and, for each, everything the platform needs of
// it. Servers and tests read whole packs from here; a browser bundle imports only the section it
// shows (`@svc/languages/ui`, `@svc/languages/widget`), which keeps the router's words and the
// stemmers out of it.
import { pack as german } from './de/index.js';
import { pack as english } from './en/index.js';
import { pack as spanish } from './es/index.js';
import { pack as french } from './fr/index.js';
import { languageOf, type Language } from './languages.js';
import type { LanguagePack } from './pack.js';

export { isLanguage, LANGUAGES, languageOf, type Language } from './languages.js';
export type { LanguagePack } from './pack.js';

/** The pack of each registered language. */
export const PACKS: Readonly<Record<Language, LanguagePack>> = {
  en: english,
  fr: french,
  es: spanish,
  de: german,
};

/** The pack of a BCP-47 tag's language ("fr-CA" is French), or `undefined` for one with none. */
export function packOf(tag: string | null | undefined): LanguagePack | undefined {
  const language = languageOf(tag);
  return language === undefined ? undefined : PACKS[language];
}
