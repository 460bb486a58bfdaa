// How shoppers ask, per language: one table of words and phrasings the router reads a request
// by, chosen by the conversation's base language. The router's logic is the same in every
// language; only these words differ. Words of the catalogue (item names, filter values) come from
// the scenario, whatever its language.
import type { FieldRole } from '@svc/protocol';
import type { WeightUnit } from '@svc/protocol/agent';

/** The roles a visitor ranks by ("cheapest", "lightest", "best rated"). */
export type RankedRole = Extract<FieldRole, 'price' | 'weight' | 'rating'>;

/** A numeric field a visitor may rank by naming it ("the biggest screen"), as its label says it. */
export interface NamedField {
  /** Its filter key: the item field a ranking by it reads. */
  field: string;
  /** The stems of its label's words ("screen", "size", "inch" for "Screen size (inches)"). */
  stems: ReadonlySet<string>;
}

/** An attribute a visitor ranks by ("cheapest", "lightest"), and the item field it reads. */
export interface Ranking {
  /** Comparative and superlative words. */
  words: string[];
  /**
   * Plain forms ("billig", "barata") that rank only in a question opening with "which"
   * ("welcher ist billig?" is the cheapest one; "ist es billig?" asks a fact of one item).
   */
  plain?: string[];
  /** Lowest first (`cheapest`) or highest first (`best rated`). */
  order: 'ascending' | 'descending';
  /**
   * The role of the field it reads: `price` for "cheapest". None: a ranking by a field the words
   * name (see {@link Lexicon.fieldRanking}), whose `field` is set where it is read.
   */
  role?: RankedRole;
  /**
   * The item field that plays that role, as the collections declare it (see
   * `withRoleFields` in catalog.ts); none when no collection does, and then it ranks nothing.
   */
  field?: string | undefined;
  /** How a reply names the top of it, spelled for the voice ("le moins cher"); English derives it. */
  label?: string;
}

/** Number words, read as one number ("a hundred and fifty", "cent cinquante", "doscientos"). */
export interface NumberWords {
  /** 0 to 19 (and whatever else a language writes as one word: "veintiuno", "quatre vingt"). */
  units: Readonly<Record<string, number>>;
  /** Multiples of ten. */
  tens: Readonly<Record<string, number>>;
  /** Whole hundreds written as one word, added as they are ("doscientos", "cien"). */
  hundreds: Readonly<Record<string, number>>;
  /** Words that multiply what is before them by a hundred ("hundred", "cent", "hundert"). */
  hundred: readonly string[];
  /** Words that multiply what is before them by a thousand. */
  thousand: readonly string[];
  /** Words that join parts of one number ("and", "et", "y", "und"). */
  joiners: readonly string[];
  /** An article that stands for one before a multiplier ("a hundred"). */
  article: readonly string[];
  /** Words that are numbers only before a multiplier ("one", "une", "ein"): else left as words. */
  ambiguous: ReadonlySet<string>;
  /** Whether a joiner puts the unit before the tens ("fünf und zwanzig"), not after them. */
  unitsBeforeTens?: boolean;
  /** A number written as one compound word ("fünfundzwanzig"), if the language writes them so. */
  compound?: (word: string) => number | undefined;
  /**
   * A half said with a number or a unit: `after` it adds one to the number or the unit before it
   * ("a kilo and a half", "deux kilos et demi", "kilo y medio"); `before` a unit (and its article)
   * it is half of one ("half a pound", "un demi kilo", "ein halbes Kilo").
   */
  halves: { after: readonly string[]; before: readonly string[] };
}

/**
 * How a language says a time of day: "at 8", "half past seven", "ten thirty at night", "19h30",
 * "à huit heures et demie", "a las siete y media de la tarde", "um halb acht". Phrases are words
 * as `segmentWords` splits them, lower case, accents folded where the language folds them.
 */
