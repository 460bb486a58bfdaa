import type { WeightUnit } from '@svc/protocol/agent';
import { remembered, type Snowball } from './lexicon.js';

// Helpers the lexicons of inflected languages share.

/**
 * The currency rewrites of a language that writes a decimal comma: a dollar amount is read as
 * "20 dollars", and "19,99" as the number 19.99 (a comma before one or two digits).
 */
export const DECIMAL_COMMA_CURRENCIES: readonly (readonly [RegExp, string])[] = [
  [/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars'],
  [/(\d),(\d{1,2})\b/g, '$1.$2'],
];

/** Every form of each stem with each ending ("erst" + "e", "en" -> "erste", "ersten"). */
export function inflect(stems: readonly string[], endings: readonly string[]): string[] {
  return stems.flatMap((stem) => endings.map((ending) => `${stem}${ending}`));
}

/** Every form of a paradigm's cells, in the order written (`{ masculine: ['ese'], ... }`). */
export function formsOf(cells: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.values(cells).flat();
}

/** An ordinal table from its words per position (position 0 first). */
export function ordinalTable(positions: readonly (readonly string[])[]): Record<string, number> {
  const table: Record<string, number> = {};
  positions.forEach((forms, position) => {
    for (const form of forms) table[form] = position;
  });
  return table;
}

/** Splits a string of words at spaces (tables are easier to read that way). */
export function list(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A weight-unit table from its words per unit (`{ lb: 'lb lbs pound pounds' }`). */
export function units(
  words: Readonly<Partial<Record<WeightUnit, string>>>,
): Record<string, WeightUnit> {
  const table: Record<string, WeightUnit> = {};
  for (const [unit, said] of Object.entries(words) as [WeightUnit, string][])
    for (const word of list(said)) table[word] = unit;
  return table;
}

/**
 * A word's comparing form by the language's Snowball stemmer, remembered per word. A number is its
 * own form, and a word the stemmer would leave empty keeps itself. `before` is the language's own
 * step ahead of the stemmer, for what Snowball keeps apart and the router must not (French
 * agreement).
 */
export function stemmedBy(
  snowball: Snowball,
  before: (word: string) => string = (word) => word,
): (word: string) => string {
  return remembered((word) => (/^\d/.test(word) ? word : snowball.stemmer(before(word)) || word));
}
