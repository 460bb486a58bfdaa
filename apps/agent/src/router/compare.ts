// "Compare them", "compare the first two", "compare the two lightest tents", "compare the
// North Peak and the Summit ones": which items a comparison means.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import type { ItemLookup, Route } from './intents.js';
import { canRank, ordinals, pointsAtFocus, rankField, ranked, rankingOf } from './references.js';
import { subjectMatch } from './subjects.js';
import { hasPhrase, singular } from './text.js';

/** "Compare them", "compare the first two", "compare the two lightest tents". */
export async function compareRoute(
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

  // "The North Peak and the Summit ones": one shown item per brand, colour or kind named.
  const bySubject = subjectsNamed(tokens, catalog, context.shown);
  if (bySubject.length >= 2)
    return { kind: 'tool', tool: compare, args: { item_ids: bySubject.map((item) => item.id) } };

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
    // "The two lightest tents" are the lightest of all tents, not of the first page of them: the
    // first page says which field holds the weight, a sorted search finds the lightest.
    const field = ranking && rankField(pool, ranking);
    if (ranking && field) {
      const order = ranking.order === 'ascending' ? 'asc' : 'desc';
      const sorted = await lookup(search, query, filterArgs, { field, order });
      if (sorted.length >= 2) pool = sorted;
    }
  }
  let picked: SeenItem[] = [];
  // "Compare it with the second one": the item in focus and the one named by position.
  const [position] = positions;
  const other =
    position === undefined
      ? undefined
      : position < 0
        ? pool[pool.length + position]
        : pool[position];
  if (
    positions.length === 1 &&
    context.focus &&
    pointsAtFocus(tokens) &&
    other &&
    other.id !== context.focus.id
  ) {
    picked = [context.focus, other];
  } else if (positions.length >= 2) {
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

/** The words before and after "and", "or", "with", "versus": one subject each. */
function segments(tokens: string[]): string[][] {
  const parts: string[][] = [[]];
  for (const token of tokens) {
    if (['and', 'or', 'with', 'versus', 'vs', 'against'].includes(token)) parts.push([]);
    else parts[parts.length - 1]?.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

/** One shown item for each part that names a brand, colour or kind, when every part does. */
function subjectsNamed(
  tokens: string[],
  catalog: RouterCatalog,
  shown: readonly SeenItem[],
): SeenItem[] {
  const parts = segments(tokens);
  if (parts.length < 2 || parts.length > 3 || shown.length < 2) return [];
  const picked = parts.map((part) => subjectMatch(part, catalog, shown));
  const ids = new Set(picked.map((item) => item?.id));
  return picked.every((item) => item !== undefined) && ids.size === picked.length
    ? (picked as SeenItem[])
    : [];
}