export interface ClockWords {
  /** Words before a bare hour that make it a time ("at" 8, "à" 8, "a las" 8, "um" 8). */
  at: readonly string[];
  /** Words after an hour that mark it one ("o clock", "heures", "h", "horas", "uhr"). */
  hour: readonly string[];
  /** Phrases near a time that put it after noon ("pm", "in the evening", "at night"). */
  afternoon: readonly string[];
  /** Phrases near a time that put it before noon ("am", "in the morning"). */
  morning: readonly string[];
  /** Noon and midnight as words. */
  noon: readonly string[];
  midnight: readonly string[];
  /**
   * Phrases before an hour, with the minutes they add to it: "half past" 30, "quarter to" -15,
   * British "half" (seven) 30, German "halb" (acht) -30.
   */
  beforeHour: Readonly<Record<string, number>>;
  /** Phrases after an hour, with the minutes they add: "et demie" 30, "menos cuarto" -15. */
  afterHour: Readonly<Record<string, number>>;
  /** Words between minutes and the hour they are after ("twenty past eight", "zehn nach acht"). */
  past: readonly string[];
  /** Words between minutes and the hour they are before ("ten to nine", "zehn vor neun"). */
  to: readonly string[];
  /** Words between an hour and minutes after it ("ocho y veinte") or before it ("nueve menos diez"). */
  plus: readonly string[];
  minus: readonly string[];
}

/** Greetings, thanks and "what can you do", as words. */
export interface SmallTalkWords {
  /** Whole utterances that are greetings misheard ("bye there" for "hi there"). */
  misheard: readonly string[];
  /** Words that carry nothing in small talk ("there", "everyone"). */
  ignored: readonly string[];
  howAreYou: readonly string[];
  /** An utterance of only these is a greeting. */
  greetings: readonly string[];
  /** An utterance of only these, with one of `thanks`, is thanks. */
  thanksWords: readonly string[];
  thanks: readonly string[];
  help: readonly string[];
  /** Words a bare "can you help" may have besides filler. */
  helpWords: readonly string[];
}

/**
 * A language's demonstratives (and the personal pronouns it points with) as its grammar inflects
 * them: each number's forms by gender (or case), every cell written out. They are grammar, not
 * phrasings: the router reads each of them, whatever gender the item's noun has.
 */
export interface Demonstratives {
  /** The item in focus ("that", "esa", "celle-ci", "dieses"). */
  singular: Readonly<Record<string, readonly string[]>>;
  /** The items shown ("those", "esas", "ceux", "diese"). */
  plural: Readonly<Record<string, readonly string[]>>;
}

/** A Snowball stemmer as `@orama/stemmers` exports one: the algorithm and its language's name. */
export interface Snowball {
  stemmer: (word: string) => string;
  /** The language's English name in lower case ("french"). */
  language: string;
}

