// The cart feature's rules: take out, put in, show. Each reads which item is meant from what was
// shown, the cart and the catalogue, and how many.
import { toolFor } from '../catalog.js';
import {
  namedCatalogueItem,
  ordinals,
  otherItem,
  picksByRanking,
  pointsAtFocus,
  rankingOf,
  referredItems,
} from '../references.js';
import {
  definiteSubject,
  lookupNamed,
  namesOf,
  pointsAtItem,
  removalTarget,
  subjectMatch,
} from '../subjects.js';
import { indexOfWords } from '../text.js';
import { unreadWords } from '../unread.js';
import { intoTheCart, quantity, takesOut } from '../utterance.js';
import type { SeenItem } from '../context.js';
import { formsOf } from '@svc/languages/router';
import type { Route } from '../route.js';
import { TO_MODEL, type Reading, type Rule, type SlotReaders } from './types.js';

/**
 * "Three of those", "two of them" while one item is in focus: the plural is the count's, and the
 * item is the one in focus (with a list shown and none in focus, it could be any of them).
 */
function countOfFocus({ tokens, context, lexicon, has }: Reading): SeenItem | undefined {
  const count = quantity(tokens, lexicon);
  if (count === undefined || count < 2 || !context.focus) return undefined;
  return has(formsOf(lexicon.demonstratives.plural)) ? context.focus : undefined;
}

/**
 * "Four of the first one", "three of those": a count of an item the words point at, with no verb
 * of another action and no word the router cannot read, is an order of it.
 */
function counted(reading: Reading): boolean {
  const { tokens, catalog, lexicon, has } = reading;
  if (quantity(tokens, lexicon) === undefined) return false;
  if (has([...lexicon.compare, ...lexicon.display, ...lexicon.search, ...lexicon.remove]))
    return false;
  const pointsAtOne =
    ordinals(tokens, lexicon).length > 0 ||
    pointsAtFocus(tokens, lexicon) ||
    rankingOf(tokens, lexicon) !== undefined ||
    countOfFocus(reading) !== undefined ||
    // "Two of the green one": the shown item of that colour, brand or kind.
    definiteSubject(tokens, catalog, reading.context.shown, lexicon) !== undefined;
  return pointsAtOne && unreadWords(tokens, catalog, lexicon).length === 0;
}

/** Whether the words point at one item: a position, a ranking, "it", "that one", a count. */
function pointsAtOne({ tokens, lexicon, has }: Reading): boolean {
  return (
    ordinals(tokens, lexicon).length > 0 ||
    rankingOf(tokens, lexicon) !== undefined ||
    pointsAtFocus(tokens, lexicon) ||
    has(lexicon.oneWords) ||
    quantity(tokens, lexicon) !== undefined
  );
}

/**
 * "The cheapest one is fine", "the second one will do": a word of taking said after the words
 * that point at one item, and nothing else asked. Said first ("fine, show me the second one") it
 * answers the agent's last reply, and the rest of the turn says what to do.
 */
function takesPointed(reading: Reading): boolean {
  const { tokens, catalog, lexicon, has, asks, questionMark, negated, start } = reading;
  if (asks || questionMark || negated || !pointsAtOne(reading)) return false;
  if (!lexicon.accepts.some((phrase) => indexOfWords(tokens, phrase.split(' ')) > start))
    return false;
  if (has([...lexicon.compare, ...lexicon.display, ...lexicon.search, ...lexicon.remove]))
    return false;
  return unreadWords(tokens, catalog, lexicon).length === 0;
}

/**
 * "Add the cheapest tent" with tents shown: a ranking with a definite word and a kind said in the
 * singular of what is shown picks one of them, as "the cheapest one" does.
 */
function ranksShown(reading: Reading): boolean {
  const { tokens, context, lexicon, has } = reading;
  if (context.shown.length === 0 || rankingOf(tokens, lexicon) === undefined) return false;
  if (!has(lexicon.definite)) return false;
  const { plural, newSubject } = reading.slots();
  return !plural && !newSubject;
}

/**
 * The new count a turn gives of the item just added, read by {@link CART_RULES}' `cart.set`: the
 * turn says the count changes ("make it two", "que sean tres", "no, three"; "add it twice" adds as
 * many again), and holds a count beside a word of a count, or one number.
 */
