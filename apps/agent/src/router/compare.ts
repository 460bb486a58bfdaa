// "Compare them", "compare the first two", "compare the two lightest tents", "compare the
// North Peak and the Summit ones": which items a comparison means.
import { toolFor, type RouterCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import { filters, searchQuery } from './filters.js';
import type { ItemLookup, Route } from './route.js';
import { canRank, ordinals, pointsAtFocus, rankField, ranked, rankingOf } from './references.js';
import type { Lexicon } from '@svc/languages/router';
import { subjectMatch } from './subjects.js';
import { hasPhrase, itemWords } from './text.js';

/** "Compare them", "compare the first two", "compare the two lightest tents". */
export async function compareRoute(
  tokens: string[],
  context: ConversationContext,
  catalog: RouterCatalog,
  compare: RoutedTool,
  lookup: ItemLookup | undefined,
  lexicon: Lexicon,
): Promise<Route | undefined> {
  const max = 3;
  const { stem } = lexicon;
  const three = tokens.some((token) => lexicon.three.includes(token));
  const wanted = three ? 3 : 2;
  const positions = ordinals(tokens, lexicon);
  const used = new Set<number>();
  const filterArgs = filters(tokens, catalog, used, lexicon);
  const query = searchQuery(tokens, catalog, used, lexicon);
  const ranking = rankingOf(tokens, lexicon);
  const pronoun = hasPhrase(tokens, lexicon.comparePronouns);

  // "The North Peak and the Summit ones": one shown item per brand, colour or kind named.
  const bySubject = subjectsNamed(tokens, catalog, context.shown, lexicon);
  if (bySubject.length >= 2)
    return { kind: 'tool', tool: compare, args: { item_ids: bySubject.map((item) => item.id) } };

  let pool: SeenItem[] = context.shown;
  // A compare that names a kind of item ("the two lightest tents") searches for it first,
  // unless what is shown already is that kind.
  const shownMatches =
    pool.length >= 2 &&
    query &&
    pool.some((item) =>
      query
        .split(' ')
        .some((word) =>
          (lexicon.foldAccents
            ? itemWords(item.name, lexicon).join(' ')
            : item.name.toLowerCase()
          ).includes(stem(word)),
        ),
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
    pointsAtFocus(tokens, lexicon) &&
    other &&
    other.id !== context.focus.id
  ) {
    picked = [context.focus, other];
  } else if (positions.length >= 2) {
    picked = positions
      .map((position) => (position < 0 ? pool[pool.length + position] : pool[position]))
      .filter((item): item is SeenItem => item !== undefined);
  } else if (positions.length === 1 && positions[0] === 0 && firstFew(tokens, lexicon)) {
    picked = pool.slice(0, firstFew(tokens, lexicon));
  } else if (ranking && canRank(pool, ranking)) {
    picked = ranked(pool, ranking).slice(0, wanted);
  } else if (pronoun || pool.length <= max) {
    picked = pool.slice(
      0,
      pronoun && (tokens.includes('3') || tokens.some((token) => lexicon.all.includes(token)))
        ? max
        : wanted,
    );
  }
  // Items named by name ("compare the solo tent and the dome tent").
  if (picked.length < 2) {
    const named = pool.filter((item) => {
      const nameWords = itemWords(item.name, lexicon).map(stem);
      const distinct = nameWords.filter((word) => tokens.map(stem).includes(word));
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

/**
 * "The first two", "les deux premières", "die ersten zwei": how many from the top, when the
 * first position comes with a count of 2 or 3.
 */
export function firstFew(tokens: readonly string[], lexicon: Lexicon): number | undefined {
  const at = tokens.findIndex((token) => lexicon.first.includes(token));
  const after = tokens[at + 1] ?? '';
  if (/^(2|3)$/.test(after)) return Number(after);
  const before = at > 0 ? (tokens[at - 1] ?? '') : '';
  return lexicon.countBeforeFirst && /^(2|3)$/.test(before) ? Number(before) : undefined;
}

/** The words before and after "and", "or", "with", "versus": one subject each. */
function segments(tokens: string[], lexicon: Lexicon): string[][] {
  const parts: string[][] = [[]];
  for (const token of tokens) {
    if (lexicon.separators.includes(token)) parts.push([]);
    else parts[parts.length - 1]?.push(token);
  }
  return parts.filter((part) => part.length > 0);
}

/** One shown item for each part that names a brand, colour or kind, when every part does. */
function subjectsNamed(
  tokens: string[],
  catalog: RouterCatalog,
  shown: readonly SeenItem[],
  lexicon: Lexicon,
): SeenItem[] {
  const parts = segments(tokens, lexicon);
  if (parts.length < 2 || parts.length > 3 || shown.length < 2) return [];
  const picked = parts.map((part) => subjectMatch(part, catalog, shown, lexicon));
  const ids = new Set(picked.map((item) => item?.id));
  return picked.every((item) => item !== undefined) && ids.size === picked.length
    ? (picked as SeenItem[])
    : [];
}
