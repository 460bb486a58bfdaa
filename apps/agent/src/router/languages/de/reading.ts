// How German text is read: rewrites before the words are split, and a word's comparing form.
import { remembered } from '../../lexicon.js';
import type { Reading } from '../pieces.js';

const ENDINGS = ['en', 'er', 'es', 'em', 'e', 'n', 's'];

/**
 * A German word's form for comparing: the plural and declension endings dropped (umlauts are
 * folded already), so "Schlafsäcke" and "Schlafsack", "Jacken" and "Jacke", "roten" and "rot"
 * compare equal. Plurals that change more than that ("Mäntel") are the search's to stem.
 */
export function germanSingular(word: string): string {
  if (/^\d/.test(word) || DEMONSTRATIVES.has(word)) return word;
  // Until nothing more comes off: "grüne" and "grün", "Preise" and "Preis" meet only there.
  let stem = word;
  for (let round = 0; round < 3; round += 1) {
    const ending = ENDINGS.find((end) => stem.endsWith(end) && stem.length - end.length >= 3);
    if (!ending) break;
    stem = stem.slice(0, -ending.length);
  }
  return stem;
}

/**
 * Demonstratives are their own comparing form: "dies" without its "s" would be the article "die",
 * and every "die" ("vergleiche die ersten beiden") would then point at the item in focus.
 */
const DEMONSTRATIVES = new Set(['dies', 'diese', 'dieser', 'dieses', 'diesen', 'diesem']);

/** How German text is read. */
export const reading: Reading = {
  code: 'de',
  contractions: [
    // "Gibt es Zelte?": "es" is no item in focus there.
    [/\bgibt(?: es|'s| s)\b/g, 'gibts'],
    [/€/g, ' euro '],
  ],
  compoundNames: true,
  nounsCapitalized: true,
  foldAccents: true,
  repairsHearing: true,
  currencies: [
    [/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars'],
    [/(\d),(\d{1,2})\b/g, '$1.$2'],
  ],
  singular: remembered(germanSingular),
  // Many singulars end as plurals do ("Jacke", "Lampe"): a form the catalogue writes is taken as
  // it is written, so "die Socken" of "Trekking Socken" are not every sock (the LLM asks).
  plural: (word, surface) =>
    /(e|en|er|n|s)$/.test(word) && !surface.has(word) && germanSingular(word) !== word,
};
