// The search feature's rules: a kind, a colour, an amount or words of the catalogue asked for,
// a question that names a kind, "what do you sell", and the last search narrowed.
import { toolFor, type RoutedTool, type RouterCatalog } from '../catalog.js';
import type { ConversationContext } from '../context.js';
import type { Lexicon } from '@svc/languages/router';
import { pointsAtFocus } from '../references.js';
import { aboutCatalogue, definiteSubject } from '../subjects.js';
import { hasPhrase, itemWords } from '../text.js';
import { unreadWords } from '../unread.js';
import { asksOpenly } from './talk.js';
import type { Route } from '../route.js';
import { TO_MODEL, type Reading, type Rule, type SlotReaders } from './types.js';

/**
 * The search's arguments: its words and filters, narrowing the last search when they only filter.
 * `described`: a description's words go whole (the collection reads them by meaning); a rule
 * that matches item names by the words keeps to the catalogue's.
 */
function searchArgs(reading: Reading, described = true): Record<string, unknown> {
  const slots = reading.slots();
  const { filters } = slots;
  // A rule's search is of words the catalogue knows: a description goes whole only around them,
  // or around the kind it names.
  const namesKind = Object.keys(filters).some((key) => reading.catalog.kinds.has(key));
  const query = (described && (slots.query || namesKind) && slots.described) || slots.query;
  return narrowed(
    reading.tokens,
    { ...(query ? { query } : {}), ...filters },
    reading.context,
    reading.catalog,
    reading.lexicon,
  );
}

/** The rules of the search feature. */
export const SEARCH_RULES: readonly Rule[] = [
  {
    // "What do you sell", "qu'est-ce que vous vendez ?": what the shop has, though "do you sell"
    // and "vous vendez" also ask for a kind (a kind, colour or amount named makes it a search).
    id: 'search.offer',
    operations: ['search'],
    priority: 350,
    match: (reading) => {
      const { lexicon, has } = reading;
      if (!reading.asks || !lexicon.offerQuestions.includes(reading.opening)) return undefined;
      const { query, filters } = reading.slots();
      return !aboutCatalogue(query, filters) && has(lexicon.offer)
        ? { kind: 'reply', reply: 'catalogue' }
        : undefined;
    },
  },
  {
    // "Do you also have sun hats", heard as "do yourself sun hats", or "quels sacs à dos,
    // savez-vous ?": a kind of item nobody has shown yet is asked for, whatever the question's
    // grammar came out as. "Which" asks for a kind only when it names one ("which is better for
    // rocky trails" is the model's).
    id: 'search.question',
    operations: ['search'],
    priority: 300,
    match: (reading) => {
      const { tokens, catalog, lexicon, opening } = reading;
      const search = toolFor(catalog, 'search');
      if (!search || !asksOpenly(reading)) return undefined;
      const { query, filters, newSubject } = reading.slots();
      if (!newSubject || pointsAtFocus(tokens, lexicon)) return undefined;
      // A question that names only a kind, or one word of the catalogue, among two words or more
      // the router reads nothing in asks about the business ("what happens to the tents you take
      // back", "could I pay for it over a year" beside an "Over-Ear"), not for them: the model's,
      // or the guards'. One such word is a recognizer's slip in a request ("do yourself, camp
      // stoves?"). Words of an item's name in a row, a brand or a colour point at items whatever
      // else is said, and so does a kind right after the question word ("which tents hold up
      // when it pours": it chooses among them).
      const specific =
        query.includes(' ') || Object.keys(filters).some((key) => !catalog.kinds.has(key));
      const next = tokens[reading.start + 1];
      const selects = next !== undefined && catalog.vocabulary.has(lexicon.stem(next));
      if (!specific && !selects && unreadWords(tokens, catalog, lexicon).length >= 2)
        return undefined;
      if (query && lexicon.yesNoStarts.has(opening))
        return { kind: 'tool', tool: search, args: { query, ...filters } };
      const namesKind = Object.keys(filters).some((key) => catalog.kinds.has(key));
      if (namesKind && lexicon.whichStarts.has(opening))
        return { kind: 'tool', tool: search, args: { ...(query ? { query } : {}), ...filters } };
      return undefined;
    },
  },
  {
    // "Show me the one from Red Cedar" when none is shown: the one the catalogue has.
    id: 'search.the-one',
    operations: ['search'],
    priority: 110,
    match: async (reading) => {
      const { catalog, lexicon, lookup, has } = reading;
      const search = toolFor(catalog, 'search');
      const display = toolFor(catalog, 'display');
      const { query, filters, plural } = reading.slots();
      if (!search || !display || !lookup || plural || !has(lexicon.theOne)) return undefined;
      if (!aboutCatalogue(query, filters)) return undefined;
      const { query: words, ...rest } = searchArgs(reading, false);
      const text = typeof words === 'string' ? words : '';
      const { stem } = lexicon;
      // The search matches any of the words; the one meant has them all in its name.
      const named = (await lookup(search, text, rest)).filter((item) =>
        text
          .split(' ')
          .filter(Boolean)
          .every((word) => itemWords(item.name, lexicon).map(stem).includes(stem(word))),
      );
      return named.length === 1 && named[0]
        ? { kind: 'tool', tool: display, args: { item_id: named[0].id } }
        : undefined;
    },
  },
  {
    id: 'search.new',
    operations: ['search'],
    priority: 100,
    match: (reading) => {
      const { lexicon, has } = reading;
      const search = toolFor(reading.catalog, 'search');
      const { query, filters } = reading.slots();
      if (!search || !aboutCatalogue(query, filters)) return undefined;
      // A filter said alone while a search is under way ("one with GPS", "in green") narrows it.
      const narrows = Object.keys(filters).length > 0 && reading.context.lastSearch !== undefined;
      // A kind named by its category ("tents, please") asks for it as an item's word does ("a
      // lantern").
      const namesKind = Object.keys(filters).some((key) => reading.catalog.kinds.has(key));
      if (!(
        has([...lexicon.search, ...lexicon.narrowing]) ||
        query.length > 0 ||
        narrows ||
        namesKind
      ))
        return undefined;
      // "Get the red one for my brother" with a red one shown: the words name that item, not a
      // narrower search. What the visitor wants done with it the rules did not read: the model's.
      const { tokens, context, catalog } = reading;
      if (
        !has(lexicon.search) &&
        has(lexicon.definite) &&
        !reading.slots().newSubject &&
        definiteSubject(tokens, catalog, context.shown, lexicon) !== undefined
      )
        return TO_MODEL;
      const args = searchArgs(reading);
      const { described } = reading.slots();
      // A need in words of its own, searched with no kind: the model may name its category.
      const kindless = !Object.keys(args).some((key) => reading.catalog.kinds.has(key));
      return described && args.query === described && kindless
        ? { kind: 'tool', tool: search, args, need: true }
        : { kind: 'tool', tool: search, args };
    },
  },
];