function newCount(reading: Reading): number | undefined {
  const { tokens, lexicon, has } = reading;
  if (!(has(lexicon.setQuantity) || correcting(reading))) return undefined;
  const count = quantity(tokens, lexicon);
  if (count !== undefined) return count;
  const numbers = tokens.filter((token) => /^\d+$/.test(token)).map(Number);
  const [only] = numbers;
  return numbers.length === 1 && only !== undefined && only >= 1 && only <= 99 ? only : undefined;
}

/** "Two more", "dos más": a count of more of the item in focus, which the cart holds. */
function moreOfFocus({ tokens, context, lexicon, has }: Reading): boolean {
  const focus = context.focus;
  return (
    focus !== undefined &&
    has(lexicon.more) &&
    quantity(tokens, lexicon) !== undefined &&
    context.cart?.some((line) => line.id === focus.id) === true
  );
}

/** Whether the turn asks for another action: a removal, a search, a look, a comparison, the cart. */
function asksAnotherAction({ has, lexicon }: Reading): boolean {
  return has([
    ...lexicon.remove,
    ...lexicon.search,
    ...lexicon.display,
    ...lexicon.compare,
    ...lexicon.showCart,
  ]);
}

/** Whether a word is one of the words of `phrases`. */
const hasPhraseWord = (phrases: readonly string[], token: string) =>
  phrases.some((phrase) => phrase.split(' ').includes(token));

/** "No, ...", "actually no, ...": the turn opens by taking back what was just done. */
function correcting({ tokens, lexicon, start }: Reading): boolean {
  return tokens.slice(start, start + 2).some((token) => lexicon.takeBack.includes(token));
}

/**
 * How the cart comes to hold `count` of the item on `line`: the scenario's tool that sets a count,
 * else the difference added, or the item taken out and put in again with the new count (a cart
 * tool takes no count away). `undefined` when its tools cannot say it, or nothing changes.
 */
function countRoute(
  reading: Reading,
  line: SeenItem,
  count: number,
): Extract<Route, { kind: 'tool' }> | undefined {
  const set = toolFor(reading.catalog, 'cart_set');
  const add = toolFor(reading.catalog, 'cart_add');
  const remove = toolFor(reading.catalog, 'cart_remove');
  if (set) return { kind: 'tool', tool: set, args: { item_id: line.id, quantity: count } };
  const held = heldCount(line);
  if (!add || held === undefined || count === held) return undefined;
  if (count > held)
    return { kind: 'tool', tool: add, args: { item_id: line.id, quantity: count - held } };
  return remove
    ? {
        kind: 'tool',
        tool: remove,
        args: { item_id: line.id },
        next: { kind: 'tool', tool: add, args: { item_id: line.id, quantity: count } },
      }
    : undefined;
}

/** How many of a cart line's item the cart holds (1 when the line says no count). */
function heldCount(line: SeenItem): number | undefined {
  const held = Number(line.fields.quantity ?? 1);
  return Number.isInteger(held) && held >= 1 ? held : undefined;
}

/**
 * A removal of the cart's `target` line as the words say it. With no figure in them, the line goes
 * out. With figures, a line held more than once keeps some: "take two off" (a word of removal and
 * one figure) keeps the rest; a count said with no word of removal ("my sister has her own, so 3
 * in the end", read as a removal by the model's choice) is the count the visitor now wants, the
 * last one said. Never the whole line for a count that leaves some: `undefined` (the model's turn)
 * when the figures say nothing the line can keep.
 */
function removal(
  reading: Reading,
  target: SeenItem,
  others: readonly SeenItem[],
): Extract<Route, { kind: 'tool' }> | undefined {
  const remove = toolFor(reading.catalog, 'cart_remove');
  if (!remove) return undefined;
  const route: Extract<Route, { kind: 'tool' }> = {
    kind: 'tool',
    tool: remove,
    args: { item_id: target.id },
  };
  const figures = reading.tokens
    .filter((token) => /^\d+$/.test(token))
    .map(Number)
    .filter((figure) => figure >= 1 && figure <= 99);
  const line = reading.context.cart?.find((entry) => entry.id === target.id);
  const held = line ? heldCount(line) : undefined;
  if (figures.length === 0 || !line || held === undefined || held < 2)
    return others.length > 0
      ? { ...route, also: others.map((item) => ({ item_id: item.id })) }
      : route;
  if (others.length > 0) return undefined;
  const removing = reading.has(reading.lexicon.remove) || takesOut(reading.tokens, reading.lexicon);
  const [only] = figures;
  if (removing && figures.length === 1 && only !== undefined)
    return only >= held ? route : countRoute(reading, line, held - only);
  const wanted = figures.at(-1);
  return !removing && wanted !== undefined && wanted < held
    ? countRoute(reading, line, wanted)
    : undefined;
}

