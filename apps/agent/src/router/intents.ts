// The intent router: decides the common turns of a shop conversation (search, show, compare,
// cart, end, small talk) from the words alone, in well under a millisecond, and leaves the rest
// to the LLM. It decides only when it is sure: a request it cannot read in full goes to the model.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import {
  canRank,
  namedCatalogueItem,
  ordinals,
  pointsAtFocus,
  ranked,
  rankingOf,
  referredItems,
} from './references.js';
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
import { FILLER, hasPhrase, singular, words } from './text.js';

/** What the router decided for one utterance. */
export type Route =
  | { kind: 'tool'; tool: RoutedTool; args: Record<string, unknown> }
  | { kind: 'reply'; reply: SmallTalk };

/** Turns answered without a tool. */
export type SmallTalk = 'greeting' | 'how_are_you' | 'thanks' | 'help';

/** Finds catalogue items by words, for requests that name items nobody has shown yet. */
export type ItemLookup = (
  tool: RoutedTool,
  query: string,
  filters: Record<string, unknown>,
) => Promise<SeenItem[]>;

function greeting(tokens: string[]): SmallTalk | undefined {
  // "Bye there" is no farewell anyone says: it is "hi there" as a recognizer heard it.
  if (tokens[0] === 'bye' && tokens[1] === 'there' && tokens.length === 2) return 'greeting';
  const content = tokens.filter(
    (token) => !['there', 'again', 'everyone', 'you', 'guys'].includes(token),
  );
  if (content.length === 0) return undefined;
  if (hasPhrase(content, ['how are you', 'how is it going', 'how are things']))
    return 'how_are_you';
  if (
    content.every((token) =>
      [
        'hi',
        'hello',
        'hey',
        'good',
        'morning',
        'afternoon',
        'evening',
        'greetings',
        'howdy',
      ].includes(token),
    )
  )
    return 'greeting';
  if (
    content.every((token) =>
      [
        'thanks',
        'thank',
        'you',
        'very',
        'much',
        'a',
        'lot',
        'great',
        'ok',
        'okay',
        'cool',
        'perfect',
        'awesome',
        'nice',
      ].includes(token),
    ) &&
    hasPhrase(content, ['thanks', 'thank'])
  )
    return 'thanks';
  if (
    hasPhrase(content, [
      'what can you do',
      'how can you help',
      'what do you do',
      'help me',
      'can you help',
    ])
  ) {
    // "can you help me find a tent" is a search; only the bare question is small talk.
    const rest = content.filter(
      (token) => !FILLER.has(token) && !['help', 'can', 'do', 'what', 'how'].includes(token),
    );
    if (rest.length === 0) return 'help';
  }
  return undefined;
}

/** Whether an item is of the kind the words name (its name or an enum value it has). */
function matchesSubject(
  item: SeenItem,
  query: string,
  filterArgs: Record<string, unknown>,
): boolean {
  const name = item.name.toLowerCase().split(/\s+/).map(singular);
  const queryHits = query
    .split(' ')
    .filter(Boolean)
    .some((word) => name.includes(singular(word)));
  const enumHits = Object.entries(filterArgs).some(
    ([key, value]) => typeof value === 'string' && item.fields[key] === value,
  );
  return queryHits || enumHits;
}

/** Whether any word is a catalogue word or the utterance names a filter. */
function aboutCatalogue(query: string, filterArgs: Record<string, unknown>): boolean {
  return query.length > 0 || Object.keys(filterArgs).length > 0;
}

/** The one item of `pool` of the brand, colour or kind the words name ("the Summit one"). */
function subjectMatch(
  tokens: string[],
  catalog: RouterCatalog,
  pool: readonly SeenItem[],
): SeenItem | undefined {
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used);
  const query = searchQuery(tokens, catalog, used);
  if (!aboutCatalogue(query, filterArgs)) return undefined;
  const matching = pool.filter((item) => matchesSubject(item, query, filterArgs));
  return matching.length === 1 ? matching[0] : undefined;
}

/** The items a cart removal means: in the cart when it is known, else what was shown. */
function removalTarget(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
): SeenItem[] {
  const pool = context.cart && context.cart.length > 0 ? context.cart : context.shown;
  const found = referredItems(tokens, context, pool);
  if (found.length > 0) return found;
  const subject = subjectMatch(tokens, catalog, pool);
  if (subject) return [subject];
  if (context.cart?.length === 1 && context.cart[0]) return [context.cart[0]];
  return [];
}

/** A quantity asked for ("two of them", "add 3"), when one is named. */
function quantity(tokens: string[]): number | undefined {
  for (const [index, token] of tokens.entries()) {
    if (!/^\d+$/.test(token)) continue;
    const next = tokens[index + 1] ?? '';
    const previous = tokens[index - 1] ?? '';
    if (
      ['of', 'more', 'units', 'pieces', 'pairs', 'x'].includes(next) ||
      ['add', 'quantity', 'buy', 'take'].includes(previous)
    ) {
      const value = Number(token);
      if (value >= 1 && value <= 99) return value;
    }
  }
  return undefined;
}

/** "Take the socks out", "get it off my cart": a removal whose verb is split around the item. */
function takesOut(tokens: string[]): boolean {
  const verb = tokens.findIndex((token) => ['take', 'get', 'pull'].includes(token));
  return verb >= 0 && tokens.slice(verb + 1).some((token) => token === 'out' || token === 'off');
}

/**
 * The words with compounds a recognizer wrote in two ("water proof", "head lamp") joined where
 * the catalogue knows the joined word and not both of its halves.
 */
