// "The first one", "the cheaper one", "it", "the North Peak tent": which items a visitor means,
// among what the conversation has shown.
import type { RouterCatalog } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import type { Lexicon, Ranking } from '@svc/languages/router';
import { hasPhrase, indexOfPhrase, indexOfWords, nameWords } from './text.js';

/** The ordinal positions named, in order ("the first and the third" -> [0, 2]; "last" -> -1). */
export function ordinals(tokens: readonly string[], lexicon: Lexicon): number[] {
  const positions: number[] = [];
  const { ordinals: words } = lexicon;
  tokens.forEach((token, index) => {
    if (Object.hasOwn(words, token)) {
      // "first" in "first of all" or "at first" is not a position.
      if (
        lexicon.notOrdinal.some((phrase) =>
          phrase.split(' ').every((word, offset) => tokens[index + 1 + offset] === word),
        )
      )
        return;
      positions.push(words[token] as number);
    } else if (lexicon.last.includes(token)) positions.push(-1);
    else if (lexicon.numberWord.includes(token) && /^\d+$/.test(tokens[index + 1] ?? '')) {
      positions.push(Number(tokens[index + 1]) - 1);
    }
  });
  return positions;
}

/** The ranking the words ask for ("cheapest", "lighter"), if any. */
export function rankingOf(tokens: readonly string[], lexicon: Lexicon): Ranking | undefined {
  const openAt = tokens.findIndex((token) => !lexicon.leadIns.has(token));
  const opening = tokens[openAt] ?? '';
  const which = lexicon.whichStarts.has(opening);
  // Longer phrases first: "most expensive" before "expensive".
  let best: { ranking: Ranking; length: number; at: number } | undefined;
  for (const ranking of lexicon.rankings) {
    for (const phrase of which ? [...ranking.words, ...(ranking.plain ?? [])] : ranking.words) {
      const parts = phrase.split(' ');
      const at = lexicon.rankingsExact
        ? indexOfWords(tokens, parts)
        : indexOfPhrase(tokens, parts, lexicon);
      if (at >= 0 && at === openAt && opensRequest(tokens.slice(at + parts.length), lexicon))
        continue;
      if (at >= 0 && (!best || parts.length > best.length))
        best = { ranking, length: parts.length, at };
    }
  }
  if (!best) return fieldRankingOf(tokens, lexicon);
  return inverted(tokens, best, lexicon) ?? best.ranking;
}

/**
 * Whether the words begin with a verb of a request ("pon dos", "zeig mir"): a ranking word right
 * before one, opening the turn, says which the visitor prefers to do ("mejor pon dos", "lieber
 * zeig mir die Zelte"), not which item.
 */
function opensRequest(rest: readonly string[], lexicon: Lexicon): boolean {
  return [
    ...lexicon.add,
    ...lexicon.remove,
    ...lexicon.swap,
    ...lexicon.display,
    ...lexicon.search,
    ...lexicon.compare,
  ].some((phrase) => indexOfWords(rest, phrase.split(' ')) === 0);
}

/**
 * The ranking turned around when a word of {@link Lexicon.rankingInverts} stands right before or
 * after its words ("pesa menos": "pesa" is the heaviest's word, "menos" makes it the lightest):
 * the ranking of the same role in the other order. Not when a number follows ("pesa menos de 2
 * kilos" bounds the weight).
 */
function inverted(
  tokens: readonly string[],
  { ranking, length, at }: { ranking: Ranking; length: number; at: number },
  lexicon: Lexicon,
): Ranking | undefined {
  const beside = [at - 1, at + length].filter(
    (index) => index >= 0 && lexicon.rankingInverts.includes(tokens[index] ?? ''),
  );
  if (beside.length === 0) return undefined;
  if (
    beside.some(
      (index) => /^\d/.test(tokens[index + 1] ?? '') || /^\d/.test(tokens[index + 2] ?? ''),
    )
  )
    return undefined;
  const order = ranking.order === 'ascending' ? 'descending' : 'ascending';
  return (
    lexicon.rankings.find(
      (other) => other.role !== undefined && other.role === ranking.role && other.order === order,
    ) ?? { ...ranking, order }
  );
}

/** How many words apart a ranking word and the field it names may be ("the longest battery life"). */
const FIELD_WINDOW = 3;

