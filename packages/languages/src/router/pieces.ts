// The pieces every language's lexicon is made of, one file each under languages/<code>/: a new
// language fills the same folder. Each piece is the part of `Lexicon` it holds, so a field that
// no piece provides, or that a piece provides twice in name, is a type error here, not a surprise
// at run time.
import type { Lexicon, SmallTalkWords } from './lexicon.js';

/** How the language's text is read: rewrites, letters, and a word's comparing form. */
export type Reading = Pick<
  Lexicon,
  | 'code'
  | 'contractions'
  | 'compoundNames'
  | 'nounsCapitalized'
  | 'foldAccents'
  | 'repairsHearing'
  | 'soundAlikeStarts'
  | 'currencies'
  | 'stemmer'
  | 'agreement'
  | 'stem'
  | 'plural'
  | 'heard'
>;

/** Numbers, positions in a list ("the second"), units of weight and times of day. */
export type Counting = Pick<
  Lexicon,
  | 'numbers'
  | 'ordinals'
  | 'last'
  | 'numberWord'
  | 'notOrdinal'
  | 'first'
  | 'countBeforeFirst'
  | 'three'
  | 'weightUnits'
  | 'clock'
>;

/** The verbs and phrasings of each request: search, show, compare, the cart, goodbye. */
export type Requests = Pick<
  Lexicon,
  | 'end'
  | 'shortEnd'
  | 'offer'
  | 'cart'
  | 'misheardCart'
  | 'add'
  | 'remove'
  | 'swap'
  | 'showCart'
  | 'cartTotal'
  | 'compare'
  | 'display'
  | 'search'
  | 'questionSearch'
  | 'again'
  | 'setQuantity'
  | 'more'
  | 'toModel'
  | 'buyVerbs'
  | 'accepts'
  | 'separators'
  | 'quantityAfter'
  | 'quantityBefore'
  | 'takeOutVerbs'
  | 'takeOutParticles'
  | 'intoCart'
  | 'cartDeterminers'
>;

/** Words about the catalogue's values: price bounds, rankings ("cheapest"), facts of one item. */
export type Filters = Pick<
  Lexicon,
  | 'maximum'
  | 'minimum'
  | 'maximumAfter'
  | 'minimumAfter'
  | 'boundNegations'
  | 'complements'
  | 'between'
  | 'pluralInFilters'
  | 'filterNegations'
  | 'rankingsExact'
  | 'rankings'
  | 'fieldRanking'
  | 'rankingInverts'
  | 'lasting'
  | 'forHowMany'
  | 'rankingWords'
  | 'priceWords'
  | 'factWords'
  | 'amountQuestions'
  | 'roleNames'
>;

/** Closed word classes: filler, lead-ins, question words, negations, pronouns, "all", "one". */
export type WordClasses = Pick<
  Lexicon,
  | 'filler'
  | 'vocabularyFiller'
  | 'leadIns'
  | 'yesNoStarts'
  | 'whichStarts'
  | 'questionStarts'
  | 'questionPhrases'
  | 'about'
  | 'cartQuestions'
  | 'offerQuestions'
  | 'negations'
  | 'answerOpenings'
  | 'doubts'
  | 'selfWords'
  | 'oneWords'
  | 'one'
  | 'definite'
  | 'clauseJoins'
  | 'theOne'
  | 'narrowing'
  | 'fresh'
  | 'other'
  | 'takeBack'
  | 'pronouns'
  | 'demonstratives'
  | 'every'
  | 'everyPhrases'
  | 'comparePronouns'
  | 'all'
>;

/** A language as its folder holds it: one piece per file. */
export interface LanguagePieces {
  reading: Reading;
  counting: Counting;
  requests: Requests;
  filters: Filters;
  words: WordClasses;
  smallTalk: SmallTalkWords;
}

/** The lexicon a language's pieces make. */
export function assemble(pieces: LanguagePieces): Lexicon {
  return {
    ...pieces.reading,
    ...pieces.counting,
    ...pieces.requests,
    ...pieces.filters,
    ...pieces.words,
    smallTalk: pieces.smallTalk,
  };
}
