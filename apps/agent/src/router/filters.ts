// The filters and search words of a request: enum values, booleans and amounts the collection
// filters on, and what is left that the catalogue knows.
import { convertWeight } from '@svc/protocol/agent';
import type { RouterCatalog } from './catalog.js';
import type { Lexicon } from '@svc/languages/router';
import { indexOfPhrase } from './text.js';
import { readsStem } from './unread.js';

/** The amounts asked for: `max_price` / `min_price` style arguments of the number filters. */
function amounts(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
  lexicon: Lexicon,
): Record<string, number> {
  const args: Record<string, number> = {};
  // A bare amount ("under 50") is a price, when a field declares that role; otherwise the words
  // must name the field ("under 2 pounds" names the weight by its unit).
  const field =
    catalog.numbers.find((number) => tokens.some((token) => number.words.includes(token))) ??
    catalog.numbers.find((number) => number.role === 'price');
  if (!field) return args;
  // An amount in the field's unit: "2 pounds" of a weight kept in grams is 907.
  // `unitAt`: where its unit is said ("between 1 and 2 pounds" says it once, after both).
  const valueAt = (index: number, unitAt = index + 1): number => {
    const value = Number(tokens[index]);
    const said = Object.hasOwn(lexicon.weightUnits, tokens[unitAt] ?? '')
      ? lexicon.weightUnits[tokens[unitAt] as string]
      : undefined;
    if (field.role !== 'weight' || !said || !field.weightUnit || said === field.weightUnit)
      return value;
    return Math.round(convertWeight(value, said, field.weightUnit) * 100) / 100;
  };
  const between = tokens.findIndex((token) => lexicon.between.includes(token));
  if (
    between >= 0 &&
    /^\d/.test(tokens[between + 1] ?? '') &&
    lexicon.numbers.joiners.includes(tokens[between + 2] ?? '') &&
    /^\d/.test(tokens[between + 3] ?? '')
  ) {
    args[`min_${field.key}`] = valueAt(between + 1, between + 4);
    args[`max_${field.key}`] = valueAt(between + 3);
    for (const offset of [0, 1, 2, 3]) used.add(between + offset);
    return args;
  }
  const bound = (phrases: readonly string[], name: string) => {
    for (const phrase of phrases) {
      const parts = phrase.split(' ');
      const at = indexOfPhrase(tokens, parts, lexicon);
      const number = tokens[at + parts.length];
      // "No more than 100" is a maximum; its "more than 100" is no minimum as well.
      if (used.has(at + parts.length)) continue;
      if (at >= 0 && number !== undefined && /^\d+(\.\d+)?$/.test(number)) {
        // "Nothing over 130", "pas moins de 50": the limit the other way.
        const turned = lexicon.boundNegations.includes(tokens[at - 1] ?? '');
        const bounded = turned ? (name === 'max' ? 'min' : 'max') : name;
        if (args[`${bounded}_${field.key}`] !== undefined) continue;
        args[`${bounded}_${field.key}`] = valueAt(at + parts.length);
        for (let offset = turned ? -1 : 0; offset <= parts.length; offset += 1)
          used.add(at + offset);
        return;
      }
    }
  };
  bound(lexicon.maximum, 'max');
  bound(lexicon.minimum, 'min');
  // "199 euros maximum", "50 Euro mindestens": the bound after the amount (and its currency).
  const boundAfter = (phrases: readonly string[], name: string) => {
    if (args[`${name}_${field.key}`] !== undefined || phrases.length === 0) return;
    for (const [index, token] of tokens.entries()) {
      if (!/^\d+(\.\d+)?$/.test(token) || used.has(index)) continue;
      const next = field.words.includes(tokens[index + 1] ?? '') ? index + 2 : index + 1;
      for (const phrase of phrases) {
        const parts = phrase.split(' ');
        if (indexOfPhrase(tokens.slice(next, next + parts.length), parts, lexicon) !== 0) continue;
        args[`${name}_${field.key}`] = valueAt(index);
        for (let at = index; at < next + parts.length; at += 1) used.add(at);
        return;
      }
    }
  };
  boundAfter(lexicon.maximumAfter, 'max');
  boundAfter(lexicon.minimumAfter, 'min');
  return args;
}

