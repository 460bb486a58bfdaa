// Which texts the panels show: the table of the locale's language, with a page's own texts on
// top. The tables are in the language packs (`@svc/languages/ui`), one file per language.
import {
  LANGUAGES,
  languageOf,
  UI_STRINGS,
  type Language,
  type UiStrings,
} from '@svc/languages/ui';

export type { UiStrings } from '@svc/languages/ui';

/** The languages the panels have texts in; any other gets English. */
export const UI_LANGUAGES = LANGUAGES;
/** A language the panels have texts in. */
export type UiLanguage = Language;

/** The English texts. */
export const defaultUiStrings: UiStrings = UI_STRINGS.en;

/** The panels' texts in each of {@link UI_LANGUAGES}. */
export const uiStringTables: Readonly<Record<UiLanguage, UiStrings>> = UI_STRINGS;

/**
 * The language of the panels' texts for a BCP-47 tag: its primary subtag when the panels speak
 * it (`fr-CA` is `fr`), else English (also for no tag).
 */
export function uiLanguage(locale: string | null | undefined): UiLanguage {
  return languageOf(locale) ?? 'en';
}

/**
 * The texts for `locale` (see {@link uiLanguage}; English without one) with `overrides` on top:
 * a page's own texts win over the built-in ones.
 */
export function uiStrings(
  overrides: Partial<UiStrings> | undefined,
  locale?: string | null,
): UiStrings {
  const table = uiStringTables[uiLanguage(locale)];
  return overrides ? { ...table, ...overrides } : table;
}