function joinedCompounds(tokens: string[], catalog: RouterCatalog): string[] {
  // The catalogue's words, and its yes-or-no filters ("waterproof").
  const known = (word: string) =>
    catalog.vocabulary.has(word) ||
    catalog.booleans.some((field) => field.phrases.some((phrase) => phrase.join('') === word));
  const out: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const first = tokens[index] as string;
    const second = tokens[index + 1];
    const joined = `${first}${second ?? ''}`;
    if (
      second !== undefined &&
      /^[a-z]+$/.test(joined) &&
      joined.length >= 6 &&
      known(singular(joined)) &&
      !(known(singular(first)) && known(singular(second)))
    ) {
      out.push(joined);
      index += 1;
    } else out.push(first);
  }
  return out;
}

/** Whether the cart is where something goes: "to my cart", "in the basket", "into cart". */
function intoTheCart(tokens: string[], isCart: (token: string) => boolean): boolean {
  return tokens.some((token, index) => {
    if (!isCart(token)) return false;
    const before = tokens[index - 1] ?? '';
    const preposition = (word: string) => ['to', 'in', 'into', 'onto'].includes(word);
    return (
      preposition(before) ||
      (['my', 'the', 'your', 'our'].includes(before) && preposition(tokens[index - 2] ?? ''))
    );
  });
}

/** Whether the words point at an item at all: a pronoun, a position, a ranking or a name. */
function pointsAtItem(tokens: string[], context: ConversationContext, catalog: RouterCatalog) {
  return (
    pointsAtFocus(tokens) ||
    ordinals(tokens).length > 0 ||
    rankingOf(tokens) !== undefined ||
    referredItems(tokens, context, context.shown).length > 0 ||
    namedCatalogueItem(tokens, catalog) !== undefined ||
    tokens.some((token) => !CART_WORDS.includes(token) && catalog.vocabulary.has(singular(token)))
  );
}

/** A named catalogue item, looked up to learn its id. */
async function lookupNamed(
  tokens: string[],
  catalog: RouterCatalog,
  tool: RoutedTool | undefined,
  lookup: ItemLookup | undefined,
): Promise<SeenItem | undefined> {
  const name = namedCatalogueItem(tokens, catalog);
  const search = toolFor(catalog, 'search') ?? tool;
  if (!name || !lookup || !search) return undefined;
  const found = await lookup(search, name, {});
  return found.find((item) => item.name.toLowerCase() === name) ?? found[0];
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
): Promise<Route | undefined> {
  const tokens = joinedCompounds(words(text), catalog);
  if (tokens.length === 0) return undefined;
  // The first word that says something: "so, which one is lighter" asks as "which one" does.
  const opening = tokens.find((token) => !LEAD_INS.has(token)) ?? '';
  const asks = QUESTION_STARTS.has(opening);
  // "Do not buy it" (or a recognizer's "don't buy" for "goodbye") asks for no purchase.
  const negated = hasPhrase(tokens, ['not', 'never']);
  const small = greeting(tokens);
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

/** "Compare them", "compare the first two", "compare the two lightest tents". */
async function compareRoute(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
  compare: RoutedTool,
  lookup: ItemLookup | undefined,
): Promise<Route | undefined> {
  const max = 3;
  const wanted = tokens.includes('3') || tokens.includes('three') ? 3 : 2;
  const positions = ordinals(tokens);
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used);
  const query = searchQuery(tokens, catalog, used);
  const ranking = rankingOf(tokens);
  const pronoun = hasPhrase(tokens, [
    'them',
    'those',
    'these',
    'both',
    'the two',
    'the three',
    'all',
  ]);

  let pool: SeenItem[] = context.shown;
  // A compare that names a kind of item ("the two lightest tents") searches for it first,
  // unless what is shown already is that kind.
  const shownMatches =
    pool.length >= 2 &&
    query &&
    pool.some((item) =>
      query.split(' ').some((word) => item.name.toLowerCase().includes(singular(word))),
    );
  if (
    (query || Object.keys(filterArgs).length > 0) &&
    !shownMatches &&
    positions.length === 0 &&
    lookup
  ) {
    const search = toolFor(catalog, 'search') ?? compare;
    pool = await lookup(search, query, filterArgs);
  }
  let picked: SeenItem[] = [];
  if (positions.length >= 2) {
    picked = positions
      .map((position) => (position < 0 ? pool[pool.length + position] : pool[position]))
      .filter((item): item is SeenItem => item !== undefined);
  } else if (
    positions.length === 1 &&
    positions[0] === 0 &&
    /^(2|3)$/.test(tokens[tokens.indexOf('first') + 1] ?? '')
  ) {
    picked = pool.slice(0, Number(tokens[tokens.indexOf('first') + 1]));
  } else if (ranking && canRank(pool, ranking)) {
    picked = ranked(pool, ranking).slice(0, wanted);
  } else if (pronoun || pool.length <= max) {
    picked = pool.slice(
      0,
      pronoun && (tokens.includes('3') || tokens.includes('all')) ? max : wanted,
    );
  }
  // Items named by name ("compare the solo tent and the dome tent").
  if (picked.length < 2) {
    const named = pool.filter((item) => {
      const nameWords = item.name.toLowerCase().split(/\s+/).map(singular);
      const distinct = nameWords.filter((word) => tokens.map(singular).includes(word));
      return distinct.length >= 2;
    });
    if (named.length >= 2 && named.length <= max) picked = named;
  }
  if (picked.length < 2) return undefined;
  return {
    kind: 'tool',
    tool: compare,
    args: { item_ids: picked.slice(0, max).map((item) => item.id) },
  };
}