/** The rules of the cart feature (its `cart_*` operations). */
export const CART_RULES: readonly Rule[] = [
  {
    // "Make it two", "mejor pon dos", "no, three", right after an addition: a count of the item
    // just added, with no word of more ("two more") and no other item pointed at, is how many the
    // visitor wants of it. Before the swap, which reads "no, ..." as another item. A scenario
    // without a tool that sets a count gets the difference added, or the item put in again with
    // the new count.
    id: 'cart.set',
    operations: ['cart_set', 'cart_add'],
    priority: 870,
    match: (reading) => {
      const { tokens, context, catalog, lexicon, has, asks, questionMark, negated } = reading;
      const set = toolFor(catalog, 'cart_set');
      const add = toolFor(catalog, 'cart_add');
      const added = context.focus;
      if (!(set || add) || !added || questionMark) return undefined;
      if (context.last !== 'cart_add' && context.last !== 'cart_set') return undefined;
      const line = context.cart?.find((entry) => entry.id === added.id);
      if (!line) return undefined;
      // "Que sean tres" opens as a question would; "not two, three" says the count too, "I don't
      // want two" does not.
      if ((asks && !has(lexicon.setQuantity)) || (negated && !correcting(reading)))
        return undefined;
      const count = newCount(reading);
      if (count === undefined || has(lexicon.more) || has(lexicon.again)) return undefined;
      if (asksAnotherAction(reading)) return undefined;
      // A ranking points at another item; a word of the new count is none ("mejor dos").
      const rest = tokens.filter((token) => !hasPhraseWord(lexicon.setQuantity, token));
      if (ordinals(tokens, lexicon).length > 0 || rankingOf(rest, lexicon)) return undefined;
      if (namesOf(tokens, catalog, added, lexicon) === 'other') return undefined;
      if (unreadWords(tokens, catalog, lexicon).length > 0) return undefined;
      return countRoute(reading, line, count);
    },
  },
  {
    id: 'cart.remove',
    operations: ['cart_remove'],
    priority: 800,
    match: async (reading) => {
      const { tokens, context, catalog, lexicon, lookup, has, mentionsCart } = reading;
      const remove = toolFor(catalog, 'cart_remove');
      if (!remove) return undefined;
      if (!(has(lexicon.remove) || takesOut(tokens, lexicon))) return undefined;
      if (!mentionsCart && context.cart === undefined) return undefined;
      const [target, ...others] = removalTarget(tokens, context, catalog, lexicon);
      if (target) return removal(reading, target, others) ?? TO_MODEL;
      const named = await lookupNamed(tokens, catalog, remove, lookup, lexicon);
      return named ? { kind: 'tool', tool: remove, args: { item_id: named.id } } : TO_MODEL;
    },
  },
  {
    // "Actually no, the other one", "swap it for the lighter one", right after an addition: the
    // item just added goes out of the cart and the one the words point at goes in, in that order.
    // The item meant is another of what is shown ("the other one" of a pair, a ranking, a name).
    id: 'cart.swap',
    operations: ['cart_add'],
    priority: 850,
    match: (reading) => {
      const { tokens, context, catalog, lexicon, has, asks, questionMark } = reading;
      const add = toolFor(catalog, 'cart_add');
      const remove = toolFor(catalog, 'cart_remove');
      const added = context.focus;
      if (!add || !remove || context.last !== 'cart_add' || !added || asks || questionMark)
        return undefined;
      if (!context.cart?.some((line) => line.id === added.id)) return undefined;
      if (!(has(lexicon.swap) || correcting(reading))) return undefined;
      // "No, take it out and look for a tarp instead": a correction that asks for something else.
      if (!has(lexicon.swap) && asksAnotherAction(reading)) return undefined;
      if (reading.slots().newSubject) return undefined;
      // "The other one" of a pair holds the item added; a ranking or a name picks among the rest.
      const others = context.shown.filter((item) => item.id !== added.id);
      const referred = referredItems(tokens, { ...context, focus: undefined }, others, lexicon);
      const target =
        otherItem(tokens, context, context.shown, lexicon) ??
        (referred.length === 1 ? referred[0] : subjectMatch(tokens, catalog, others, lexicon));
      if (!target) return undefined;
      const count = quantity(tokens, lexicon);
      return {
        kind: 'tool',
        tool: remove,
        args: { item_id: added.id },
        next: {
          kind: 'tool',
          tool: add,
          args: { item_id: target.id, ...(count ? { quantity: count } : {}) },
        },
      };
    },
  },
  {
    // "And the second one as well", right after an addition: the same again, for that item. A
    // kind nobody was shown ("and a tent too") is something new to look for.
    id: 'cart.add-again',
    operations: ['cart_add'],
    priority: 600,
    match: (reading) => {
      const { tokens, context, catalog, lexicon, has, asks, negated } = reading;
      const add = toolFor(catalog, 'cart_add');
      if (!add || context.last !== 'cart_add' || !has(lexicon.again) || asks || negated)
        return undefined;
      const { newSubject, query, filters } = reading.slots();
      if (newSubject) return undefined;
      // "And a sleeping bag too" while sleeping bags are shown: a kind said without a definite
      // word is any one of that kind, to look for; "and the blue one too" points at one.
      if ((query || Object.keys(filters).length > 0) && !has(lexicon.definite)) return undefined;
      const [again] = referredItems(
        tokens,
        { ...context, focus: undefined },
        context.shown,
        lexicon,
      );
      return again ? { kind: 'tool', tool: add, args: { item_id: again.id } } : undefined;
    },
  },
  {
    id: 'cart.add',
    operations: ['cart_add'],
    priority: 550,
    match: async (reading) => {
      const { tokens, context, catalog, lexicon, lookup, has, isCart, mentionsCart } = reading;
      const add = toolFor(catalog, 'cart_add');
      if (!add || reading.negated) return undefined;
      // "The headlamp to my cart": the verb is often lost in recognition, the destination is
      // not. A question ("what do I have in my cart") or words that name no item are not an
      // addition; a count of something ("zwei Paar davon in den Warenkorb") is one of the item
      // in focus.
      const intoCart =
        mentionsCart &&
        !lexicon.cartQuestions.includes(reading.opening) &&
        intoTheCart(tokens, isCart, lexicon) &&
        !has(lexicon.showCart.filter((phrase) => !phrase.split(' ').some(isCart))) &&
        (pointsAtItem(tokens, context, catalog, lexicon) ||
          (context.focus !== undefined && quantity(tokens, lexicon) !== undefined));
      const adds =
        ((has(lexicon.add) || intoCart) &&
          (mentionsCart ||
            pointsAtFocus(tokens, lexicon) ||
            ordinals(tokens, lexicon).length > 0 ||
            picksByRanking(tokens, lexicon) ||
            ranksShown(reading) ||
            has(lexicon.buyVerbs) ||
            moreOfFocus(reading))) ||
        counted(reading) ||
        takesPointed(reading);
      if (!adds) return undefined;
      const pool =
        context.compared.length > 0 && rankingOf(tokens, lexicon)
          ? context.compared
          : context.shown;
      const ofFocus = countOfFocus(reading);
      let [target] = ofFocus ? [ofFocus] : referredItems(tokens, context, pool, lexicon);
      // The item in focus when the words name what it is ("add the tent", "la verde" of a green
      // one): before the first shown item of that kind.
      const named = context.focus && namesOf(tokens, catalog, context.focus, lexicon);
      if (!target && named === 'it') target = context.focus;
      // "Add the green one to my cart": the shown item of that colour, brand or kind.
      target ??= definiteSubject(tokens, catalog, pool, lexicon);
      target ??= await lookupNamed(tokens, catalog, add, lookup, lexicon);
      // The item in focus when the words name nothing ("put it in my cart"); never when they name
      // another kind ("add a headlamp" with a tent in focus).
      if (!target && named === 'nothing' && !has(lexicon.oneWords)) target = context.focus;
      // "Put the cheaper one in my cart" with nothing shown: there is nothing to add. Words that
      // point at no item ("could you send an order to Canada") ask something else of the shop.
      if (!target)
        return reading.nothingShown && !reading.catalogueWords(tokens) && pointsAtOne(reading)
          ? { kind: 'reply', reply: 'nothing_shown' }
          : TO_MODEL;
      const count = quantity(tokens, lexicon);
      return {
        kind: 'tool',
        tool: add,
        args: { item_id: target.id, ...(count ? { quantity: count } : {}) },
      };
    },
  },
  {
    // "The cheaper one, please" with a comparison on the page: the comparison already shows each
    // item's fields side by side, so picking one of them out of it is choosing it, not asking to
    // see it again. A question ("the cheaper one?"), a verb of another action ("tell me about the
    // cheaper one", "compare it with...") or a "no" leaves the pick to the other rules.
    id: 'cart.choose-compared',
    operations: ['cart_add'],
    priority: 450,
    match: (reading) => {
      const { tokens, context, catalog, lexicon, asks, questionMark, negated, mentionsCart } =
        reading;
      const add = toolFor(catalog, 'cart_add');
      if (!add || context.last !== 'compare' || context.compared.length < 2) return undefined;
      if (asks || questionMark || negated || mentionsCart) return undefined;
      if (asksAnotherAction(reading)) return undefined;
      if (reading.slots().newSubject) return undefined;
      const picked = referredItems(
        tokens,
        { ...context, focus: undefined },
        context.compared,
        lexicon,
      );
      const [chosen] =
        picked.length === 1 ? picked : [subjectMatch(tokens, catalog, context.compared, lexicon)];
      if (!chosen) return undefined;
      const count = quantity(tokens, lexicon);
      return {
        kind: 'tool',
        tool: add,
        args: { item_id: chosen.id, ...(count ? { quantity: count } : {}) },
      };
    },
  },
  {
    id: 'cart.list',
    operations: ['cart_list'],
    priority: 500,
    match: ({ catalog, lexicon, has, mentionsCart }) => {
      const list = toolFor(catalog, 'cart_list');
      return list && mentionsCart && has(lexicon.showCart)
        ? { kind: 'tool', tool: list, args: {} }
        : undefined;
    },
  },
];

