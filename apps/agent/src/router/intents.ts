// The intent router: decides the common turns of a shop conversation (search, show, compare,
// cart, end, small talk) from the words alone, in well under a millisecond, and leaves the rest
// to the LLM. It decides only when it is sure: a request it cannot read in full goes to the model.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import { compareRoute } from './compare.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import {
  ADD_PHRASES,
  AGAIN_PHRASES,
  CART_WORDS,
  COMPARE_PHRASES,
  DISPLAY_PHRASES,
  END_PHRASES,
  LEAD_INS,
  QUESTION_STARTS,
  REMOVE_PHRASES,
  SEARCH_PHRASES,
  SHOW_CART_PHRASES,
} from './phrases.js';
import {
  canRank,
  namedCatalogueItem,
  ordinals,
  pointsAtFocus,
  ranked,
  rankingOf,
  referredItems,
} from './references.js';
import { smallTalkOf, type SmallTalk } from './small-talk.js';
import {
  aboutCatalogue,
  lookupNamed,
  matchesSubject,
  pointsAtItem,
  removalTarget,
  subjectMatch,
} from './subjects.js';
import { hasPhrase, singular, words } from './text.js';
import { intoTheCart, joinedCompounds, quantity, takesOut } from './utterance.js';

export type { SmallTalk } from './small-talk.js';

/** What the router decided for one utterance. */
export type Route =
  | { kind: 'tool'; tool: RoutedTool; args: Record<string, unknown> }
  | { kind: 'reply'; reply: SmallTalk };

/** An order of search results by a numeric field ("the two lightest": `weight_g`, ascending). */
export interface LookupSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Finds catalogue items by words, for requests that name items nobody has shown yet. */
export type ItemLookup = (
  tool: RoutedTool,
  query: string,
  filters: Record<string, unknown>,
  sort?: LookupSort,
) => Promise<SeenItem[]>;

/**
 * Routes one visitor utterance. Answers `undefined` when the words do not say clearly what to do
 * (the LLM decides then).
 */