/**
 * "The one with the most storage", "l'écran le plus grand": a {@link Lexicon.fieldRanking} word
 * near the label's words of exactly one of the catalogue's {@link Lexicon.namedFields}. A word of
 * a bound ("at least 11 inches", "more than 200 GB", "128 Go au plus") limits, it does not rank.
 */
function fieldRankingOf(tokens: readonly string[], lexicon: Lexicon): Ranking | undefined {
  const fields = lexicon.namedFields ?? [];
  if (fields.length === 0) return undefined;
  const { more, less } = lexicon.fieldRanking;
  const bounds = boundWords(tokens, lexicon);
  const stems = tokens.map(lexicon.stem);
  for (const [index, token] of tokens.entries()) {
    const order = more.includes(token)
      ? 'descending'
      : less.includes(token)
        ? 'ascending'
        : undefined;
    if (!order) continue;
    // "At least 128 GB", "plus de 50 euros": a number after the word makes it a bound; "128 Go au
    // plus", a bound's words after the number, too.
    const hasNumber = (from: number, to: number) =>
      tokens.slice(Math.max(0, from), to).some((word) => /^\d/.test(word));
    if (hasNumber(index + 1, index + 1 + FIELD_WINDOW)) continue;
    if (bounds.has(index) && hasNumber(index - FIELD_WINDOW, index)) continue;
    const near = stems.slice(Math.max(0, index - FIELD_WINDOW), index + FIELD_WINDOW + 1);
    const named = fields.filter((field) => near.some((stem) => field.stems.has(stem)));
    if (named.length === 1 && named[0]) return { words: [token], order, field: named[0].field };
  }
  return undefined;
}

/** The positions of the words of an amount's bounds ("at least", "no more than", "höchstens"). */
function boundWords(tokens: readonly string[], lexicon: Lexicon): Set<number> {
  const covered = new Set<number>();
  const phrases = [
    ...lexicon.maximum,
    ...lexicon.minimum,
    ...lexicon.maximumAfter,
    ...lexicon.minimumAfter,
  ].map((phrase) => phrase.split(' '));
  for (const phrase of phrases) {
    for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
      if (phrase.every((word, offset) => tokens[start + offset] === word))
        phrase.forEach((_, offset) => covered.add(start + offset));
    }
  }
  return covered;
}

/** The item field a ranking reads ("weight_g" for "lightest"), when the items have it. */
export function rankField(items: readonly SeenItem[], ranking: Ranking): string | undefined {
  return items.some((item) => rankValue(item, ranking) !== undefined) ? ranking.field : undefined;
}

/** The numeric value an item has for a ranking, if it has the field its role names. */
function rankValue(item: SeenItem, ranking: Ranking): number | undefined {
  if (ranking.field === undefined || !Object.hasOwn(item.fields, ranking.field)) return undefined;
  const value = item.fields[ranking.field];
  return typeof value === 'number' ? value : undefined;
}

/** Items ordered by a ranking (items without the field last). */
export function ranked(items: readonly SeenItem[], ranking: Ranking): SeenItem[] {
  const sign = ranking.order === 'ascending' ? 1 : -1;
  return [...items].sort((a, b) => {
    const left = rankValue(a, ranking);
    const right = rankValue(b, ranking);
    if (left === undefined) return right === undefined ? 0 : 1;
    if (right === undefined) return -1;
    return sign * (left - right);
  });
}

/** Whether the items have the field a ranking reads. */
export function canRank(items: readonly SeenItem[], ranking: Ranking): boolean {
  return items.some((item) => rankValue(item, ranking) !== undefined);
}

/** "The cheapest one", "le moins cher": a ranking that picks one item, as clear as a position. */
export function picksByRanking(tokens: readonly string[], lexicon: Lexicon): boolean {
  return (
    rankingOf(tokens, lexicon) !== undefined && tokens.some((token) => lexicon.one.includes(token))
  );
}

/** Whether the words point at an item by pronoun ("add it", "tell me about that one"). */
export function pointsAtFocus(tokens: readonly string[], lexicon: Lexicon): boolean {
  return hasPhrase(tokens, lexicon.pronouns);
}

/** How many words of an item's name the utterance has, and which share of the name that is. */
function nameMatch(
  tokens: readonly string[],
  name: string,
  lexicon: Lexicon,
): { hits: number; share: number } {
  const { stem } = lexicon;
  const named = nameWords(name, lexicon).map(stem);
  const said = new Set(tokens.map(stem));
  const hits = named.filter((word) => said.has(word)).length;
  return { hits, share: named.length === 0 ? 0 : hits / named.length };
}

