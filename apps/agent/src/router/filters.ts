// The filters and search words of a request: enum values, booleans and amounts the collection
// filters on, and what is left that the catalogue knows.
import type { RouterCatalog } from './catalog.js';
import { MAXIMUM, MINIMUM } from './phrases.js';
import { FILLER, indexOfPhrase, singular } from './text.js';

/** The amounts asked for: `max_price` / `min_price` style arguments of the number filters. */
function amounts(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
): Record<string, number> {
  const args: Record<string, number> = {};
  const field =
    catalog.numbers.find((number) => tokens.some((token) => number.words.includes(token))) ??
    catalog.numbers[0];
  if (!field) return args;
  const between = tokens.indexOf('between');
  if (
    between >= 0 &&
    /^\d/.test(tokens[between + 1] ?? '') &&
    tokens[between + 2] === 'and' &&
    /^\d/.test(tokens[between + 3] ?? '')
  ) {
    args[`min_${field.key}`] = Number(tokens[between + 1]);
    args[`max_${field.key}`] = Number(tokens[between + 3]);
    for (const offset of [0, 1, 2, 3]) used.add(between + offset);
    return args;
  }
  const bound = (phrases: string[], name: string) => {
    for (const phrase of phrases) {
      const parts = phrase.split(' ');
      const at = indexOfPhrase(tokens, parts);
      const number = tokens[at + parts.length];
      if (at >= 0 && number !== undefined && /^\d+(\.\d+)?$/.test(number)) {
        args[`${name}_${field.key}`] = Number(number);
        for (let offset = 0; offset <= parts.length; offset += 1) used.add(at + offset);
        return;
      }
    }
  };
  bound(MAXIMUM, 'max');
  bound(MINIMUM, 'min');
  return args;
}

/** The filters the words name: enum options, booleans, amounts. Marks the words used. */
export function filters(
  tokens: string[],
  catalog: RouterCatalog,
  used: Set<number>,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  // Longer phrases first, each word read once: "Red Cedar" is a brand before "red" is a colour.
  const phrases = catalog.enums
    .flatMap((option) => option.phrases.map((phrase) => ({ option, phrase })))
    .filter(({ phrase }) => phrase.length > 0)
    .sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { option, phrase } of phrases) {
    if (args[option.key] !== undefined) continue;
    let at = indexOfPhrase(tokens, phrase);
    while (at >= 0 && phrase.some((_, offset) => used.has(at + offset))) {
      const next = indexOfPhrase(tokens.slice(at + 1), phrase);
      at = next < 0 ? -1 : at + 1 + next;
    }
    if (at < 0) continue;
    args[option.key] = option.value;
    for (let offset = 0; offset < phrase.length; offset += 1) used.add(at + offset);
  }
  for (const field of catalog.booleans) {
    for (const phrase of field.phrases) {
      const at = indexOfPhrase(tokens, phrase);
      if (at < 0) continue;
      const negated = ['not', 'non', 'no'].includes(tokens[at - 1] ?? '');
      args[field.key] = !negated;
      for (let offset = negated ? -1 : 0; offset < phrase.length; offset += 1)
        used.add(at + offset);
      break;
    }
  }
  Object.assign(args, amounts(tokens, catalog, used));
  for (const [index, token] of tokens.entries()) {
    if (catalog.numbers.some((number) => number.words.includes(token))) used.add(index);
  }
  return args;
}

/** The search words: what is left of the utterance that the catalogue knows. */
export function searchQuery(tokens: string[], catalog: RouterCatalog, used: Set<number>): string {
  const ranking = new Set([
    'cheap',
    'cheaper',
    'cheapest',
    'lighter',
    'lightest',
    'lightweight',
    'best',
    'better',
    'expensive',
    'priciest',
    'heavier',
    'heaviest',
    'rated',
    'top',
    'highest',
    'lowest',
    'most',
    'affordable',
    'budget',
  ]);
  const kept = tokens.filter(
    (token, index) =>
      !used.has(index) &&
      !FILLER.has(token) &&
      !ranking.has(token) &&
      !/^\d/.test(token) &&
      catalog.vocabulary.has(singular(token)),
  );
  return kept.join(' ');
}