export async function routeUtterance(
  text: string,
  context: ConversationContext,
  catalog: RouterCatalog,
  lookup?: ItemLookup,
): Promise<Route | undefined> {
  const tokens = joinedCompounds(words(text), catalog);
  if (tokens.length === 0) return undefined;
  // The first word that says something: "so, which one is lighter" asks as "which one" does.
  const opening = tokens.find((token) => !LEAD_INS.has(token)) ?? '';
  const asks = QUESTION_STARTS.has(opening);
  // "Do not buy it" (or a recognizer's "don't buy" for "goodbye") asks for no purchase.
  const negated = hasPhrase(tokens, ['not', 'never']);
  const small = smallTalkOf(tokens);
  if (small) return { kind: 'reply', reply: small };

  const end = toolFor(catalog, 'end');
  const intentWords = [...CART_WORDS, ...ADD_PHRASES, ...REMOVE_PHRASES, ...COMPARE_PHRASES];
  if (end && hasPhrase(tokens, END_PHRASES) && !hasPhrase(tokens, intentWords)) {
    return { kind: 'tool', tool: end, args: { reason: 'the visitor said goodbye' } };
  }

  // Recognizers often write "car" for "cart"; in a catalogue without cars it can only be the cart.
  const isCart = (token: string) =>
    CART_WORDS.includes(singular(token)) || (token === 'car' && !catalog.vocabulary.has('car'));
  const mentionsCart = tokens.some(isCart);
  const remove = toolFor(catalog, 'cart_remove');
  if (
    remove &&
    (hasPhrase(tokens, REMOVE_PHRASES) || takesOut(tokens)) &&
    (mentionsCart || context.cart !== undefined)
  ) {
    const [target] = removalTarget(tokens, context, catalog);
    if (target) return { kind: 'tool', tool: remove, args: { item_id: target.id } };
    const named = await lookupNamed(tokens, catalog, remove, lookup);
    return named ? { kind: 'tool', tool: remove, args: { item_id: named.id } } : undefined;
  }

  // "Add, compare the first and the third": a comparison of named positions outweighs a stray
  // verb the recognizer put before it.
  const compare = toolFor(catalog, 'compare');
  if (compare && !mentionsCart && hasPhrase(tokens, COMPARE_PHRASES)) {
    const compared = await compareRoute(tokens, context, catalog, compare, lookup);
    if (compared) return compared;
  }

  const add = toolFor(catalog, 'cart_add');
  // "And the second one as well", right after an addition: the same again, for that item.
  if (add && context.last === 'cart_add' && hasPhrase(tokens, AGAIN_PHRASES) && !asks && !negated) {
    const [again] = referredItems(tokens, { ...context, focus: undefined }, context.shown);
    if (again) return { kind: 'tool', tool: add, args: { item_id: again.id } };
  }
  // "The headlamp to my cart": the verb is often lost in recognition, the destination is not.
  // A question ("what do I have in my cart") or words that name no item are not an addition.
  const intoCart =
    mentionsCart &&
    !['what', 'which', 'how', 'is', 'are', 'do', 'does', 'why'].includes(opening) &&
    intoTheCart(tokens, isCart) &&
    !hasPhrase(
      tokens,
      SHOW_CART_PHRASES.filter((phrase) => !phrase.includes('cart')),
    ) &&
    pointsAtItem(tokens, context, catalog);
  if (
    add &&
    !negated &&
    (hasPhrase(tokens, ADD_PHRASES) || intoCart) &&
    (mentionsCart ||
      pointsAtFocus(tokens) ||
      ordinals(tokens).length > 0 ||
      hasPhrase(tokens, ['buy', 'take', 'purchase', 'order']))
  ) {
    const pool =
      context.compared.length > 0 && rankingOf(tokens) ? context.compared : context.shown;
    let [target] = referredItems(tokens, context, pool);
    target ??= await lookupNamed(tokens, catalog, add, lookup);
    if (!target && context.focus && !hasPhrase(tokens, ['one', 'ones'])) target = context.focus;
    if (!target) return undefined;
    const count = quantity(tokens);
    return {
      kind: 'tool',
      tool: add,
      args: { item_id: target.id, ...(count ? { quantity: count } : {}) },
    };
  }

  const list = toolFor(catalog, 'cart_list');
  if (list && mentionsCart && hasPhrase(tokens, SHOW_CART_PHRASES)) {
    return { kind: 'tool', tool: list, args: {} };
  }

  if (compare && hasPhrase(tokens, COMPARE_PHRASES)) {
    return compareRoute(tokens, context, catalog, compare, lookup);
  }

  const display = toolFor(catalog, 'display');
  const search = toolFor(catalog, 'search');
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used);
  const query = searchQuery(tokens, catalog, used);
  const plural = tokens.some(
    (token, index) =>
      !used.has(index) && catalog.vocabulary.has(singular(token)) && singular(token) !== token,
  );

  // "The cheapest sleeping bag" while tents are shown is a new search, not a pick among the tents.
  const newSubject =
    (query.length > 0 || Object.keys(filterArgs).length > 0) &&
    !context.shown.some((item) => matchesSubject(item, query, filterArgs));

  // A question about what is shown ("which is better for rocky trails") is the model's to answer,
  // unless it asks for the top of a ranking ("which one is the lightest"): the page shows that one.
  if (
    asks &&
    !hasPhrase(
      tokens,
      SEARCH_PHRASES.filter((phrase) => phrase !== 'what'),
    )
  ) {
    const ranking = rankingOf(tokens);
    if (!display || !ranking || newSubject || context.shown.length < 2) return undefined;
    if (!canRank(context.shown, ranking)) return undefined;
    const top = ranked(context.shown, ranking)[0];
    return top ? { kind: 'tool', tool: display, args: { item_id: top.id } } : undefined;
  }

  if (display && !newSubject) {
    const referred = referredItems(tokens, context, context.shown);
    const asksAboutOne =
      hasPhrase(tokens, DISPLAY_PHRASES) || ordinals(tokens).length > 0 || pointsAtFocus(tokens);
    if (referred.length === 1 && referred[0] && asksAboutOne && !plural) {
      return { kind: 'tool', tool: display, args: { item_id: referred[0].id } };
    }
    // "Show me the Summit one": the one shown item of that brand (or colour, or kind).
    const subject = subjectMatch(tokens, catalog, context.shown);
    if (subject && referred.length === 0 && asksAboutOne && !plural) {
      return { kind: 'tool', tool: display, args: { item_id: subject.id } };
    }
    const named = namedCatalogueItem(tokens, catalog);
    if (named && hasPhrase(tokens, DISPLAY_PHRASES) && !plural) {
      const found = await lookupNamed(tokens, catalog, display, lookup);
      if (found) return { kind: 'tool', tool: display, args: { item_id: found.id } };
    }
  }

  if (search && aboutCatalogue(query, filterArgs)) {
    const asks = hasPhrase(tokens, SEARCH_PHRASES) || query.length > 0;
    if (asks)
      return { kind: 'tool', tool: search, args: { ...(query ? { query } : {}), ...filterArgs } };
  }
  return undefined;
}
