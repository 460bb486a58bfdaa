// Which language the widget speaks to the visitor. The same rule as the SDK's and `@svc/ui`'s
// (docs/decisions.md): the language asked for, else the session's, else the browser's, else
// English; a tag counts by its primary subtag (`fr-CA` is French). The widget has texts in every
// language of `@svc/languages`.
import { languageOf, type Language } from '@svc/languages/widget';

/** The widget's language for a BCP-47 tag: its primary subtag when the widget speaks it. */
export function widgetLanguageOf(tag: string | null | undefined): Language | null {
  return languageOf(tag) ?? null;
}

/** The language the widget speaks and the locale it formats numbers, prices and dates in. */
export interface WidgetLocale {
  language: Language;
  /** The tag the language came from (`fr-CA`); undefined for the English fallback. */
  locale: string | undefined;
}

/**
 * The first of `tags` (in order: the element's `language` attribute, the session's language, the
 * browser's `navigator.language`) that is a language the widget speaks, else English.
 */
export function chooseLanguage(tags: readonly (string | null | undefined)[]): WidgetLocale {
  for (const tag of tags) {
    const language = widgetLanguageOf(tag);
    if (language && tag) return { language, locale: tag.trim() };
  }
  return { language: 'en', locale: undefined };
}

/** The browser's language, or undefined where there is no `navigator` (a server). */
export function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language;
}
