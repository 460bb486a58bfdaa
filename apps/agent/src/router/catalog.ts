// What the router knows of a scenario: which tool does what, and the words of its collection
// (filter values, item names, attributes). Derived from the scenario, so another shop's
// catalogue routes the same way without a list written for it.
import { FIELD_ROLES, type Collection, type FieldRole } from '@svc/protocol';
import {
  fieldWithRole,
  isWeightUnit,
  MEANING_SEARCH_LANGUAGES,
  type WeightUnit,
} from '@svc/protocol/agent';
import type { Operation } from '../tools.js';
import {
  english,
  languageOf,
  lexiconFor,
  type Lexicon,
  type NamedField,
} from '@svc/languages/router';
import { compoundHeadsOf } from '@svc/protocol/agent';
import { nameWords, words } from './text.js';

/** A tool the router may call, with what it does. */
export interface RoutedTool {
  name: string;
  operation: Operation;
  collection: Collection | undefined;
}

/** An enum filter's option as words. */
export interface EnumWords {
  key: string;
  value: string;
  /** The option's label and value as words (stems compare equal). */
  phrases: string[][];
}

/** A number filter (price and the like). */
export interface NumberField {
  key: string;
  /** Words that name it: its name, and its role's ("dollars" for a price, "pounds" for a weight). */
  words: string[];
  /** The role the collection declares for it, if any. */
  role?: FieldRole | undefined;
  /** The unit a `weight` field is kept in: an amount said in another unit is converted to it. */
  weightUnit?: WeightUnit | undefined;
}

/** A field that plays a role, as a collection declares it. */
export interface RoleField {
  key: string;
  /** A weight's unit or a price's currency, when declared. */
  unit?: string | undefined;
}

/** The item field of each role the scenario's collections declare (the first declaration wins). */
export type RoleFields = Partial<Record<FieldRole, RoleField>>;

/** A boolean filter as the words a visitor uses for it ("waterproof", "in stock"). */
export interface BooleanField {
  key: string;
  phrases: string[][];
}

/** The scenario's vocabulary for the router. */
export interface RouterCatalog {
  language: string;
  /**
   * Whether the collection's search reads a description by meaning in this language
   * (`MEANING_SEARCH_LANGUAGES`): only then is a visitor's description sent whole.
   */
  readByMeaning: boolean;
  /**
   * The words of the conversation's language, its rankings reading the fields that play their
   * roles; none when the router does not speak it.
   */
  lexicon: Lexicon | undefined;
  /** The fields that play a role, as the collections declare them. */
  roles: RoleFields;
  tools: RoutedTool[];
  enums: EnumWords[];
  numbers: NumberField[];
  booleans: BooleanField[];
  /** Words of item names (stemmed), to tell a catalogue search from small talk. */
  vocabulary: Set<string>;
  /**
   * Words (stemmed) that name a filter field of the items: its label and key, and the language's
   * names of the role it plays ("colour" for a field labelled "Shade").
   */
  fieldWords: Set<string>;
  /** The words of item names as written (before the stemmer), to tell a plural said. */
  surface: Set<string>;
  /**
   * Numbers the item names hold, by value, as the names write them ("2" -> "two" for "Two Person
   * Tent", "2" -> "2" for "Tent 2P"): a search for "a tent for two" says the names' word.
   */
  numberNames: Map<string, string>;
  /** Item names as words, to find an item named in full or in part. */
  itemNames: string[][];
  /**
   * The stems of the words that say what kind each item is: in English the last word of its name
   * ("Wool Socks"), in French, Spanish and German the first ("Chaussettes en laine Summit",
   * "Wollsocken Summit"), whose names end with the brand.
   */
  nameKinds: Set<string>;
  /** Enum filters that name a kind of item (a category): a new one starts a new search. */
  kinds: Set<string>;
  /** The kinds of item the shop has, as their labels ("what do you sell"). */
  offer: string[];
  /** Each kind as a reply names it, by its filter value ("tents" -> "tentes"). */
  kindNames: Record<string, string>;
}

