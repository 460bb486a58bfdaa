import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { compoundHeadsOf } from '@svc/protocol/agent';

/** The languages collection search stems and folds accents for, by primary language subtag. */
export const SEARCH_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;

/** A language collection search knows. */
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** A collection's language when it names none: English, as search behaved before languages. */
export const DEFAULT_COLLECTION_LANGUAGE = 'en';

/**
 * A collection's `language`: a BCP-47 tag whose language is one search knows, alone or with a
 * region (`fr`, `fr-FR`, `es-419`). Kept to what it names so the OpenAPI document shows it.
 */
export const COLLECTION_LANGUAGE_TAG = /^(en|fr|es|de)(-([A-Za-z]{2}|[0-9]{3}))?$/;

/**
 * PostgreSQL's text-search configuration per language, which migration 012 creates: the language's
 * Snowball dictionary after `unaccent`, so accents fold before stemming as they do on SQLite.
 */
export const TEXT_SEARCH_CONFIGURATIONS: Record<SearchLanguage, string> = {
  en: 'svc_english',
  fr: 'svc_french',
  es: 'svc_spanish',
  de: 'svc_german',
};

/**
 * Snowball stemmers for the languages SQLite's FTS5 cannot stem (its `porter` tokenizer is English
 * only, and English keeps it). The same algorithms as PostgreSQL's `*_stem` dictionaries.
 */
const STEMMERS: Record<Exclude<SearchLanguage, 'en'>, (word: string) => string> = {
  fr: frenchStemmer,
  es: spanishStemmer,
  de: germanStemmer,
};

/** The tag as stored: canonical case (`fr-fr` becomes `fr-FR`). */
export function canonicalLanguageTag(tag: string): string {
  return Intl.getCanonicalLocales(tag)[0] ?? tag;
}

/** The search language of a collection's tag; a tag search does not know searches as English. */
export function searchLanguage(tag: string | undefined): SearchLanguage {
  const primary = (tag ?? '').split('-')[0]?.toLowerCase();
  return SEARCH_LANGUAGES.find((language) => language === primary) ?? 'en';
}

// Letters NFD does not decompose, folded as PostgreSQL's `unaccent` rules fold them.
const LETTERS: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd' };

/** Lower case without accents: "Campaña" is "campana", "Schlafsäcke" is "schlafsacke". */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (letter) => LETTERS[letter] ?? letter);
}

/**
 * The stems of a text's words in a language that has a stemmer, accents folded first (as
 * `unaccent` runs before the stemmer on PostgreSQL), so that a word typed with or without its
 * accents meets the same stem: "randonnée" and "randonnee" are both "randonne". English answers
 * no stems: FTS5's porter tokenizer stems it.
 */
export function stemWords(text: string, language: SearchLanguage): string[] {
  if (language === 'en') return [];
  const stem = STEMMERS[language];
  return (foldAccents(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => stem(word) || word);
}

/**
 * The heads a German compound may end in, as extra words to index beside the text (see
 * `compoundHeadsOf`): a visitor who asks for "Schlafsäcke" or "Zelte" means the "Daunenschlafsack"
 * and the "Kuppelzelt"; search stems and prefix-matches them as it does the words. Other languages
 * answer nothing (their compounds are written apart).
 */
export function compoundHeads(text: string, language: SearchLanguage): string[] {
  if (language !== 'de') return [];
  return (foldAccents(text).match(/\p{L}+/gu) ?? []).flatMap(compoundHeadsOf);
}
