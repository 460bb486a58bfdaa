import { LANGUAGES, languageOf, SEARCH, type Language } from '@svc/languages/search';
import { compoundHeadsOf } from '@svc/protocol/agent';

/**
 * A language collection search knows: every registered language, whose pack gives its
 * PostgreSQL configuration, stemmer and compounds (`SearchRules`).
 */
export type SearchLanguage = Language;

/** A collection's language when it names none: English, as search behaved before languages. */
export const DEFAULT_COLLECTION_LANGUAGE = 'en';

/**
 * A collection's `language`: a BCP-47 tag whose language is one search knows, alone or with a
 * region (`fr`, `fr-FR`, `es-419`). Kept to what it names, the registered languages in their
 * order, so the OpenAPI document shows it.
 */
export const COLLECTION_LANGUAGE_TAG = new RegExp(
  `^(${LANGUAGES.join('|')})(-([A-Za-z]{2}|[0-9]{3}))?$`,
);

/** PostgreSQL's text-search configuration per language, which migration 012 creates. */
export const TEXT_SEARCH_CONFIGURATIONS: Readonly<Record<SearchLanguage, string>> =
  Object.fromEntries(
    LANGUAGES.map((language) => [language, SEARCH[language].textSearchConfiguration]),
  ) as Record<SearchLanguage, string>;

/**
 * The language SQLite's FTS5 stems itself, with its `porter` tokenizer (English only): its rows
 * store no stems, and English keeps porter.
 */
const PORTER_LANGUAGE: SearchLanguage = 'en';

/** The tag as stored: canonical case (`fr-fr` becomes `fr-FR`). */
export function canonicalLanguageTag(tag: string): string {
  return Intl.getCanonicalLocales(tag)[0] ?? tag;
}

/** The search language of a collection's tag; a tag search does not know searches as English. */
export function searchLanguage(tag: string | undefined): SearchLanguage {
  return languageOf(tag) ?? 'en';
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
 * The stems of a text's words by the language's Snowball stemmer, for the languages SQLite's FTS5
 * cannot stem (the same algorithms as PostgreSQL's `*_stem` dictionaries), accents folded first
 * (as `unaccent` runs before the stemmer on PostgreSQL), so that a word typed with or without its
 * accents meets the same stem: "randonnée" and "randonnee" are both "randonne". English answers
 * no stems: FTS5's porter tokenizer stems it.
 */
export function stemWords(text: string, language: SearchLanguage): string[] {
  if (language === PORTER_LANGUAGE) return [];
  const stem = SEARCH[language].stemmer;
  return (foldAccents(text).match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => stem(word) || word);
}

/**
 * The heads a compound may end in, in a language that writes its compounds as one word (German),
 * as extra words to index beside the text (see `compoundHeadsOf`): a visitor who asks for
 * "Schlafsäcke" or "Zelte" means the "Daunenschlafsack" and the "Kuppelzelt"; search stems and
 * prefix-matches them as it does the words. Other languages answer nothing (their compounds are
 * written apart).
 */
export function compoundHeads(text: string, language: SearchLanguage): string[] {
  if (!SEARCH[language].compoundsJoined) return [];
  return (foldAccents(text).match(/\p{L}+/gu) ?? []).flatMap(compoundHeadsOf);
}

/**
 * The word of a query that says what the thing asked for is: the last of an English or German
 * phrase ("mountain bikes"), the first of a French or Spanish one ("vestes polaires").
 */
export function phraseHead(words: readonly string[], language: SearchLanguage): string | undefined {
  return SEARCH[language].headLast ? words.at(-1) : words[0];
}