/** The fields that play each role in `collections`, by their declared `role`, never their names. */
export function roleFields(collections: readonly Collection[]): RoleFields {
  const roles: RoleFields = {};
  for (const role of FIELD_ROLES) {
    for (const collection of collections) {
      const field = fieldWithRole(collection, role);
      if (!field) continue;
      roles[role] = { key: field.filter_key, ...(field.unit ? { unit: field.unit } : {}) };
      break;
    }
  }
  return roles;
}

/** The lexicon with each ranking reading the field that plays its role, if one does. */
export function withRoleFields(lexicon: Lexicon, roles: RoleFields): Lexicon {
  return {
    ...lexicon,
    rankings: lexicon.rankings.map((ranking) => ({
      ...ranking,
      field: ranking.role ? roles[ranking.role]?.key : ranking.field,
    })),
  };
}

/** Builds the router's catalogue from the scenario's tools, collections and item names. */
export function routerCatalog(options: {
  language: string;
  tools: RoutedTool[];
  collections: Collection[];
  itemNames: string[];
}): RouterCatalog {
  const roles = roleFields(options.collections);
  const known = lexiconFor(options.language);
  const withRoles = known && withRoleFields(known, roles);
  // A language without a lexicon routes nothing; its catalogue is read as English would.
  const read = withRoles ?? english;
  const { stem } = read;
  // Kinds are said inside a sentence: lower case, but German nouns keep their capital.
  const kindName = (label: string) => (read.nounsCapitalized ? label : label.toLowerCase());
  const enums: EnumWords[] = [];
  const numbers: NumberField[] = [];
  const booleans: BooleanField[] = [];
  const kinds = new Set<string>();
  const offer: string[] = [];
  const kindNames: Record<string, string> = {};
  for (const collection of options.collections) {
    for (const field of collection.filter_fields ?? []) {
      if (field.field_type === 'enum' && field.role === 'category') {
        kinds.add(field.filter_key);
        for (const option of field.enum_options ?? []) {
          const name = kindName(option.label || String(option.value));
          offer.push(name);
          kindNames[String(option.value)] = name;
        }
      }
      if (field.field_type === 'enum') {
        for (const option of field.enum_options ?? []) {
          const phrases = [
            words(option.label, read),
            words(String(option.value).replace(/[-_]/g, ' '), read),
          ];
          enums.push({ key: field.filter_key, value: String(option.value), phrases });
        }
      } else if (field.field_type === 'number') {
        const own = words(field.name, read);
        // A price is named by the currency's words too ("under 60 dollars", "unter 60 Euro"), a
        // weight by its units ("under two pounds").
        const roleWords =
          field.role === 'price'
            ? read.priceWords
            : field.role === 'weight'
              ? Object.keys(read.weightUnits)
              : [];
        numbers.push({
          key: field.filter_key,
          words: [...own, ...roleWords],
          role: field.role,
          weightUnit: field.role === 'weight' && isWeightUnit(field.unit) ? field.unit : undefined,
        });
      } else if (field.field_type === 'boolean') {
        const name = words(field.name, read);
        const key = words(field.filter_key.replace(/_/g, ' '), read);
        booleans.push({ key: field.filter_key, phrases: [name, key] });
      }
    }
  }
  const fieldWords = new Set<string>();
  for (const collection of options.collections)
    for (const field of collection.filter_fields ?? []) {
      const named = [
        field.name,
        field.filter_key.replace(/_/g, ' '),
        ...(field.role ? read.roleNames[field.role] : []),
      ];
      for (const phrase of named) {
        const said = words(phrase, read);
        for (const word of said) fieldWords.add(stem(word));
        // "In stock" is one word as the router reads it ("instock").
        if (said.length > 1) fieldWords.add(stem(said.join('')));
      }
    }
  const itemNames = options.itemNames.map((name) => words(name, read));
  const numberNames = new Map<string, string>();
  for (const name of options.itemNames)
    for (const word of nameWords(name, read)) {
      const value = /^\d+$/.test(word) ? Number(word) : read.numbers.units[word];
      if (value !== undefined && !numberNames.has(String(value)))
        numberNames.set(String(value), word);
    }
  const vocabulary = new Set<string>();
  const surface = new Set<string>();
  // Item names are singular as a rule; filter labels are often plural ("Zelte"), so only the
  // names say how a word is written when it is meant as one.
  for (const name of itemNames)
    for (const word of name) {
      vocabulary.add(stem(word));
      surface.add(word);
    }
  for (const option of enums)
    for (const phrase of option.phrases) for (const word of phrase) vocabulary.add(stem(word));
  for (const collection of options.collections)
    for (const word of words(collection.description ?? '', read)) vocabulary.add(stem(word));
  for (const filler of read.vocabularyFiller) vocabulary.delete(stem(filler));
  // A language without a pack is read as English (above), its names too.
  const kindLast = (languageOf(options.language) ?? 'en') === 'en';
  const nameKinds = new Set(
    itemNames.flatMap((name) =>
      name.length > 0 ? [stem((kindLast ? name.at(-1) : name[0]) ?? '')] : [],
    ),
  );
  // "Socken" is a word of the catalogue's "Wollsocken", as the collection's search reads it: the
  // heads of its names' compounds that a visitor would say on their own.
  // The head of the word that says what an item is says it too: a "Stirnlampe" is a "Lampe".
  if (read.compoundNames)
    for (const name of itemNames)
      for (const [index, word] of name.entries())
        for (const head of compoundHeadsOf(word))
          if (head.length >= SPOKEN_HEAD && !/^[aeiouy]/.test(head)) {
            vocabulary.add(stem(head));
            if (index === (kindLast ? name.length - 1 : 0)) nameKinds.add(stem(head));
          }
  const lexicon = withRoles && { ...withRoles, namedFields: namedFields(numbers, withRoles) };
  return {
    language: options.language,
    readByMeaning: MEANING_SEARCH_LANGUAGES.includes(languageOf(options.language) ?? ''),
    lexicon,
    roles,
    tools: options.tools,
    enums,
    numbers,
    booleans,
    vocabulary,
    fieldWords,
    surface,
    numberNames,
    itemNames,
    nameKinds,
    kinds,
    kindNames,
    // Without a kind filter, the collections themselves are what the shop has.
    offer: [
      ...new Set(
        offer.length > 0
          ? offer
          : options.collections.map((collection) => kindName(collection.name)),
      ),
    ],
  };
}

