// Which items the words are about: a brand, colour or kind among what is shown or in the cart,
// or a catalogue item named outright.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import type { ItemLookup } from './route.js';
import type { Lexicon } from '@svc/languages/router';
import {
  namedCatalogueItem,
  ordinals,
  pointsAtFocus,
  rankingOf,
  referredItems,
} from './references.js';
import { hasPhrase, itemWords, nameWords } from './text.js';

/** Whether an item is of the kind the words name (its name or an enum value it has). */
export function matchesSubject(
  item: SeenItem,
  query: string,
  filterArgs: Record<string, unknown>,
  lexicon: Lexicon,
): boolean {
  const { stem } = lexicon;
  const name = itemWords(item.name, lexicon).map(stem);
  const queryHits = query
    .split(' ')
    .filter(Boolean)
    .some((word) => name.includes(stem(word)));
  const enumHits = Object.entries(filterArgs).some(
    ([key, value]) => typeof value === 'string' && item.fields[key] === value,
  );
  return queryHits || enumHits;
}

/** Whether any word is a catalogue word or the utterance names a filter. */
export function aboutCatalogue(query: string, filterArgs: Record<string, unknown>): boolean {
  return query.length > 0 || Object.keys(filterArgs).length > 0;
}

/** What the words name of the catalogue: its filters and its search words. */
function subjectOf(
  tokens: string[],
  catalog: RouterCatalog,
  lexicon: Lexicon,
): { query: string; filterArgs: Record<string, unknown> } {
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used, lexicon);
  return { query: searchQuery(tokens, catalog, used, lexicon), filterArgs };
}

/** The items of `pool` of the brand, colour or kind the words name ("the Summit ones"). */
function subjectMatches(
  tokens: string[],
  catalog: RouterCatalog,
  pool: readonly SeenItem[],
  lexicon: Lexicon,
  { query, filterArgs } = subjectOf(tokens, catalog, lexicon),
): SeenItem[] {
  if (!aboutCatalogue(query, filterArgs)) return [];
  return pool.filter((item) => matchesSubject(item, query, filterArgs, lexicon));
}

/**
 * What the words name of `item`: a brand, colour or kind it is (`it`: "add the tent" with a tent in
 * focus), one it is not (`other`: "add a headlamp"), or none (`nothing`: "put it in my cart").
 */
export function namesOf(
  tokens: string[],
  catalog: RouterCatalog,
  item: SeenItem,
  lexicon: Lexicon,
): 'it' | 'other' | 'nothing' {
  const { query, filterArgs } = subjectOf(tokens, catalog, lexicon);
  if (!aboutCatalogue(query, filterArgs)) return 'nothing';
  return matchesSubject(item, query, filterArgs, lexicon) ? 'it' : 'other';
}

/** Whether the words name a brand, colour or kind at all. */
function namesSubject(tokens: string[], catalog: RouterCatalog, lexicon: Lexicon): boolean {
  const { query, filterArgs } = subjectOf(tokens, catalog, lexicon);
  return aboutCatalogue(query, filterArgs);
}