/**
 * The item an addition the model named means: one that the words point at (a count of "those", a
 * position, a ranking, "it", a name, "the green one"), never the item in focus by default: "could
 * you send an order to Canada" names no item, and the model answers it.
 */
async function additionTarget(reading: Reading): Promise<SeenItem | undefined> {
  const { tokens, context, catalog, lexicon, lookup } = reading;
  const add = toolFor(catalog, 'cart_add');
  if (!add) return undefined;
  const ofFocus = countOfFocus(reading);
  if (ofFocus) return ofFocus;
  const pool =
    context.compared.length > 0 && rankingOf(tokens, lexicon) ? context.compared : context.shown;
  const [referred] = referredItems(tokens, context, pool, lexicon);
  return (
    referred ??
    subjectMatch(tokens, catalog, pool, lexicon) ??
    (namedCatalogueItem(tokens, catalog, lexicon)
      ? await lookupNamed(tokens, catalog, add, lookup, lexicon)
      : undefined)
  );
}

/** The cart feature's slot readers, for a request whose operation the model named. */
export const CART_READERS: SlotReaders = {
  cart_add: async (reading) => {
    const add = toolFor(reading.catalog, 'cart_add');
    if (!add || reading.negated) return undefined;
    const target = await additionTarget(reading);
    if (!target) return undefined;
    const count = quantity(reading.tokens, reading.lexicon);
    return {
      kind: 'tool',
      tool: add,
      args: { item_id: target.id, ...(count ? { quantity: count } : {}) },
    };
  },
  cart_remove: (reading) => {
    const { tokens, context, catalog, lexicon, mentionsCart } = reading;
    if (!toolFor(catalog, 'cart_remove')) return undefined;
    // As for the rule: with no cart in the conversation and none named, "leave it" takes
    // nothing out (what is shown is not in the cart); the model reads the turn.
    if (!mentionsCart && context.cart === undefined) return undefined;
    const [target, ...others] = removalTarget(tokens, context, catalog, lexicon);
    return target ? removal(reading, target, others) : undefined;
  },
  // Only words about the cart: the model named the cart for "how long does delivery take".
  cart_list: ({ catalog, lexicon, has, mentionsCart }) => {
    const list = toolFor(catalog, 'cart_list');
    return list && (mentionsCart || has(lexicon.cartTotal))
      ? { kind: 'tool', tool: list, args: {} }
      : undefined;
  },
};
