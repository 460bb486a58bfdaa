// The intent router: decides the common turns of a shop conversation (search, show, compare,
// cart, end, small talk) from the words alone, in well under a millisecond, and leaves the rest
// to the LLM. It decides only when it is sure: a request it cannot read in full goes to the model.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import { compareRoute } from './compare.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import type { Lexicon } from './lexicon.js';
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
import { repairedHearing } from './hearing.js';
import { hasPhrase, itemWords, words } from './text.js';
import { intoTheCart, joinedCompounds, quantity, takesOut } from './utterance.js';

export type { SmallTalk } from './small-talk.js';

/** What the router decided for one utterance. */
export type Route =
  | {
      kind: 'tool';
      tool: RoutedTool;
      args: Record<string, unknown>;
      /** The same tool again in the same turn, with these arguments ("take both socks out"). */
      also?: Record<string, unknown>[];
    }
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
  const lexicon = catalog.lexicon;
  if (!lexicon) return undefined;
  const joined = repairedHearing(
    joinedCompounds(words(text, lexicon), catalog, lexicon),
    catalog,
    lexicon,
  );
  const tokens = lexicon.heard ? lexicon.heard(joined) : joined;
  if (tokens.length === 0) return undefined;
  const { singular } = lexicon;
  const has = (phrases: readonly string[]) => hasPhrase(tokens, phrases, lexicon);
  // The first word that says something: "so, which one is lighter" asks as "which one" does.
  const start = tokens.findIndex((token) => !lexicon.leadIns.has(token));
  const opening = tokens[start] ?? '';
  // "What about the blue ones", "how about the last one" ask to be shown, not told.
  const asks =
    (lexicon.questionStarts.has(opening) && !lexicon.about.includes(tokens[start + 1] ?? '')) ||
    has(lexicon.questionPhrases);
  // "Do not buy it" (or a recognizer's "don't buy" for "goodbye") asks for no purchase.
  const negated = has(lexicon.negations);
  const small = smallTalkOf(tokens, lexicon);
  if (small) return { kind: 'reply', reply: small };

  // Catalogue words besides the parting's own ("day" is a word of "day pack").
  const partingWords = new Set(lexicon.shortEnd.flatMap((phrase) => phrase.split(' ')));
  const catalogueWords = (words: string[]) =>
    words.some((token) => !partingWords.has(token) && catalog.vocabulary.has(singular(token)));
  const end = toolFor(catalog, 'end');
  const intentWords = [...lexicon.cart, ...lexicon.add, ...lexicon.remove, ...lexicon.compare];
  const parting =
    has(lexicon.end) ||
    // "Nice day" alone is a parting; inside a longer request it is small talk around it.
    (has(lexicon.shortEnd) && tokens.length <= 5 && !catalogueWords(tokens));
  if (end && parting && !has(intentWords)) {
    return { kind: 'tool', tool: end, args: { reason: 'the visitor said goodbye' } };
  }

  if (has(lexicon.toModel)) return undefined;

  // Recognizers often write "car" for "cart"; in a catalogue without cars it can only be the cart.
  const isCart = (token: string) =>
    lexicon.cart.some((word) => singular(word) === singular(token)) ||
    (lexicon.misheardCart.includes(token) && !catalog.vocabulary.has(singular(token)));
  const mentionsCart = tokens.some(isCart);
  const remove = toolFor(catalog, 'cart_remove');
  if (
    remove &&
    (has(lexicon.remove) || takesOut(tokens, lexicon)) &&
    (mentionsCart || context.cart !== undefined)
  ) {
    const [target, ...others] = removalTarget(tokens, context, catalog, lexicon);
    if (target) {
      const route: Route = { kind: 'tool', tool: remove, args: { item_id: target.id } };
      return others.length > 0
        ? { ...route, also: others.map((item) => ({ item_id: item.id })) }
        : route;
    }
    const named = await lookupNamed(tokens, catalog, remove, lookup, lexicon);
    return named ? { kind: 'tool', tool: remove, args: { item_id: named.id } } : undefined;
  }

  // "Compare the first and the second", "which one is cheaper?" when nothing was shown (its
  // search misheard, or asked again): nothing is there to point at, and the LLM would take
  // seconds to guess at it. A ranking is such a pick when it is short or says "one"; asked of
  // the shop ("what's the cheapest thing you have") it is not.
  const nothingShown =
    context.shown.length === 0 &&
    context.compared.length === 0 &&
    context.focus === undefined &&
    !context.cart?.length;
  const picksShown =
    ordinals(tokens, lexicon).length > 0 ||
    (rankingOf(tokens, lexicon) !== undefined &&
      (has(lexicon.one) || tokens.length <= 4) &&
      !has(lexicon.search.filter((phrase) => !lexicon.questionSearch.includes(phrase))));
  if (nothingShown && picksShown && !mentionsCart && !catalogueWords(tokens))
    return { kind: 'reply', reply: 'nothing_shown' };

  // "Add, compare the first and the third": a comparison of named positions outweighs a stray
  // verb the recognizer put before it.
  const compare = toolFor(catalog, 'compare');
  if (compare && !mentionsCart && has(lexicon.compare)) {
    const compared = await compareRoute(tokens, context, catalog, compare, lookup, lexicon);
    if (compared) return compared;
  }

  const add = toolFor(catalog, 'cart_add');
  // "And the second one as well", right after an addition: the same again, for that item.
  if (add && context.last === 'cart_add' && has(lexicon.again) && !asks && !negated) {
    const [again] = referredItems(tokens, { ...context, focus: undefined }, context.shown, lexicon);
    if (again) return { kind: 'tool', tool: add, args: { item_id: again.id } };
  }
  // "The headlamp to my cart": the verb is often lost in recognition, the destination is not.
  // A question ("what do I have in my cart") or words that name no item are not an addition;
  // a count of something ("zwei Paar davon in den Warenkorb") is one of the item in focus.
  const intoCart =
    mentionsCart &&
    !lexicon.cartQuestions.includes(opening) &&
    intoTheCart(tokens, isCart, lexicon) &&
    !has(lexicon.showCart.filter((phrase) => !phrase.split(' ').some(isCart))) &&
    (pointsAtItem(tokens, context, catalog, lexicon) ||
      (context.focus !== undefined && quantity(tokens, lexicon) !== undefined));
  if (
    add &&
    !negated &&
    (has(lexicon.add) || intoCart) &&
    (mentionsCart ||
      pointsAtFocus(tokens, lexicon) ||
      ordinals(tokens, lexicon).length > 0 ||
      has(lexicon.buyVerbs))
  ) {
    const pool =
      context.compared.length > 0 && rankingOf(tokens, lexicon) ? context.compared : context.shown;
    let [target] = referredItems(tokens, context, pool, lexicon);
    target ??= await lookupNamed(tokens, catalog, add, lookup, lexicon);
    if (!target && context.focus && !has(lexicon.oneWords)) target = context.focus;
    // "Put the cheaper one in my cart" with nothing shown: there is nothing to add.
    if (!target)
      return nothingShown && !catalogueWords(tokens)
        ? { kind: 'reply', reply: 'nothing_shown' }
        : undefined;
    const count = quantity(tokens, lexicon);
    return {
      kind: 'tool',
      tool: add,
      args: { item_id: target.id, ...(count ? { quantity: count } : {}) },
    };
  }

  const list = toolFor(catalog, 'cart_list');
  if (list && mentionsCart && has(lexicon.showCart)) {
    return { kind: 'tool', tool: list, args: {} };
  }

  if (compare && has(lexicon.compare)) {
    return compareRoute(tokens, context, catalog, compare, lookup, lexicon);
  }

  const display = toolFor(catalog, 'display');
  const search = toolFor(catalog, 'search');
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used, lexicon);
  const query = searchQuery(tokens, catalog, used, lexicon);
  const plural = tokens.some(
    (token, index) =>
      (lexicon.pluralInFilters || !used.has(index)) &&
      catalog.vocabulary.has(singular(token)) &&
      lexicon.plural(token, catalog.surface),
  );

  // "How much is it?", "elle coûte combien ?", "ist es wasserdicht?": a fact of one item, which
  // its card shows and the display reply says. The LLM took seconds to answer these.
  if (display && !plural && !mentionsCart && asksFact(tokens, catalog, filterArgs, asks, lexicon)) {
    const referred = referredItems(tokens, context, context.shown, lexicon);
    const target =
      referred.length === 1 ? referred[0] : referred.length === 0 ? context.focus : undefined;
    if (target) return { kind: 'tool', tool: display, args: { item_id: target.id } };
  }

  // "The cheapest sleeping bag" while tents are shown is a new search, not a pick among the tents.
  const newSubject =
    (query.length > 0 || Object.keys(filterArgs).length > 0) &&
    !context.shown.some((item) => matchesSubject(item, query, filterArgs, lexicon));

  // "What do you sell", "qu'est-ce que vous vendez ?": what the shop has, though "do you sell"
  // and "vous vendez" also ask for a kind (a kind, colour or amount named makes it a search).
  if (
    asks &&
    lexicon.offerQuestions.includes(opening) &&
    !aboutCatalogue(query, filterArgs) &&
    has(lexicon.offer)
  )
    return { kind: 'reply', reply: 'catalogue' };

  // A question about what is shown ("which is better for rocky trails") is the model's to answer,
  // unless it asks for the top of a ranking ("which one is the lightest"): the page shows that one.
  if (asks && !has(lexicon.search.filter((phrase) => !lexicon.questionSearch.includes(phrase)))) {
    // "Do you also have sun hats", heard as "do yourself sun hats", or "quels sacs à dos,
    // savez-vous ?": a kind of item nobody has shown yet is asked for, whatever the question's
    // grammar came out as. "Which" asks for a kind only when it names one ("which is better for
    // rocky trails" is the LLM's).
    const namesKind = Object.keys(filterArgs).some((key) => catalog.kinds.has(key));
    if (search && newSubject && !pointsAtFocus(tokens, lexicon)) {
      if (query && lexicon.yesNoStarts.has(opening))
        return { kind: 'tool', tool: search, args: { query, ...filterArgs } };
      if (namesKind && lexicon.whichStarts.has(opening))
        return { kind: 'tool', tool: search, args: { ...(query ? { query } : {}), ...filterArgs } };
    }
    const ranking = rankingOf(tokens, lexicon);
    if (!display || !ranking || newSubject || context.shown.length < 2) return undefined;
    if (!canRank(context.shown, ranking)) return undefined;
    const top = ranked(context.shown, ranking)[0];
    return top ? { kind: 'tool', tool: display, args: { item_id: top.id } } : undefined;
  }

  if (display && !newSubject) {
    const referred = referredItems(tokens, context, context.shown, lexicon);
    // "The cheapest one, please": a ranking that picks one is as clear as a position.
    const asksAboutOne =
      has(lexicon.display) ||
      ordinals(tokens, lexicon).length > 0 ||
      pointsAtFocus(tokens, lexicon) ||
      (rankingOf(tokens, lexicon) !== undefined &&
        tokens.some((token) => lexicon.one.includes(token)));
    if (referred.length === 1 && referred[0] && asksAboutOne && !plural) {
      return { kind: 'tool', tool: display, args: { item_id: referred[0].id } };
    }
    // "Show me the Summit one": the one shown item of that brand (or colour, or kind).
    const subject = subjectMatch(tokens, catalog, context.shown, lexicon);
    if (subject && referred.length === 0 && asksAboutOne && !plural) {
      return { kind: 'tool', tool: display, args: { item_id: subject.id } };
    }
    const named = namedCatalogueItem(tokens, catalog, lexicon);
    if (named && has(lexicon.display) && !plural) {
      const found = await lookupNamed(tokens, catalog, display, lookup, lexicon);
      if (found) return { kind: 'tool', tool: display, args: { item_id: found.id } };
    }
  }

  if (search && aboutCatalogue(query, filterArgs)) {
    const args = narrowed(
      tokens,
      { ...(query ? { query } : {}), ...filterArgs },
      context,
      catalog,
      lexicon,
    );
    // "Show me the one from Red Cedar" when none is shown: the one the catalogue has.
    if (display && lookup && !plural && has(lexicon.theOne)) {
      const { query: words, ...rest } = args;
      const text = typeof words === 'string' ? words : '';
      // The search matches any of the words; the one meant has them all in its name.
      const named = (await lookup(search, text, rest)).filter((item) =>
        text
          .split(' ')
          .filter(Boolean)
          .every((word) => itemWords(item.name, lexicon).map(singular).includes(singular(word))),
      );
      if (named.length === 1 && named[0])
        return { kind: 'tool', tool: display, args: { item_id: named[0].id } };
    }
    if (has([...lexicon.search, ...lexicon.narrowing]) || query.length > 0)
      return { kind: 'tool', tool: search, args };
  }
  return undefined;
}

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
  const search = lexicon.search.filter((phrase) => !lexicon.questionSearch.includes(phrase));
  if (hasPhrase(tokens, search, lexicon)) return false;
  const booleans = new Set(catalog.booleans.map((field) => field.key));
  const keys = Object.keys(filterArgs);
  if (!keys.every((key) => booleans.has(key))) return false;
  return hasPhrase(tokens, lexicon.factWords, lexicon) || (keys.length > 0 && asks);
}

/**
 * A search that only names a filter ("what about blue ones", "anything under 50 dollars") narrows
 * the last one: its words and filters stay, the new filters replace theirs. A kind of item
 * ("what about backpacks") or "everything" starts afresh.
 */
function narrowed(
  tokens: string[],
  args: Record<string, unknown>,
  context: ConversationContext,
  catalog: RouterCatalog,
  lexicon: Lexicon,
): Record<string, unknown> {
  const last = context.lastSearch;
  if (!last || args.query !== undefined) return args;
  if (hasPhrase(tokens, lexicon.fresh, lexicon)) return args;
  // "Just the backpacks" narrows to a kind; "what about backpacks" asks for another kind.
  if (
    !hasPhrase(tokens, lexicon.narrowing, lexicon) &&
    Object.keys(args).some((key) => catalog.kinds.has(key))
  )
    return args;
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
