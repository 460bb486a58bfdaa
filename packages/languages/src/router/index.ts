// What the router reads requests with: the type of a language's lexicon, the lexicons of the
// registered languages, and the helpers their tables are written with.
export {
  foldAccents,
  type ClockWords,
  remembered,
  type Demonstratives,
  type Lexicon,
  type NamedField,
  type NumberWords,
  type RankedRole,
  type Ranking,
  type SmallTalkWords,
  type Snowball,
} from './lexicon.js';
export { english, lexiconFor, ROUTER_LANGUAGES } from './languages.js';
export { languageOf } from '../languages.js';
export { assemble } from './pieces.js';
export { formsOf, inflect, list, ordinalTable, stemmedBy, units } from './shared.js';
export { masculineSingular } from '../fr/router/agreement.js';
