// The display feature's rules: one item shown in full, picked by position, ranking, brand or name,
// or asked a fact of ("how much is it?").
import { toolFor, type RouterCatalog } from '../catalog.js';
import { compareRoute, firstFew } from '../compare.js';
import type { Lexicon } from '@svc/languages/router';
import {
  canRank,
  namedCatalogueItem,
  ordinals,
  otherItem,
  picksByRanking,
  pointsAtFocus,
  ranked,
  rankingOf,
  referredItems,
} from '../references.js';
import { definiteSubject, lookupNamed } from '../subjects.js';
import { hasPhrase } from '../text.js';
import { unreadWords } from '../unread.js';
import { quantity } from '../utterance.js';
import { asksOpenly, requestPhrases } from './talk.js';
import type { Reading, Rule, SlotReaders } from './types.js';

/**
 * "The cheapest one, please": a ranking that picks one is as clear as a position. So is a definite
 * determiner ("the Summit one", "la verde"): the rule then looks for the shown item of that brand,
 * colour or kind, the first of several. "A green one" or "one in green" asks for any, which
 * narrows the search under way.
 */
function asksAboutOne({ tokens, lexicon, has }: Reading): boolean {
  return (
    has(lexicon.display) ||
    ordinals(tokens, lexicon).length > 0 ||
    pointsAtFocus(tokens, lexicon) ||
    picksByRanking(tokens, lexicon) ||
    has(lexicon.definite)
  );
}

/**
 * A reference with no verb of showing ("the second one?") asks to see that item only when the turn
 * says nothing else: words the router cannot read ("wrap that one up", "nah, leave it") ask
 * something else of it, which the model reads, and so does a word for all of it.
 */
function onlyPoints(reading: Reading): boolean {
  const { tokens, catalog, lexicon, has } = reading;
  if (has(lexicon.display)) return true;
  // "Two of the red one" asks for that many of it, not to see it.
  if (quantity(tokens, lexicon) !== undefined) return false;
  // "That's everything", "c'est tout": a word for all of it picks no one item; "the other one"
  // of a pair is one.
  if (has(lexicon.fresh) && !otherItem(tokens, reading.context, reading.context.shown, lexicon))
    return false;
  return unreadWords(tokens, catalog, lexicon).length === 0;
}

