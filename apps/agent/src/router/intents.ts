// The intent router: decides the common turns of a conversation (search, show, compare, cart,
// end) from the words alone, in well under a millisecond, and leaves the rest to the model. Its
// rules come from the scenario's features (features.ts) and run in priority order; it decides
// only when it is sure: a request it cannot read in full goes to the model.
import type { RouterCatalog } from './catalog.js';
import type { ConversationContext } from './context.js';
import type { ItemLookup, Route } from './route.js';
import { rulesFor, slotReaderFor } from './features.js';
import { describedQuery, filters, searchQuery } from './filters.js';
import { namesCatalogue } from './parting.js';
import type { Lexicon } from '@svc/languages/router';
import { repairedHearing } from './hearing.js';
import type { Reading, Rule, SearchSlots } from './rules/types.js';
import type { Operation } from '../tools.js';
import { matchesSubject } from './subjects.js';
import { hasPhrase, words } from './text.js';
import { joinedCompounds, takesOut } from './utterance.js';

export type { RouterReply, SmallTalk } from './small-talk.js';
export type { ItemLookup, LookupSort, Route } from './route.js';

/** A route and the rule of the table that decided it (none when no rule answered). */
export interface Decision {
  /** `undefined`: the model answers the turn. */
  route: Route | undefined;
  /** The id of the rule that answered, routing or handing the turn to the model. */
  rule?: string;
  /**
   * The words of a second request of the same turn ("... and look for a stove instead"): routed
   * once the first request's tool has answered, in what the conversation then holds.
   */
  then?: string;
}

/** What the router routes with, besides the catalogue: its table and the words it leaves alone. */
export interface RouterTable {
  /** The scenario's rules, highest priority first ({@link rulesFor}). */
  rules: readonly Rule[];
  /** Words (stemmed) of the scenario's tools the router does not own. */
  unownedWords: ReadonlySet<string>;
}

/** The table of a catalogue's routed tools, with no unowned tool (`documents`: see `rulesFor`). */
export function routerTable(
  catalog: RouterCatalog,
  unownedWords: ReadonlySet<string> = new Set(),
  documents = false,
): RouterTable {
  return {
    rules: rulesFor(
      catalog.tools.map((tool) => tool.operation),
      documents,
    ),
    unownedWords,
  };
}

/**
 * Routes one visitor utterance. Answers `undefined` when the words do not say clearly what to do
 * (the LLM decides then).
 */
export async function routeUtterance(
  text: string,
  context: ConversationContext,
  catalog: RouterCatalog,
  lookup?: ItemLookup,
  table: RouterTable = routerTable(catalog),
): Promise<Route | undefined> {
  return (await decideUtterance(text, context, catalog, lookup, table)).route;
}

/**
 * Decides one utterance: two requests joined in it ("take the lamp out and look for a stove
 * instead") are two routes, the second one told as {@link Decision.then}; anything else is one.
 */
export async function decideUtterance(
  text: string,
  context: ConversationContext,
  catalog: RouterCatalog,
  lookup: ItemLookup | undefined,
  table: RouterTable,
): Promise<Decision> {
  if (table.rules.length === 0) return { route: undefined };
  const read = (words: string) => readingOf(words, context, catalog, lookup, table);
  const whole = read(text);
  if (!whole) return { route: undefined };
  return (await twoRequests(text, whole.lexicon, read, table)) ?? decideOne(whole, table);
}

/**
 * Reads an utterance as a request of `operation` (the model named it): the feature's slot reader
 * finds its item, count or search words. `undefined` when the words do not say enough, or no
 * routed tool or reader serves the operation: the model answers the turn then.
 */
export async function readAs(
  operation: Operation,
  text: string,
  context: ConversationContext,
  catalog: RouterCatalog,
  lookup: ItemLookup | undefined,
  table: RouterTable,
): Promise<Route | undefined> {
  const reader = slotReaderFor(operation);
  if (!reader || !catalog.tools.some((tool) => tool.operation === operation)) return undefined;
  const reading = readingOf(text, context, catalog, lookup, table);
  return reading ? reader(reading) : undefined;
}