/**
 * The numeric fields a visitor may rank by naming them ("the biggest screen"): those no role
 * ranking reads, each by the stems of its label's words that are neither filler nor a ranking word,
 * and, for a field measured in time, by the verbs of lasting ("the one that lasts longest").
 */
function namedFields(numbers: readonly NumberField[], lexicon: Lexicon): NamedField[] {
  const ranked = new Set(lexicon.rankings.map((ranking) => ranking.role));
  const { more, less } = lexicon.fieldRanking;
  const { units, verbs } = lexicon.lasting;
  return numbers
    .filter((number) => !(number.role && (ranked as Set<string>).has(number.role)))
    .map((number) => ({
      field: number.key,
      stems: new Set([
        ...number.words
          .filter(
            (word) =>
              word.length > 2 &&
              !/\d/.test(word) &&
              !lexicon.filler.has(word) &&
              !more.includes(word) &&
              !less.includes(word),
          )
          .map(lexicon.stem),
        ...(number.words.some((word) => units.includes(word)) ? verbs.map(lexicon.stem) : []),
      ]),
    }))
    .filter((field) => field.stems.size > 0);
}

/**
 * The shortest head of a catalogue compound the router takes for a word of it. The search indexes
 * every ending of four letters, but "ampe", "cken" or "ocken" (four letters, or a vowel first) are
 * no words anyone says, and as words of the catalogue they would turn the visitor's own compounds
 * into them (see `compoundTail` in hearing.ts).
 */
const SPOKEN_HEAD = 5;

/** The scenario's tool for an operation, if it has one. */
export function toolFor(catalog: RouterCatalog, operation: Operation): RoutedTool | undefined {
  return catalog.tools.find((tool) => tool.operation === operation);
}
