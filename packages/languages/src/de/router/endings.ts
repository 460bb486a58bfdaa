// German: the endings its inflected words take, which the ordinal and ranking tables spell out.

/** The endings of an ordinal ("erste", "ersten"). */
export const ORDINAL_ENDINGS = ['e', 'en', 'er', 'es', 'em'];
/** An adjective as said before a noun or after an article: no ending, or one of these. */
export const DECLENSION = ['', ...ORDINAL_ENDINGS];
/**
 * A comparative's endings, with the spoken forms that drop the ending's "e" ("den günstigern",
 * "einen leichtern"): recognizers write them as heard.
 */
export const COMPARATIVE = [...DECLENSION, 'n', 'm', 's'];