/** A language's words for the router. English's reproduce the router's first, English-only lists. */
export interface Lexicon {
  /** Base language ("en", "fr", "es", "de"). */
  code: string;
  /** Rewrites applied to the lower-cased utterance before it is split (contractions, elisions). */
  contractions: readonly (readonly [RegExp, string])[];
  /** Whether an item named by one long compound word is named when that word is said (German). */
  compoundNames: boolean;
  /** Whether nouns keep their capital inside a sentence (German). */
  nounsCapitalized: boolean;
  /**
   * Whether a word neither the shop's nor the language's is read as the known word one or two
   * letters from it (`hearing.ts`): the multilingual recognizer's near misses ("tantes" for
   * "tentes"). English's recognizer is prompted and tuned on English and its misses are not near.
   */
  repairsHearing: boolean;
  /**
   * The openings of words that sound alike, for {@link repairsHearing}: a near miss keeps its first
   * sound, not always its first letter. `groups`: letters that open words the same way ("bv" in
   * Spanish: "votas" is heard for "botas"); `silentH`: a word heard with or without its opening "h"
   * ("ornillo" for "hornillo").
   */
  soundAlikeStarts: { groups: readonly string[]; silentH: boolean };
  /** Whether letters are folded to ASCII ("campaña" reads as "campana", "ß" as "ss"). */
  foldAccents: boolean;
  /** The currency word a written amount gets ("$40" -> "40 dollars", "40 €" -> "40 euros"). */
  currencies: readonly (readonly [RegExp, string])[];
  numbers: NumberWords;
  /** The Snowball stemmer the language's words are compared by. */
  stemmer: Snowball;
  /**
   * The language's own step before the stemmer, for forms Snowball keeps apart and the router must
   * not: French brings an adjective to its masculine singular ("légère" -> "leger").
   */
  agreement?: (word: string) => string;
  /**
   * A word's form for comparing, its Snowball stem: "tents" and "tent", "chaussures" and
   * "chaussure", "Schlafsäcke" and "Schlafsack" meet. Every side of a comparison (the visitor's
   * words, the catalogue's, the lexicon's phrases) goes through it.
   */
  stem: (word: string) => string;
  /** Whether a catalogue word is said in the plural (`surface`: the catalogue's own spellings). */
  plural: (word: string, surface: ReadonlySet<string>) => boolean;
  /** Words that carry no meaning of their own for a search. */
  filler: ReadonlySet<string>;
  end: readonly string[];
  /** Partings that are only partings in a short utterance ("nice day"). */
  shortEnd: readonly string[];
  offer: readonly string[];
  cart: readonly string[];
  /** A word recognizers write for the cart word ("car"), read as the cart when the shop has none. */
  misheardCart: readonly string[];
  add: readonly string[];
  remove: readonly string[];
  /** Verbs of exchanging what was put in the cart for another ("swap", "échange", "tausche"). */
  swap: readonly string[];
  showCart: readonly string[];
  /** Words for what the cart adds up to ("total"): asking for it is asking for the cart. */
  cartTotal: readonly string[];
  compare: readonly string[];
  display: readonly string[];
  search: readonly string[];
  /** The one search phrase that is also a question word ("what"): no search on its own in a question. */
  questionSearch: readonly string[];
  maximum: readonly string[];
  minimum: readonly string[];
  /** Bounds said after the amount ("199 euros maximum"). */
  maximumAfter: readonly string[];
  minimumAfter: readonly string[];
  /**
   * Words that turn a bound said after them around ("nothing over 130", "not under 50"): a limit
   * the visitor puts on what they want, the other way. Not a bare "no", which also answers the
   * agent ("no, over 100").
   */
  boundNegations: readonly string[];
  /**
   * Prepositions of a complement ("a light for the tent", "une lampe pour la tente"): a kind
   * named after one, within two words, is where or what the item sought is for, when a word of
   * what the item is comes before it.
   */
  complements: readonly string[];
  /** "between 40 and 80". */
  between: readonly string[];
  leadIns: ReadonlySet<string>;
  again: readonly string[];
  /**
   * Words that give a new count of an item the visitor already has ("make it two", "que sean
   * dos"): the count is how many they want, not how many more.
   */
  setQuantity: readonly string[];
  /** Words that make a count one of more of the same ("two more", "zwei weitere"). */
  more: readonly string[];
  yesNoStarts: ReadonlySet<string>;
  /** "Which": a question that opens so and names a kind nobody has shown asks for that kind. */
  whichStarts: ReadonlySet<string>;
  questionStarts: ReadonlySet<string>;
  /** Phrases that make an utterance a question wherever they are ("la première est-elle ..."). */
  questionPhrases: readonly string[];
  /** The word after a question word that makes it a request ("what about", "et les rouges"). */
  about: readonly string[];
  /** Question words that open a question about the cart, not an addition to it. */
  cartQuestions: readonly string[];
  /** Opening words of "what do you sell". */
  offerQuestions: readonly string[];
  negations: readonly string[];
  /**
   * The words a yes-or-no answer opens with ("yes", "of course", "no"), as a reply says them: a
   * reply opening so answers the visitor's question outright.
   */
  answerOpenings: readonly string[];
  /**
   * Words a sentence says it does not know with ("not sure", "je ne sais pas"): such a sentence
   * asserts nothing, whatever of the visitor's words it repeats.
   */
  doubts: readonly string[];
  /**
   * Words by which a sentence says the speaker does something ("I", "we", "let me"; "je", "ich"):
   * "I will open a ticket" says the agent does it, "open a ticket if it fails" tells the visitor to.
   */
  selfWords: readonly string[];
  /** Requests always left to the model ("why ...", "empty my cart"), whatever else they say. */
  toModel: readonly string[];
  /**
   * Whether a plural said counts in a filter's words too ("las tiendas de campaña" is every tent,
   * not the one whose name has most of those words).
   */
  pluralInFilters: boolean;
  /** A word before a yes-or-no filter that denies it ("not waterproof"). */
  filterNegations: readonly string[];
  /** Verbs that add an item to the cart without naming the cart ("buy", "take"). */
  buyVerbs: readonly string[];
  /**
   * Words said after an item to take it ("the second one is fine", "that one will do"): the item
   * pointed at is the visitor's choice, as with a verb of buying.
   */
  accepts: readonly string[];
  /** "one", "ones": an item meant, not the one in focus. */
  oneWords: readonly string[];
  /** Words that make a ranking pick one item ("the cheapest one", "le moins cher"). */
  one: readonly string[];
  /**
   * Singular definite determiners ("the", "that"): "the blue one" is one of the items shown,
   * where "a blue one" or "one in blue" asks for any.
   */
  definite: readonly string[];
  /**
   * Words that join two requests of one turn ("take the lamp out and look for a stove"), longest
   * first: each side is read as a request of its own.
   */
  clauseJoins: readonly string[];
  theOne: readonly string[];
  narrowing: readonly string[];
  /** Words that start a search afresh ("everything", "anything else"). */
  fresh: readonly string[];
  /**
   * "The other one" of two: the words that, with a definite word or "one", mean the item of a pair
   * that is not the one in mind ("the other one", "l'autre", "la otra", "das andere").
   */
  other: readonly string[];
  /** The words a correction opens with ("no, the green one", "nein, ..."). */
  takeBack: readonly string[];
  ordinals: Readonly<Record<string, number>>;
  /** Words for the last position. */
  last: readonly string[];
  /** "number 3". */
  numberWord: readonly string[];
  /** An ordinal followed by these words is not a position ("first of all", "zum ersten Mal"). */
  notOrdinal: readonly string[];
  pronouns: readonly string[];
  /**
   * The demonstratives by number and gender: the singular ones are among `pronouns`, the plural
   * ones among `every` and `comparePronouns` (a test holds every language to it).
   */
  demonstratives: Demonstratives;
  rankings: readonly Ranking[];
  /**
   * Words that rank by a numeric field the visitor names by its label's words, highest first
   * (`more`: "most", "biggest", "longest") or lowest first (`less`: "least", "smallest"): "the one
   * with the most storage" ranks by a collection's "Storage (GB)", whatever the catalogue. As
   * said, accents folded where the language folds them.
   */
  fieldRanking: { more: readonly string[]; less: readonly string[] };
  /**
   * Words beside a ranking's word that turn it around ("pesa menos", "la que menos pesa", "less
   * expensive"): the item with the least of what the word says. As said, accents folded.
   */
  rankingInverts: readonly string[];
  /**
   * A numeric field measured in time (its label's unit is one of `units`: "Battery life (hours)",
   * "Burn time (min)") is named by the verbs of lasting too (`verbs`: "lasts", "runs"): "the one
   * that lasts longest" ranks by it as "the longest battery life" does. As said, accents folded.
   */
  lasting: { units: readonly string[]; verbs: readonly string[] };
  /**
   * "A tent for two", "pour deux personnes": a number after a word of `before`, and then nothing,
   * filler or a word of `after`, says for how many the item is. Where item names spell that
   * number ("Two Person Tent", "Tente deux places"), it is a word of the search, not a count.
   */
  forHowMany: { before: readonly string[]; after: readonly string[] };
  /**
   * The catalogue's numeric fields no role ranking reads, which {@link fieldRanking} words rank
   * by; set per catalogue (`routerCatalog`), none in a language's own lexicon.
   */
  namedFields?: readonly NamedField[];
  /** Whether ranking words match as said, not by their comparing form (German comparatives). */
  rankingsExact: boolean;
  /**
   * Words that rank and so are no search words ("cheapest", "top"), as said or in the form the
   * language's `agreement` brings them to ("légères" is "leger"). Not by stem: "tops" is no "top".
   */
  rankingWords: ReadonlySet<string>;
  /** Words that name the price besides its field's name (currencies, "cost"). */
  priceWords: readonly string[];
  /**
   * Weight units as said after an amount ("2 pounds"), by the unit they name: an amount read for
   * a `weight` field is converted to the unit the field is kept in.
   */
  weightUnits: Readonly<Record<string, WeightUnit>>;
  /** How a time of day is said (a booking's "half past seven"). */
  clock: ClockWords;
  /**
   * Questions for a fact of one item that its card shows: its price or weight ("how much",
   * "what does it weigh"). A yes-or-no field of the catalogue ("waterproof") asks one too.
   */
  factWords: readonly string[];
  /**
   * The words of `factWords` that ask an amount of anything ("how much", "combien"): beside a word
   * nothing reads they ask about that ("how much RAM", "combien de temps"), not about a price.
   */
  amountQuestions: readonly string[];
  /**
   * Words that name a field by the role it plays ("colour", "couleur", "Gewicht"): a question with
   * one asks what the items' data holds, whatever the field's label says.
   */
  roleNames: Readonly<Record<FieldRole, readonly string[]>>;
  /** Words that mean every item they name ("both", "all"). */
  every: ReadonlySet<string>;
  /** Phrases that do ("les deux", as words "les 2"). */
  everyPhrases: readonly string[];
  /** "Compare them": words that mean the items shown. */
  comparePronouns: readonly string[];
  /** Words for all ("compare them all"). */
  all: readonly string[];
  /** The ordinal words of the first position that take a count ("the first two"). */
  first: readonly string[];
  /** Whether the count may come before them too ("les deux premières"). */
  countBeforeFirst: boolean;
  /** Words for three ("compare the three"). */
  three: readonly string[];
  /** Words that separate the subjects of a comparison ("and", "or", "versus"). */
  separators: readonly string[];
  /** Words after a number that make it a quantity ("2 of them", "3 pairs"). */
  quantityAfter: readonly string[];
  /** Words before a number that make it a quantity ("add 2"). */
  quantityBefore: readonly string[];
  /** A removal whose verb is split around the item ("take the socks out"): verbs and particles. */
  takeOutVerbs: readonly string[];
  takeOutParticles: readonly string[];
  /** "to my cart": prepositions and determiners before the cart word. */
  intoCart: readonly string[];
  cartDeterminers: readonly string[];
  /** Words dropped from the catalogue's vocabulary (articles and prepositions of item names). */
  vocabularyFiller: readonly string[];
  smallTalk: SmallTalkWords;
  /** Corrections of this language's usual mishearings, on the words. */
  heard?: (tokens: string[]) => string[];
}

/** Letters folded to ASCII: accents dropped, ligatures and ß spelled out. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

/**
 * A word function remembered per word: the router compares every word with every phrase, so a
 * stemmer runs on the same few hundred words turn after turn. The memory is bounded.
 */
export function remembered(
  read: (word: string) => string,
  limit = 20_000,
): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    let form = known.get(word);
    if (form === undefined) {
      if (known.size >= limit) known.clear();
      form = read(word);
      known.set(word, form);
    }
    return form;
  };
}