/**
 * The item of `pool` the words name, when one name matches clearly better than the others:
 * at least two of its words (or all of a one-word name) and more than any other item.
 */
export function namedItem(
  tokens: readonly string[],
  pool: readonly SeenItem[],
  lexicon: Lexicon,
): SeenItem | undefined {
  let best: { item: SeenItem; score: number } | undefined;
  let tie = false;
  for (const item of pool) {
    const { hits, share } = nameMatch(tokens, item.name, lexicon);
    if (share < 0.5 || (hits < 2 && share < 1)) continue;
    const score = share + hits * 0.01;
    if (!best || score > best.score + 1e-9) {
      best = { item, score };
      tie = false;
    } else if (Math.abs(score - best.score) < 1e-9 && best.item.id !== item.id) tie = true;
  }
  return tie ? undefined : best?.item;
}

/** A catalogue item name the words name (two words or more of it, best match). */
export function namedCatalogueItem(
  tokens: readonly string[],
  catalog: RouterCatalog,
  lexicon: Lexicon,
): string | undefined {
  let best: { name: string; hits: number; share: number } | undefined;
  const { stem } = lexicon;
  const said = new Set(tokens.map(stem));
  for (const nameWords of catalog.itemNames) {
    const hits = nameWords.filter((word) => said.has(stem(word))).length;
    const share = hits / nameWords.length;
    // German names are often one compound ("Stirnlampe"): said whole, it names the item.
    const compound =
      lexicon.compoundNames &&
      nameWords.length === 1 &&
      hits === 1 &&
      (nameWords[0] ?? '').length >= 8;
    if ((hits < 2 && !compound) || share < 0.66) continue;
    if (!best || share > best.share || (share === best.share && hits > best.hits))
      best = { name: nameWords.join(' '), hits, share };
  }
  return best?.name;
}

/**
 * "The other one": of a pair on the page (the two compared, or a list of two), the item that is not
 * the one in mind: the item in focus, else the one of the pair in the cart. None without a pair or
 * an item in mind ("any other tents?" asks for more, see `fresh`).
 */
export function otherItem(
  tokens: readonly string[],
  context: ConversationContext,
  pool: readonly SeenItem[],
  lexicon: Lexicon,
): SeenItem | undefined {
  if (!hasPhrase(tokens, lexicon.other)) return undefined;
  if (!hasPhrase(tokens, [...lexicon.definite, ...lexicon.oneWords])) return undefined;
  const pair =
    context.compared.length === 2 ? context.compared : pool.length === 2 ? pool : undefined;
  if (!pair) return undefined;
  const inPair = (item: SeenItem | undefined) =>
    item !== undefined && pair.some((candidate) => candidate.id === item.id);
  const inMind = inPair(context.focus) ? context.focus : context.cart?.find((line) => inPair(line));
  if (!inMind) return undefined;
  const others = pair.filter((item) => item.id !== inMind.id);
  return others.length === 1 ? others[0] : undefined;
}

/** The items the words refer to among `pool` (ordinals, a ranking, a name, a pronoun). */
export function referredItems(
  tokens: readonly string[],
  context: ConversationContext,
  pool: readonly SeenItem[],
  lexicon: Lexicon,
): SeenItem[] {
  const other = otherItem(tokens, context, pool, lexicon);
  if (other) return [other];
  const positions = ordinals(tokens, lexicon);
  if (positions.length > 0 && pool.length > 0) {
    const picked = positions
      .map((position) => (position < 0 ? pool[pool.length + position] : pool[position]))
      .filter((item): item is SeenItem => item !== undefined);
    if (picked.length > 0) return picked;
  }
  const ranking = rankingOf(tokens, lexicon);
  if (ranking && pool.length > 0 && canRank(pool, ranking)) {
    const first = ranked(pool, ranking)[0];
    if (first) return [first];
  }
  const named = namedItem(tokens, pool, lexicon);
  if (named) return [named];
  if (pointsAtFocus(tokens, lexicon)) {
    if (context.focus) return [context.focus];
    if (pool.length === 1 && pool[0]) return [pool[0]];
  }
  return [];
}