/** The rules of the display feature. */
export const DISPLAY_RULES: readonly Rule[] = [
  {
    // "How much is it?", "elle coûte combien ?", "ist es wasserdicht?": a fact of one item, which
    // its card shows and the display reply says. The model took seconds to answer these.
    id: 'display.fact',
    operations: ['display'],
    priority: 400,
    match: (reading) => {
      const { tokens, context, catalog, lexicon, mentionsCart, asks } = reading;
      const display = toolFor(catalog, 'display');
      if (!display || mentionsCart) return undefined;
      const { plural, filters } = reading.slots();
      if (plural || !asksFact(tokens, catalog, filters, asks, lexicon)) return undefined;
      const referred = referredItems(tokens, context, context.shown, lexicon);
      const target =
        referred.length === 1 ? referred[0] : referred.length === 0 ? context.focus : undefined;
      return target ? { kind: 'tool', tool: display, args: { item_id: target.id } } : undefined;
    },
  },
  {
    // "Which one is the lightest": the page shows the top of the ranking over what is shown.
    id: 'display.top-ranked',
    operations: ['display'],
    priority: 290,
    match: (reading) => {
      const { tokens, context, catalog, lexicon } = reading;
      const display = toolFor(catalog, 'display');
      if (!display || !asksOpenly(reading)) return undefined;
      const ranking = rankingOf(tokens, lexicon);
      if (!ranking || reading.slots().newSubject || context.shown.length < 2) return undefined;
      if (!canRank(context.shown, ranking)) return undefined;
      const top = ranked(context.shown, ranking)[0];
      return top ? { kind: 'tool', tool: display, args: { item_id: top.id } } : undefined;
    },
  },
  {
    // "Show me the first two" sees several at once: the comparison shows them side by side.
    id: 'display.referred',
    operations: ['display', 'compare'],
    priority: 200,
    match: async (reading) => {
      const { tokens, context, catalog, lexicon } = reading;
      const display = toolFor(catalog, 'display');
      const { newSubject, plural } = reading.slots();
      if (!display || newSubject || !asksAboutOne(reading) || !onlyPoints(reading))
        return undefined;
      if (firstFew(tokens, lexicon)) {
        const compare = toolFor(catalog, 'compare');
        return compare
          ? compareRoute(tokens, context, catalog, compare, reading.lookup, lexicon)
          : undefined;
      }
      if (plural) return undefined;
      const referred = referredItems(tokens, context, context.shown, lexicon);
      return referred.length === 1 && referred[0]
        ? { kind: 'tool', tool: display, args: { item_id: referred[0].id } }
        : undefined;
    },
  },
  {
    // "Show me the Summit one": the shown item of that brand (or colour, or kind); of several,
    // the first shown, the one the reply named first.
    id: 'display.subject',
    operations: ['display'],
    priority: 190,
    match: (reading) => {
      const { tokens, context, catalog, lexicon } = reading;
      const display = toolFor(catalog, 'display');
      const { newSubject, plural } = reading.slots();
      if (!display || newSubject || plural || !asksAboutOne(reading)) return undefined;
      if (!onlyPoints(reading)) return undefined;
      if (referredItems(tokens, context, context.shown, lexicon).length > 0) return undefined;
      const subject = definiteSubject(tokens, catalog, context.shown, lexicon);
      return subject ? { kind: 'tool', tool: display, args: { item_id: subject.id } } : undefined;
    },
  },
  {
    id: 'display.named',
    operations: ['display'],
    priority: 180,
    match: async (reading) => {
      const { tokens, catalog, lexicon, lookup, has } = reading;
      const display = toolFor(catalog, 'display');
      const { newSubject, plural } = reading.slots();
      if (!display || newSubject || plural || !has(lexicon.display)) return undefined;
      if (!namedCatalogueItem(tokens, catalog, lexicon)) return undefined;
      const found = await lookupNamed(tokens, catalog, display, lookup, lexicon);
      return found ? { kind: 'tool', tool: display, args: { item_id: found.id } } : undefined;
    },
  },
];

/**
 * Whether the words ask for a fact of one item (its price, its weight, a yes-or-no field) rather
 * than for items: no search phrase ("do you have anything waterproof"), and no filter besides a
 * yes-or-no one (a kind, a colour or an amount makes it a search). A yes-or-no field alone asks
 * only in a question ("is it waterproof"; "what about waterproof ones" narrows the search).
 */
function asksFact(
  tokens: string[],
  catalog: RouterCatalog,
  filterArgs: Record<string, unknown>,
  asks: boolean,
  lexicon: Lexicon,
): boolean {
  // "What" opens a search ("what tents do you have") and a fact question alike.
  const search = requestPhrases(lexicon);
  if (hasPhrase(tokens, search)) return false;
  const booleans = new Set(catalog.booleans.map((field) => field.key));
  const keys = Object.keys(filterArgs);
  if (!keys.every((key) => booleans.has(key))) return false;
  return hasPhrase(tokens, lexicon.factWords) || (keys.length > 0 && asks);
}

/** The display feature's slot reader, for a request whose operation the model named. */
export const DISPLAY_READERS: SlotReaders = {
  // The one item the words point at among what was shown, else the one they name.
  display: async ({ tokens, context, catalog, lexicon, lookup }) => {
    const display = toolFor(catalog, 'display');
    if (!display) return undefined;
    const referred = referredItems(tokens, context, context.shown, lexicon);
    const target =
      (referred.length === 1 ? referred[0] : undefined) ??
      definiteSubject(tokens, catalog, context.shown, lexicon) ??
      (namedCatalogueItem(tokens, catalog, lexicon)
        ? await lookupNamed(tokens, catalog, display, lookup, lexicon)
        : undefined);
    return target ? { kind: 'tool', tool: display, args: { item_id: target.id } } : undefined;
  },
};
