// What the router knows of a scenario: which tool does what, and the words of its collection
// (filter values, item names, attributes). Derived from the scenario, so another shop's
// catalogue routes the same way without a list written for it.
import type { Collection } from '@svc/protocol';
import type { Operation } from '../tools.js';
import { english, lexiconFor } from './languages/index.js';
import type { Lexicon } from './lexicon.js';
import { words } from './text.js';

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
  /** The option's label and value as words (singular forms compare equal). */
  phrases: string[][];
}

/** A number filter (price and the like). */
export interface NumberField {
  key: string;
  /** Words that name it ("price", "cost", "dollars"). */
  words: string[];
}

/** A boolean filter as the words a visitor uses for it ("waterproof", "in stock"). */
export interface BooleanField {
  key: string;
  phrases: string[][];
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
  /** Item fields that hold it, first match wins. */
  fields: RegExp;
  /** How a reply names the top of it, spelled for the voice ("le moins cher"); English derives it. */
  label?: string;
}

/** The scenario's vocabulary for the router. */
export interface RouterCatalog {
  language: string;
  /** The words of the conversation's language; none when the router does not speak it. */
  lexicon: Lexicon | undefined;
  tools: RoutedTool[];
  enums: EnumWords[];
  numbers: NumberField[];
  booleans: BooleanField[];
  /** Words of item names (singular), to tell a catalogue search from small talk. */
  vocabulary: Set<string>;
  /** The words of item names as written (before the singular), to tell a plural said. */
  surface: Set<string>;
  /** Item names as words, to find an item named in full or in part. */
  itemNames: string[][];
  /** Enum filters that name a kind of item (a category): a new one starts a new search. */
  kinds: Set<string>;
  /** The kinds of item the shop has, as their labels ("what do you sell"). */
  offer: string[];
}

/** A filter that sorts items into kinds, by its key or name. */
const KIND_FIELD = /categor|^type$|^kind$|department|section|^class$/i;

/** Builds the router's catalogue from the scenario's tools, collections and item names. */
export function routerCatalog(options: {
  language: string;
  tools: RoutedTool[];
  collections: Collection[];
  itemNames: string[];
}): RouterCatalog {
  const lexicon = lexiconFor(options.language);
  // A language without a lexicon routes nothing; its catalogue is read as English would.
  const read = lexicon ?? english;
  const { singular } = read;
  // Kinds are said inside a sentence: lower case, but German nouns keep their capital.
  const kindName = (label: string) => (read.nounsCapitalized ? label : label.toLowerCase());
  const enums: EnumWords[] = [];
  const numbers: NumberField[] = [];
  const booleans: BooleanField[] = [];
  const kinds = new Set<string>();
  const offer: string[] = [];
  for (const collection of options.collections) {
    for (const field of collection.filter_fields ?? []) {
      if (
        field.field_type === 'enum' &&
        (KIND_FIELD.test(field.filter_key) || KIND_FIELD.test(field.name))
      ) {
        kinds.add(field.filter_key);
        for (const option of field.enum_options ?? [])
          offer.push(kindName(option.label || String(option.value)));
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
        // The price is named by the currency's words too ("under 60 dollars", "unter 60 Euro").
        numbers.push({
          key: field.filter_key,
          words: [...own, ...(field.filter_key === 'price' ? read.priceWords : [])],
        });
      } else if (field.field_type === 'boolean') {
        const name = words(field.name, read);
        const key = words(field.filter_key.replace(/_/g, ' '), read);
        booleans.push({ key: field.filter_key, phrases: [name, key] });
      }
    }
  }
  const itemNames = options.itemNames.map((name) => words(name, read));
  const vocabulary = new Set<string>();
  const surface = new Set<string>();
  // Item names are singular as a rule; filter labels are often plural ("Zelte"), so only the
  // names say how a word is written in the singular.
  for (const name of itemNames)
    for (const word of name) {
      vocabulary.add(singular(word));
      surface.add(word);
    }
  for (const option of enums)
    for (const phrase of option.phrases) for (const word of phrase) vocabulary.add(singular(word));
  for (const collection of options.collections)
    for (const word of words(collection.description ?? '', read)) vocabulary.add(singular(word));
  for (const filler of read.vocabularyFiller) vocabulary.delete(singular(filler));
  return {
    language: options.language,
    lexicon,
    tools: options.tools,
    enums,
    numbers,
    booleans,
    vocabulary,
    surface,
    itemNames,
    kinds,
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

/** The scenario's tool for an operation, if it has one. */
export function toolFor(catalog: RouterCatalog, operation: Operation): RoutedTool | undefined {
  return catalog.tools.find((tool) => tool.operation === operation);
}