/**
 * Whether a kind named at `at` is a complement of the item sought: a preposition of the
 * language's within two words before it, and before that a word of what an item is ("a light I
 * can hang inside the tent", "une lampe pour la tente"). The item is the light, not a tent.
 */
function complementAt(
  tokens: readonly string[],
  at: number,
  catalog: RouterCatalog,
  lexicon: Lexicon,
): boolean {
  const preposition = [at - 1, at - 2].find((index) =>
    lexicon.complements.includes(tokens[index] ?? ''),
  );
  if (preposition === undefined) return false;
  return tokens.slice(0, preposition).some((token) => catalog.nameKinds.has(lexicon.stem(token)));
}

/**
 * The filters the words name: enum options, booleans, amounts. Marks the words used, and in
 * `kindAt` those that name a kind of item.
 */
export function filters(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
  lexicon: Lexicon,
  kindAt?: Set<number>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  // Longer phrases first, each word read once: "Red Cedar" is a brand before "red" is a colour.
  const phrases = catalog.enums
    .flatMap((option) => option.phrases.map((phrase) => ({ option, phrase })))
    .filter(({ phrase }) => phrase.length > 0)
    .sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { option, phrase } of phrases) {
    if (args[option.key] !== undefined) continue;
    let at = indexOfPhrase(tokens, phrase, lexicon);
    while (at >= 0 && phrase.some((_, offset) => used.has(at + offset))) {
      const next = indexOfPhrase(tokens.slice(at + 1), phrase, lexicon);
      at = next < 0 ? -1 : at + 1 + next;
    }
    if (at < 0) continue;
    if (catalog.kinds.has(option.key) && complementAt(tokens, at, catalog, lexicon)) {
      // Where the item goes is no word of the item's search either.
      for (let offset = 0; offset < phrase.length; offset += 1) used.add(at + offset);
      continue;
    }
    args[option.key] = option.value;
    for (let offset = 0; offset < phrase.length; offset += 1) {
      used.add(at + offset);
      if (catalog.kinds.has(option.key)) kindAt?.add(at + offset);
    }
  }
  for (const field of catalog.booleans) {
    for (const phrase of field.phrases) {
      const at = indexOfPhrase(tokens, phrase, lexicon);
      if (at < 0) continue;
      const negated = lexicon.filterNegations.includes(tokens[at - 1] ?? '');
      args[field.key] = !negated;
      for (let offset = negated ? -1 : 0; offset < phrase.length; offset += 1)
        used.add(at + offset);
      break;
    }
  }
  Object.assign(args, amounts(tokens, catalog, used, lexicon));
  for (const [index, token] of tokens.entries()) {
    if (catalog.numbers.some((number) => number.words.includes(token))) used.add(index);
  }
  return args;
}

/** Each lexicon's ranking words in the form its agreement step brings them to, worked out once. */
const AGREED_RANKING_WORDS = new WeakMap<Lexicon, ReadonlySet<string>>();

/**
 * Whether a word ranks ("cheapest"), as said or, in a language with an agreement step, in any
 * agreement of a listed word ("légères" of "leger"). Not by stem: "tops" is no "top".
 */
function isRankingWord(word: string, lexicon: Lexicon): boolean {
  const { rankingWords, agreement } = lexicon;
  if (rankingWords.has(word)) return true;
  if (!agreement) return false;
  let agreed = AGREED_RANKING_WORDS.get(lexicon);
  if (!agreed) {
    agreed = new Set([...rankingWords].map(agreement));
    AGREED_RANKING_WORDS.set(lexicon, agreed);
  }
  return agreed.has(agreement(word));
}

/** Whether a search may use a word: not filler or a ranking, no number. */
function isContentWord(token: string, lexicon: Lexicon): boolean {
  return !lexicon.filler.has(token) && !isRankingWord(token, lexicon) && !/^\d/.test(token);
}

/** The search words: what is left of the utterance that the catalogue knows. */
export function searchQuery(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
  lexicon: Lexicon,
): string {
  return saidWords(tokens, catalog, used, lexicon)
    .filter(({ word, counted }) => counted || catalog.vocabulary.has(lexicon.stem(word)))
    .map(({ word }) => word)
    .join(' ');
}