/**
 * The first of two requests joined by a word of {@link Lexicon.clauseJoins}, with the second's
 * words: when each side routes to a tool of another kind, and each asks for it itself (a verb of
 * its request, or a search for a subject). "Tents and sleeping bags" is one search, "the first and
 * the second" one addition of two items, and "add it and then I'm done" one request and something
 * else: one route each.
 */
async function twoRequests(
  text: string,
  lexicon: Lexicon,
  read: (words: string) => Reading | undefined,
  table: RouterTable,
): Promise<Decision | undefined> {
  const spoken = text.split(/\s+/).filter(Boolean);
  // A word as the joins are written: lower case, no accents, no punctuation around it.
  const plain = spoken.map((word) =>
    word
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/^\P{L}+|\P{L}+$/gu, '')
      .toLowerCase(),
  );
  for (const join of lexicon.clauseJoins) {
    const parts = join.split(' ');
    const at = plain.findIndex(
      (_, index) => index > 0 && parts.every((part, offset) => plain[index + offset] === part),
    );
    if (at < 0 || at + parts.length >= spoken.length) continue;
    const second = spoken.slice(at + parts.length).join(' ');
    const sides = [read(spoken.slice(0, at).join(' ')), read(second)];
    const [one, other] = [await decideOne(sides[0], table), await decideOne(sides[1], table)];
    if (one.route?.kind !== 'tool' || other.route?.kind !== 'tool') continue;
    if (one.route.tool.operation === other.route.tool.operation) continue;
    // "The first one and the second one" is one request, and so is "the green and the blue one":
    // a side that only points or names a colour asks nothing itself. One that names a kind or
    // other words to search for ("... and a stove instead") does.
    const own = (reading: Reading | undefined, route: { tool: { operation: string } }) =>
      reading !== undefined &&
      (asksItself(reading) || (route.tool.operation === 'search' && namesSubject(reading)));
    if (!own(sides[0], one.route) || !own(sides[1], other.route)) continue;
    return { ...one, then: second };
  }
  return undefined;
}

/** Whether the words hold a verb of a request: of searching, showing, comparing or the cart. */
function asksItself({ lexicon, has, tokens }: Reading): boolean {
  return (
    has([
      ...lexicon.search,
      ...lexicon.display,
      ...lexicon.compare,
      ...lexicon.add,
      ...lexicon.remove,
      ...lexicon.showCart,
    ]) || takesOut(tokens, lexicon)
  );
}

/** Whether the words name something to search for: a kind of item, or words of the catalogue. */
function namesSubject(reading: Reading): boolean {
  const { query, filters } = reading.slots();
  return query.length > 0 || Object.keys(filters).some((key) => reading.catalog.kinds.has(key));
}

/** Runs the table on one request in priority order: the first rule that answers decides. */
async function decideOne(reading: Reading | undefined, table: RouterTable): Promise<Decision> {
  if (!reading) return { route: undefined };
  for (const rule of table.rules) {
    const answer = await rule.match(reading);
    if (answer === undefined) continue;
    return { route: answer.kind === 'model' ? undefined : answer, rule: rule.id };
  }
  return { route: undefined };
}

/**
 * Whether words ask a question: a question word opens them ("how long does it last", "do you
 * open on Sundays") or they hold one of the language's question phrases. "What about the blue
 * ones", "how about the last one" ask to be shown, not told.
 */
export function asksQuestion(tokens: readonly string[], lexicon: Lexicon): boolean {
  const start = openingAt(tokens, lexicon);
  const opening = tokens[start] ?? '';
  return (
    (lexicon.questionStarts.has(opening) && !lexicon.about.includes(tokens[start + 1] ?? '')) ||
    hasPhrase(tokens, lexicon.questionPhrases)
  );
}

