// The languages Svc speaks. Each is a folder of this package (`src/<code>/`) holding every piece
// a language needs: the router's words, the agent's replies, speech, search and the texts of the
// panels and the widget. A new language is a new folder and a code here; the type of each piece's
// table (`Record<Language, ...>`) then says what the folder still lacks.

/** The registered languages, by BCP-47 primary subtag. English is the first and the fallback. */
export const LANGUAGES = ['en', 'fr', 'es', 'de'] as const;

/** A registered language. */
export type Language = (typeof LANGUAGES)[number];

/** Whether `code` is a registered language (a primary subtag, lower case). */
export function isLanguage(code: string): code is Language {
  return (LANGUAGES as readonly string[]).includes(code);
}

/**
 * The registered language of a BCP-47 tag ("fr-FR" and "fr_CA" are French, case aside), or
 * `undefined` for a language with no pack.
 */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : undefined;
}