/**
 * The content words in the order said (`at`: where), a number said for how many the item is as the
 * item names write it (`counted`).
 */
function saidWords(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
  lexicon: Lexicon,
): { word: string; counted: boolean; at: number }[] {
  const counted = forHowMany(tokens, catalog, used, lexicon);
  return tokens.flatMap((token, index): { word: string; counted: boolean; at: number }[] => {
    const named = counted.get(index);
    if (named !== undefined) return [{ word: named, counted: true, at: index }];
    // "Down ones, not synthetic": a word of the catalogue denied is no word of what is sought
    // ("para no pasar frío" is a need in words of its own, whole). Nor is a kind where the item
    // goes ("socks to wear in my boots").
    const denied =
      (lexicon.filterNegations.includes(tokens[index - 1] ?? '') &&
        catalog.vocabulary.has(lexicon.stem(token))) ||
      (catalog.nameKinds.has(lexicon.stem(token)) && complementAt(tokens, index, catalog, lexicon));
    return !used.has(index) && !denied && isContentWord(token, lexicon)
      ? [{ word: token, counted: false, at: index }]
      : [];
  });
}

/**
 * "A tent for two (people)": the positions of numbers said for how many the item is
 * ({@link Lexicon.forHowMany}), with the word the item names write them in, when they do.
 */
function forHowMany(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
  lexicon: Lexicon,
): Map<number, string> {
  const found = new Map<number, string>();
  const { before, after } = lexicon.forHowMany;
  tokens.forEach((token, index) => {
    if (used.has(index) || !/^\d+$/.test(token)) return;
    if (!before.includes(tokens[index - 1] ?? '')) return;
    const next = tokens[index + 1];
    if (next !== undefined && !after.includes(next) && !lexicon.filler.has(next)) return;
    const named = catalog.numberNames.get(token);
    if (named !== undefined) found.set(index, named);
  });
  return found;
}

/**
 * What the visitor describes in words the catalogue does not know ("something to boil water on a
 * trail": "boil water trail", of which the items know only "water" and "trail"): all their words,
 * for the collection's search to read by meaning. With a kind named by its category ("a pot to
 * cook in", "a light I can hang inside the tent"), the words that named it go with the rest, and
 * the search reads them among that kind's items: the kind alone would show its first items
 * whatever was asked of them. Undefined when every word is the catalogue's, or a word of what an
 * item is names the kind (then the kind is the search).
 */
export function describedQuery(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
  filterArgs: Record<string, unknown>,
  lexicon: Lexicon,
  kindAt: ReadonlySet<number> = new Set(),
): string | undefined {
  if (!catalog.readByMeaning) return undefined;
  const namesKind = Object.keys(filterArgs).some((key) => catalog.kinds.has(key));
  // The kind's own words are read with the rest, in the order said.
  const open = namesKind ? new Set([...used].filter((index) => !kindAt.has(index))) : used;
  // "Hmm", "well", "so": words that open a turn say nothing of what is meant.
  const said = saidWords(tokens, catalog, open, lexicon).filter(
    ({ word }) => !lexicon.leadIns.has(word),
  );
  const known = said.filter(({ word }) => catalog.vocabulary.has(lexicon.stem(word)));
  // A word that says what an item is names that kind of item ("a stove would do nicely": the Camp
  // Stove): the rest is said about it, not what the visitor is looking for. Other words of names
  // ("trail", "camp", "water" in English) name no kind, nor does the word of a category.
  if (known.some(({ word, at }) => !kindAt.has(at) && catalog.nameKinds.has(lexicon.stem(word))))
    return undefined;
  // Around a kind, a word of the language's requests ("instead", "personnes", "wiegen") says
  // nothing more of the item: only a word the router reads nothing in describes it. A word it
  // reads only inside a phrase of its language ("hang" of "hang up") is read as itself.
  const reads = readsStem(catalog, lexicon, true);
  const describes = namesKind
    ? said.some(({ word }) => !reads(lexicon.stem(word)))
    : known.length < said.length;
  return describes ? said.map(({ word }) => word).join(' ') : undefined;
}
