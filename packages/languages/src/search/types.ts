// The type of what collection search needs of a language, which each language's `search.ts` fills
// in: the PostgreSQL configuration its rows are indexed with, its stemmer and how it writes
// compounds.

/** What collection search needs of a language. */
export interface SearchRules {
  /**
   * PostgreSQL's text-search configuration for the language, which migration 012 creates: the
   * language's Snowball dictionary after `unaccent`, so accents fold before stemming as they do on
   * SQLite.
   */
  textSearchConfiguration: string;
  /**
   * The language's Snowball stemmer (`@orama/stemmers`): the same algorithm as PostgreSQL's
   * `*_stem` dictionary in {@link textSearchConfiguration}, for SQLite, whose FTS5 cannot stem
   * the language itself.
   */
  stemmer: (word: string) => string;
  /**
   * Whether the language writes its compounds as one word ("Daunenschlafsack"), so that search
   * indexes the heads a compound may end in beside its words. Other languages write theirs apart.
   */
  compoundsJoined: boolean;
  /**
   * Whether a noun phrase ends with the word that says what the thing is ("mountain bike", "rote
   * Jacke": a bike, a jacket), as in English and German; French and Spanish put it first ("veste
   * polaire", "saco de dormir").
   */
  headLast: boolean;
}