/** The one item of `pool` of the brand, colour or kind the words name ("the Summit one"). */
export function subjectMatch(
  tokens: string[],
  catalog: RouterCatalog,
  pool: readonly SeenItem[],
  lexicon: Lexicon,
): SeenItem | undefined {
  const matching = subjectMatches(tokens, catalog, pool, lexicon);
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * The item of `pool` a definite singular names by brand, colour or kind ("the green one", "la
 * verde"): the one such item, or, of several, the first as they were shown, which is the one the
 * reply named first. Only items that are everything the words say count ("the green headlamp" is
 * green and a headlamp); "a green one" or a plural asks for any or all of them: none.
 */
export function definiteSubject(
  tokens: string[],
  catalog: RouterCatalog,
  pool: readonly SeenItem[],
  lexicon: Lexicon,
): SeenItem | undefined {
  const subject = subjectOf(tokens, catalog, lexicon);
  const matching = subjectMatches(tokens, catalog, pool, lexicon, subject);
  if (matching.length <= 1) return matching[0];
  if (!hasPhrase(tokens, lexicon.definite) || meansEvery(tokens, catalog, lexicon))
    return undefined;
  const { query, filterArgs } = subject;
  if (Object.values(filterArgs).some((value) => typeof value !== 'string')) return undefined;
  const { stem } = lexicon;
  const said = query.split(' ').filter(Boolean).map(stem);
  return matching.find((item) => {
    const name = itemWords(item.name, lexicon).map(stem);
    return (
      said.every((word) => name.includes(word)) &&
      Object.entries(filterArgs).every(([key, value]) => item.fields[key] === value)
    );
  });
}

/**
 * Whether the words mean every item of their kind: "both", "all", or a catalogue word said in the
 * plural ("take the socks out").
 */
function meansEvery(tokens: readonly string[], catalog: RouterCatalog, lexicon: Lexicon): boolean {
  if (hasPhrase(tokens, lexicon.everyPhrases)) return true;
  return tokens.some(
    (token) =>
      lexicon.every.has(token) ||
      (!lexicon.cart.includes(token) &&
        lexicon.plural(token, catalog.surface) &&
        catalog.vocabulary.has(lexicon.stem(token))),
  );
}

/**
 * The items a cart removal means: in the cart when it is known (an empty cart has nothing to
 * take out, whatever the page shows), else what was shown.
 */
export function removalTarget(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
  lexicon: Lexicon,
): SeenItem[] {
  const pool = context.cart ?? context.shown;
  const found = referredItems(tokens, context, pool, lexicon);
  if (found.length > 0) return found;
  const subjects = subjectMatches(tokens, catalog, pool, lexicon);
  // One item of that kind, or every one of them when the words say so ("the socks", "both").
  if (subjects.length === 1 || (subjects.length > 1 && meansEvery(tokens, catalog, lexicon)))
    return subjects;
  // A cart of one line: "remove it" is that line, "remove the tent" is not when it holds no tent.
  if (context.cart?.length === 1 && context.cart[0] && !namesSubject(tokens, catalog, lexicon))
    return [context.cart[0]];
  // "Take them both out", "remove them all": the whole cart, when the words name no kind.
  if (
    subjects.length === 0 &&
    context.cart &&
    (tokens.some((token) => lexicon.every.has(token)) || hasPhrase(tokens, lexicon.everyPhrases))
  )
    return context.cart;
  return [];
}

/** Whether the words point at an item at all: a pronoun, a position, a ranking or a name. */
export function pointsAtItem(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
  lexicon: Lexicon,
) {
  return (
    pointsAtFocus(tokens, lexicon) ||
    ordinals(tokens, lexicon).length > 0 ||
    rankingOf(tokens, lexicon) !== undefined ||
    referredItems(tokens, context, context.shown, lexicon).length > 0 ||
    namedCatalogueItem(tokens, catalog, lexicon) !== undefined ||
    tokens.some(
      (token) => !lexicon.cart.includes(token) && catalog.vocabulary.has(lexicon.stem(token)),
    )
  );
}

/** A named catalogue item, looked up to learn its id. */
export async function lookupNamed(
  tokens: string[],
  catalog: RouterCatalog,
  tool: RoutedTool | undefined,
  lookup: ItemLookup | undefined,
  lexicon: Lexicon,
): Promise<SeenItem | undefined> {
  const name = namedCatalogueItem(tokens, catalog, lexicon);
  const search = toolFor(catalog, 'search') ?? tool;
  if (!name || !lookup || !search) return undefined;
  const found = await lookup(search, name, {});
  const exact = lexicon.foldAccents
    ? (item: SeenItem) => nameWords(item.name, lexicon).join(' ') === name
    : (item: SeenItem) => item.name.toLowerCase() === name;
  return found.find(exact) ?? found[0];
}
