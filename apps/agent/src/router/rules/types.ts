// What a rule of the router's table reads, and what it answers.
import type { RouterCatalog } from '../catalog.js';
import type { ConversationContext } from '../context.js';
import type { ItemLookup, Route } from '../route.js';
import type { Lexicon } from '@svc/languages/router';
import type { Operation } from '../../tools.js';

/** A rule's answer that hands the turn to the model and stops the table ("which is better?"). */
export const TO_MODEL = { kind: 'model' } as const;

/** What a rule answers: a route, the model's turn, or `undefined` to let the next rule try. */
export type RuleAnswer = Route | typeof TO_MODEL | undefined;

/** The slots of a search the words fill: its filters, its query words, and what they say of it. */
export interface SearchSlots {
  filters: Record<string, unknown>;
  query: string;
  /** A catalogue word said in the plural ("tents"): several items are meant. */
  plural: boolean;
  /** Words or filters that match nothing shown: a new subject, not a pick among the shown. */
  newSubject: boolean;
  /**
   * All the words of a search that names no kind and says words the catalogue does not know
   * (see `describedQuery`): what the search sends, for the collection to read by meaning.
   */
  described?: string;
}

/** One utterance as every rule reads it: computed once, in the order the words came. */
export interface Reading {
  tokens: string[];
  context: ConversationContext;
  catalog: RouterCatalog;
  lexicon: Lexicon;
  lookup: ItemLookup | undefined;
  /** Whether the words hold any of the phrases. */
  has: (phrases: readonly string[]) => boolean;
  /** The first word that says something (after lead-ins such as "so", "well"). */
  opening: string;
  /** The index of {@link opening}. */
  start: number;
  /** A question ("what about the blue ones" asks to be shown, not told). */
  asks: boolean;
  /** The words end with a question mark, as typed or as the recognizer wrote them. */
  questionMark: boolean;
  /** "Do not buy it". */
  negated: boolean;
  /** Whether a word names the cart (or a recognizer's "car" for it, where no cars are sold). */
  isCart: (token: string) => boolean;
  mentionsCart: boolean;
  /** Whether the words name anything of the catalogue besides a parting's own words. */
  catalogueWords: (words: string[]) => boolean;
  /** Nothing shown, compared, focused or in the cart yet. */
  nothingShown: boolean;
  /**
   * Words (stemmed) of the scenario's tools the router does not own (custom tools, tools with
   * their own parameters): a turn that says one is the model's.
   */
  unownedWords: ReadonlySet<string>;
  /** The search slots, read on first use (most turns are decided before they are needed). */
  slots: () => SearchSlots;
}

/** One entry of the router's table. */
export interface Rule {
  /** Stable name of the rule (`cart.remove`), recorded with each turn it decides. */
  id: string;
  /**
   * The tool operations it serves: the rule is in a scenario's table when the scenario has a tool
   * of one of them. None: a guard that hands turns to the model, in every table that has rules.
   */
  operations: readonly Operation[];
  /** Higher runs first; the first rule that answers decides the turn. */
  priority: number;
  match: (reading: Reading) => RuleAnswer | Promise<RuleAnswer>;
}

/**
 * What a feature reads of a request once the request is known to be of one of its operations (the
 * model named it, see `../chooser.ts`): the item, the count, the search's words. `undefined` when
 * the words do not say enough to act on; the model then answers the turn itself.
 */
export type SlotReader = (reading: Reading) => Route | undefined | Promise<Route | undefined>;

/** A feature's slot readers, by operation. */
export type SlotReaders = Partial<Record<Operation, SlotReader>>;