/**
 * A search that only names a filter ("what about blue ones", "anything under 50 dollars") narrows
 * the last one: its words and filters stay, the new filters replace theirs. A kind of item
 * ("what about backpacks") or "everything" starts afresh. A description said of "one" ("is there
 * one that keeps the rain out") is of the kind under way: the last search's kind stays, its words
 * and other filters go.
 */
function narrowed(
  tokens: string[],
  args: Record<string, unknown>,
  context: ConversationContext,
  catalog: RouterCatalog,
  lexicon: Lexicon,
): Record<string, unknown> {
  const last = context.lastSearch;
  if (!last || hasPhrase(tokens, lexicon.fresh)) return args;
  const namesKind = Object.keys(args).some((key) => catalog.kinds.has(key));
  if (args.query !== undefined) {
    if (namesKind || !hasPhrase(tokens, lexicon.oneWords)) return args;
    const kind = Object.entries(last).filter(([key]) => catalog.kinds.has(key));
    return { ...Object.fromEntries(kind), ...args };
  }
  // "Just the backpacks" narrows to a kind; "what about backpacks" asks for another kind.
  if (!hasPhrase(tokens, lexicon.narrowing) && namesKind) return args;
  const kept = Object.fromEntries(
    Object.entries(last).filter(
      ([key]) => !(key in args) && !Object.keys(args).some((own) => sameFilter(own, key)),
    ),
  );
  return { ...kept, ...args };
}

/** `max_price` and `min_price` are one filter: a new bound replaces both of the old. */
function sameFilter(a: string, b: string): boolean {
  const base = (key: string) => key.replace(/^(min|max)_/, '');
  return base(a) === base(b);
}

/** The search feature's slot reader, for a request whose operation the model named. */
export const SEARCH_READERS: SlotReaders = {
  // "Tablets with a screen of at least eleven inches": a kind and filters with no verb of
  // searching. Only words the router reads all of: "do you repair cracked screens" or "how long
  // does delivery take" name something of the catalogue among words it cannot read, and a search
  // for them would answer a question about the business with items.
  search: (reading) => {
    const search = toolFor(reading.catalog, 'search');
    const { query, filters } = reading.slots();
    if (!search) return undefined;
    if (!aboutCatalogue(query, filters)) return needSearch(reading, search);
    if (unreadWords(reading.tokens, reading.catalog, reading.lexicon).length > 0) return undefined;
    return { kind: 'tool', tool: search, args: searchArgs(reading, false) };
  },
};

/**
 * A need said in none of the catalogue's words ("nachts wird mir an den Zehen kalt"), which the
 * model named a search: its words whole, as a need (the model may then place it in a category),
 * when the collection reads them by meaning and finds something. A question about the business put in
 * the same shape ("how long does delivery take") finds nothing near it and stays the model's.
 */
async function needSearch(reading: Reading, search: RoutedTool): Promise<Route | undefined> {
  const { described, filters } = reading.slots();
  if (!described || !reading.lookup) return undefined;
  // Words about the item in mind ("is it sold in blue too") ask about it, not for a need.
  if (pointsAtFocus(reading.tokens, reading.lexicon)) return undefined;
  // An amount left unread (a limit or a count the rules missed) is no need the meaning of words
  // finds; a negation says nothing of what is looked for.
  if (reading.tokens.some((token) => /^\d/.test(token))) return undefined;
  const negations = new Set(reading.lexicon.negations);
  const words = described.split(' ').filter((word) => !negations.has(word));
  if (words.length < NEED_WORDS) return undefined;
  const found = await reading.lookup(search, described, filters).catch(() => undefined);
  if (!found?.length) return undefined;
  return { kind: 'tool', tool: search, args: { query: described, ...filters }, need: true };
}

/**
 * The fewest words of a need read by meaning when no word of it is the catalogue's: one or two are
 * a name or a kind with a word about it ("folks canoes" of "do you folks stock canoes": a kind
 * the shop does not have, which the model says so of), three or more describe.
 */
const NEED_WORDS = 3;
