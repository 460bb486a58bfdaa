// The format of the understanding evaluation's sets: plain, JSON-friendly data that names its
// scenario and collections and, per turn, what the visitor types and the outcomes that would be
// right. Nothing here knows the demo shop's tool names: a tool outcome names the set's own tool,
// and `end` means whichever tool the scenario's end feature brings. The builders below only
// spell the data shorter; a set's fingerprint (its JSON) is what freezes it.
import { createHash } from 'node:crypto';

/** A language a set is written in. */
export type SetLanguage = 'en' | 'fr' | 'es' | 'de';

/** Which side of the split a conversation is on: worked on, or only run to report. */
export type SetPart = 'dev' | 'heldout';

/**
 * What a set measures: (a) the demo shop, (b) a second catalogue of another domain, (c) a
 * scenario that is not a shop, (d) questions outside what the scenario holds.
 */
export type SetKind = 'shop' | 'second-catalogue' | 'non-shop' | 'out-of-scope';

/** A JSON value, as arguments and item fields are. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A scenario as the admin API takes it (`POST /v1/admin/scenarios` without `application_id` and
 * `collection_ids`, which the runner fills in).
 */
export interface ScenarioBody {
  name: string;
  language: string;
  prompt: string;
  first_message: string;
  voice_stack?: string;
  voice?: Record<string, JsonValue>;
  limit?: number;
  features: {
    name: string | Record<string, string>;
    type: string;
    settings?: Record<string, JsonValue>;
    tools: {
      name: string;
      type: 'frontend' | 'server';
      description?: string;
      parameters?: Record<string, JsonValue>;
      settings?: Record<string, JsonValue>;
    }[];
  }[];
}

/** Where a set's scenario comes from: the demo shop's (in a language) or its own definition. */
export type ScenarioSource = { demo: SetLanguage } | { definition: ScenarioBody };

/**
 * Where a set's collection comes from: the demo catalogue (in a language) or a catalogue file of
 * `catalogues/` (a collection body as the admin API takes it, and its items).
 */
export type CollectionSource = { demo: SetLanguage } | { catalogue: string };

/** A condition on one value (an argument, an item's field). Strings compare case- and accent-folded. */
export type ValueCheck =
  | { equals: JsonValue }
  /** A string holding any of the words, or an array holding a value equal to one of them. */
  | { contains: string[] }
  | { atMost: number }
  | { atLeast: number }
  /** A clock time, however written ("3pm", "15:00", "15h"), equal to this `HH:MM`. */
  | { time: string }
  | { absent: true };

/** A condition on an item's fields. */
export type ItemCheck =
  ({ field: string } & ValueCheck) | { allOf: ItemCheck[] } | { anyOf: ItemCheck[] };

/**
 * Which items a visitor's words point at, resolved on what the page had been shown before the
 * turn: the n-th of the last list (1-based, negative from the end), the item in focus ("it"), the
 * shown one ranked first by a field, shown items, cart lines or catalogue items that match.
 */
export type Reference =
  | { shown: number }
  | { focus: true }
  | { ranked: { field: string; order: 'lowest' | 'highest' } }
  | { shownWhere: ItemCheck }
  | { cartWhere: ItemCheck }
  | { catalogueWhere: ItemCheck }
  | { anyOf: Reference[] };

/** A condition on a tool call's arguments. */
export type ArgumentCheck =
  | ({ arg: string } & ValueCheck)
  /** The argument (an id) is one of the items the reference means. */
  | { arg: string; refersTo: Reference }
  /** The argument (a list of ids) is exactly the items the references mean, in any order. */
  | { arg: string; refersToEach: Reference[] }
  | { anyOf: ArgumentCheck[] };

/** A condition on the items a tool call put on the page (its result's `items`). */
export type ShownCheck =
  /** At least one item shown, and each of them meets the check. */
  | { every: ItemCheck }
  /** At least one item shown meets the check. */
  | { some: ItemCheck }
  /** The first item shown meets the check. */
  | { first: ItemCheck }
  /** Nothing was shown (a search that found nothing fitting, rightly). */
  | { empty: true };

/** A condition on the cart after the turn (its lines, from the last cart the page was given). */
export type CartCheck = { has: ItemCheck; quantity?: number } | { lacks: ItemCheck };

/** One acceptable outcome of a turn. */
export type Outcome =
  /** A call of this tool whose arguments and shown items meet every check. */
  | { kind: 'tool'; tool: string; args?: ArgumentCheck[]; shows?: ShownCheck[] }
  /** A reply without any tool call. */
  | { kind: 'none' }
  /** A call of the tool the scenario's end feature brings. */
  | { kind: 'end' }
  /** The cart, after the turn, meets every check (however the agent got it there). */
  | { kind: 'cart'; checks: CartCheck[] }
  /**
   * The agent says it does not know or cannot say (a marker of `unknown-markers.ts` in its
   * reply), calls no tool, and says none of `mustNotSay` (words that would assert what the
   * scenario does not hold).
   */
  | { kind: 'unknown'; mustNotSay?: string[] }
  /**
   * The agent answers with a fact the scenario holds (its prompt, its collection's items): no tool
   * call, no "does not know" marker in its reply, at least one of `says` in it and none of
   * `mustNotSay` (words that would state a wrong value), compared case- and accent-folded as
   * `unknown` compares. The counterpart of `unknown`: a refusal here is a false "I don't know".
   */
  | { kind: 'fact'; says: string[]; mustNotSay?: string[] }
  /** Every one of these in the same turn (two requests in one turn). */
  | { kind: 'all'; of: Outcome[] };

