// Which items the words are about: a brand, colour or kind among what is shown or in the cart,
// or a catalogue item named outright.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import type { ItemLookup } from './intents.js';
import { CART_WORDS } from './phrases.js';
import {
  namedCatalogueItem,
  ordinals,
  pointsAtFocus,
  rankingOf,
  referredItems,
} from './references.js';
import { singular } from './text.js';

/** Whether an item is of the kind the words name (its name or an enum value it has). */
export function matchesSubject(
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
export function aboutCatalogue(query: string, filterArgs: Record<string, unknown>): boolean {
  return query.length > 0 || Object.keys(filterArgs).length > 0;
}

/** The items of `pool` of the brand, colour or kind the words name ("the Summit ones"). */
function subjectMatches(
  tokens: string[],
  catalog: RouterCatalog,
  pool: readonly SeenItem[],
): SeenItem[] {
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used);
  const query = searchQuery(tokens, catalog, used);
  if (!aboutCatalogue(query, filterArgs)) return [];
  return pool.filter((item) => matchesSubject(item, query, filterArgs));
}

/** The one item of `pool` of the brand, colour or kind the words name ("the Summit one"). */
export function subjectMatch(
  tokens: string[],
  catalog: RouterCatalog,
  pool: readonly SeenItem[],
): SeenItem | undefined {
  const matching = subjectMatches(tokens, catalog, pool);
  return matching.length === 1 ? matching[0] : undefined;
}

/** Words that mean every item they name ("take both out", "remove all the socks"). */
const EVERY_WORDS = new Set(['both', 'all', 'them', 'these', 'those']);

/**
 * Whether the words mean every item of their kind: "both", "all", or a catalogue word said in the
 * plural ("take the socks out").
 */
function meansEvery(tokens: readonly string[], catalog: RouterCatalog): boolean {
  return tokens.some(
    (token) =>
      EVERY_WORDS.has(token) ||
      (!CART_WORDS.includes(token) &&
        singular(token) !== token &&
        catalog.vocabulary.has(singular(token))),
  );
}

/** The items a cart removal means: in the cart when it is known, else what was shown. */
export function removalTarget(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
): SeenItem[] {
  const pool = context.cart && context.cart.length > 0 ? context.cart : context.shown;
  const found = referredItems(tokens, context, pool);
  if (found.length > 0) return found;
  const subjects = subjectMatches(tokens, catalog, pool);
  // One item of that kind, or every one of them when the words say so ("the socks", "both").
  if (subjects.length === 1 || (subjects.length > 1 && meansEvery(tokens, catalog)))
    return subjects;
  if (context.cart?.length === 1 && context.cart[0]) return [context.cart[0]];
  // "Take them both out", "remove them all": the whole cart, when the words name no kind.
  if (subjects.length === 0 && context.cart && tokens.some((token) => EVERY_WORDS.has(token)))
    return context.cart;
  return [];
}

/** Whether the words point at an item at all: a pronoun, a position, a ranking or a name. */
export function pointsAtItem(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
) {
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
export async function lookupNamed(
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
