// English's closed word classes: filler, lead-ins, question words, negations, pronouns.
import { LEAD_INS, QUESTION_STARTS, YES_NO_STARTS } from './phrases.js';
import type { Demonstratives } from '../../router/lexicon.js';
import type { WordClasses } from '../../router/pieces.js';
import { formsOf } from '../../router/shared.js';

/** English's demonstratives: no gender, one form per number, and the pronouns they stand beside. */
const demonstratives: Demonstratives = {
  singular: { any: ['this', 'that', 'it'] },
  plural: { any: ['these', 'those', 'them'] },
};

/** English's closed word classes. */
export const words: WordClasses = {
  filler: new Set(
    (
      'a an the some any me my i you we us our your please can could would will do does did is are am ' +
      'be have has had got get need want wanted like looking look for find search show see tell give ' +
      'there here this that these those one ones of to in on at with and or but so just also really maybe ' +
      'about what which kind kinds sort type types something anything stuff thing things item items ' +
      'product products hi hello hey okay ok well um uh er let us let now then again ' +
      'what is it they them how much many sell selling carry offer available have got'
    ).split(' '),
  ),
  leadIns: LEAD_INS,
  yesNoStarts: YES_NO_STARTS,
  whichStarts: new Set(['which', 'what']),
  questionStarts: QUESTION_STARTS,
  questionPhrases: [],
  about: ['about'],
  cartQuestions: ['what', 'which', 'how', 'is', 'are', 'do', 'does', 'why'],
  offerQuestions: ['what'],
  negations: ['not', 'never'],
  answerOpenings: [
    'yes',
    'yeah',
    'yep',
    'sure',
    'certainly',
    'absolutely',
    'of course',
    'no',
    'nope',
  ],
  doubts: [
    'not sure',
    'unsure',
    'do not know',
    'no information',
    'not certain',
    'cannot say',
    'can not say',
    'cannot tell',
    'can not tell',
    'no idea',
  ],
  selfWords: ['i', 'we', 'let me', 'let us'],
  oneWords: ['one', 'ones'],
  one: ['one'],
  definite: ['the', 'this', 'that'],
  clauseJoins: ['and then', 'and', 'then'],
  theOne: ['the one', 'that one'],
  narrowing: ['just', 'only'],
  fresh: ['everything', 'all', 'anything else', 'other', 'else'],
  other: ['other'],
  takeBack: ['no', 'nope'],
  pronouns: [...formsOf(demonstratives.singular), 'that one', 'this one', 'the one'],
  demonstratives,
  every: new Set(['both', 'all', ...formsOf(demonstratives.plural)]),
  everyPhrases: [],
  comparePronouns: [...formsOf(demonstratives.plural), 'both', 'the two', 'the three', 'all'],
  all: ['all'],
  vocabularyFiller: ['and', 'the', 'for', 'with', 'in', 'of', 'a'],
};