/** One thing the visitor types, and the outcomes that would be right (any one of them). */
export interface SetTurn {
  say: string;
  accept: Outcome[];
}

/** A conversation: its turns in order, all on one side of the split. */
export interface SetConversation {
  id: string;
  part: SetPart;
  turns: SetTurn[];
}

/** An evaluation set. */
export interface EvalSet {
  /** Unique, with its version: a changed set is a new set with a new id. */
  id: string;
  kind: SetKind;
  language: SetLanguage;
  description: string;
  scenario: ScenarioSource;
  collections: CollectionSource[];
  conversations: SetConversation[];
}

/** The sha256 of a set's JSON: what its entry in `frozen.json` must equal. */
export function fingerprint(set: EvalSet): string {
  return createHash('sha256').update(JSON.stringify(set)).digest('hex');
}

// Builders: shorter spellings of the data above.

/** A turn: what the visitor types, and the outcomes that would be right. */
export const turn = (say: string, ...accept: Outcome[]): SetTurn => ({ say, accept });

/** A call of `tool`, with checks on its arguments and on what it showed. */
export const call = (
  tool: string,
  checks: { args?: ArgumentCheck[]; shows?: ShownCheck[] } = {},
): Outcome => ({ kind: 'tool', tool, ...checks });

/** A reply without a tool. */
export const none: Outcome = { kind: 'none' };

/** The scenario's end tool. */
export const end: Outcome = { kind: 'end' };

/** "I don't know / can't say", and none of `mustNotSay`. */
export const unknown = (...mustNotSay: string[]): Outcome =>
  mustNotSay.length > 0 ? { kind: 'unknown', mustNotSay } : { kind: 'unknown' };

/**
 * A fact the scenario holds, said in the reply: any one of `says` (every right way of writing it),
 * and none of `mustNotSay`.
 */
export const fact = (says: string[], mustNotSay: string[] = []): Outcome =>
  mustNotSay.length > 0 ? { kind: 'fact', says, mustNotSay } : { kind: 'fact', says };

/** Every outcome, in one turn. */
export const all = (...of: Outcome[]): Outcome => ({ kind: 'all', of });

/** The cart after the turn. */
export const cart = (...checks: CartCheck[]): Outcome => ({ kind: 'cart', checks });

/** A field equal to a value. */
export const is = (field: string, value: JsonValue): ItemCheck => ({ field, equals: value });

/** A field holding any of the words. */
export const has = (field: string, ...words: string[]): ItemCheck => ({ field, contains: words });

/** A number field at most `value`. */
export const atMost = (field: string, value: number): ItemCheck => ({ field, atMost: value });

/** A number field at least `value`. */
export const atLeast = (field: string, value: number): ItemCheck => ({ field, atLeast: value });

/** Every check. */
export const allOf = (...checks: ItemCheck[]): ItemCheck => ({ allOf: checks });

/** Any check. */
export const anyOf = (...checks: ItemCheck[]): ItemCheck => ({ anyOf: checks });

/** Every item shown meets the check. */
export const every = (check: ItemCheck): ShownCheck => ({ every: check });

/** Some item shown meets the check. */
export const some = (check: ItemCheck): ShownCheck => ({ some: check });

/** The call showed no item. */
export const nothingShown: ShownCheck = { empty: true };

/** The n-th item of the last list (1-based; -1 the last). */
export const shown = (position: number): Reference => ({ shown: position });

/** The item "it" means. */
export const focus: Reference = { focus: true };

/** The shown item ranked first by a field. */
export const ranked = (field: string, order: 'lowest' | 'highest'): Reference => ({
  ranked: { field, order },
});

/** The shown items that meet a check ("the green one"). */
export const shownWhere = (check: ItemCheck): Reference => ({ shownWhere: check });

/** The cart lines that meet a check ("take the lamp out"). */
export const cartWhere = (check: ItemCheck): Reference => ({ cartWhere: check });

/** The catalogue's items that meet a check (a product named outright). */
export const catalogueWhere = (check: ItemCheck): Reference => ({ catalogueWhere: check });

/** Any of the references. */
export const either = (...references: Reference[]): Reference => ({ anyOf: references });

/** An argument that is one of the items a reference means. */
export const refers = (arg: string, reference: Reference): ArgumentCheck => ({
  arg,
  refersTo: reference,
});

/** An argument that meets a value check. */
export const arg = (name: string, check: ValueCheck): ArgumentCheck => ({ arg: name, ...check });
