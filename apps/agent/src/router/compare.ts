// "Compare them", "compare the first two", "compare the two lightest tents", "compare the
// North Peak and the Summit ones": which items a comparison means.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import type { ItemLookup, Route } from './intents.js';
import { canRank, ordinals, ranked, rankingOf } from './references.js';
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