/**
 * Where the request opens: after the lead-ins ("so", "okay") and a greeting before it ("hey
 * there, how's it going" opens with "how"), or -1 when nothing else is said.
 */
function openingAt(tokens: readonly string[], lexicon: Lexicon): number {
  const { greetings, ignored } = lexicon.smallTalk;
  let greeted = false;
  for (const [index, token] of tokens.entries()) {
    if (lexicon.leadIns.has(token)) continue;
    if (greetings.includes(token)) {
      greeted = true;
      continue;
    }
    if (greeted && ignored.includes(token)) continue;
    return index;
  }
  return -1;
}

/** The utterance as the rules read it; `undefined` in a language the router does not speak. */
function readingOf(
  text: string,
  context: ConversationContext,
  catalog: RouterCatalog,
  lookup: ItemLookup | undefined,
  table: RouterTable,
): Reading | undefined {
  const lexicon = catalog.lexicon;
  if (!lexicon) return undefined;
  const joined = repairedHearing(
    joinedCompounds(words(text, lexicon), catalog, lexicon),
    catalog,
    lexicon,
  );
  const tokens = lexicon.heard ? lexicon.heard(joined) : joined;
  if (tokens.length === 0) return undefined;
  const { stem } = lexicon;
  const has = (phrases: readonly string[]) => hasPhrase(tokens, phrases);
  const start = openingAt(tokens, lexicon);
  const opening = tokens[start] ?? '';
  const asks = asksQuestion(tokens, lexicon);
  // Catalogue words besides the parting's own ("day" is a word of "day pack").
  const catalogueWords = (words: string[]) => namesCatalogue(words, catalog, lexicon);
  // Recognizers often write "car" for "cart"; in a catalogue without cars it can only be the cart.
  const isCart = (token: string) =>
    lexicon.cart.some((word) => stem(word) === stem(token)) ||
    (lexicon.misheardCart.includes(token) && !catalog.vocabulary.has(stem(token)));
  let slots: SearchSlots | undefined;
  return {
    tokens,
    context,
    catalog,
    lexicon,
    lookup,
    has,
    opening,
    start,
    asks,
    questionMark: /\?\s*$/.test(text),
    // "Do not buy it" (or a recognizer's "don't buy" for "goodbye") asks for no purchase.
    negated: has(lexicon.negations),
    isCart,
    mentionsCart: tokens.some(isCart),
    catalogueWords,
    nothingShown:
      context.shown.length === 0 &&
      context.compared.length === 0 &&
      context.focus === undefined &&
      !context.cart?.length,
    unownedWords: table.unownedWords,
    slots: () => (slots ??= searchSlots(tokens, context, catalog, lexicon)),
  };
}

/** The search slots of the words: filters, query words, plural, and whether they are new. */
function searchSlots(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
  lexicon: Lexicon,
): SearchSlots {
  const used = new Set<number>();
  const kindAt = new Set<number>();
  const filterArgs = filters(tokens, catalog, used, lexicon, kindAt);
  const query = searchQuery(tokens, catalog, used, lexicon);
  const plural = tokens.some(
    (token, index) =>
      (lexicon.pluralInFilters || !used.has(index)) &&
      catalog.vocabulary.has(lexicon.stem(token)) &&
      lexicon.plural(token, catalog.surface),
  );
  // "The cheapest sleeping bag" while tents are shown is a new search, not a pick among the tents.
  const newSubject =
    (query.length > 0 || Object.keys(filterArgs).length > 0) &&
    !context.shown.some((item) => matchesSubject(item, query, filterArgs, lexicon));
  // Also with no word of the catalogue: a rule searches only for words it knows, but a need the
  // model named a search for is read by meaning (the search feature's reader).
  const described = describedQuery(tokens, catalog, used, filterArgs, lexicon, kindAt);
  return { filters: filterArgs, query, plural, newSubject, ...(described ? { described } : {}) };
}
