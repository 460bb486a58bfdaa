// How Spanish text is read: rewrites before the words are split, and a word's comparing form.
import { remembered } from '../../lexicon.js';
import type { Reading } from '../pieces.js';

/**
 * A Spanish word's form for comparing: the plural (-s, -es after a consonant) and the gender
 * ending (-a, -o, -e) dropped, so "tiendas" and "tienda", "roja" and "rojo", "pantalones" and
 * "pantalón" compare equal.
 */
export function spanishSingular(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let stem = word;
  if (/[^aeiou]es$/.test(stem) && stem.length > 4) stem = stem.slice(0, -2);
  else if (stem.endsWith('s')) stem = stem.slice(0, -1);
  if (stem.length > 3 && /[aoe]$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/** Imperatives that carry their object ("añádelo", "muéstramelo", "compáralos"). */
const CLITIC_VERBS =
  'anade|agrega|pon|mete|compra|quita|saca|elimina|borra|retira|muestra|ensena|compara|dame|describe';

/** How Spanish text is read. */
export const reading: Reading = {
  code: 'es',
  contractions: [
    [new RegExp(`\\b(${CLITIC_VERBS})(me|nos)?(lo|la)\\b`, 'g'), '$1 $2 eso'],
    [new RegExp(`\\b(${CLITIC_VERBS})(me|nos)?(los|las)\\b`, 'g'), '$1 $2 ellos'],
    [/€/g, ' euros '],
  ],
  compoundNames: false,
  nounsCapitalized: false,
  foldAccents: true,
  repairsHearing: true,
  currencies: [
    [/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars'],
    [/(\d),(\d{1,2})\b/g, '$1.$2'],
  ],
  singular: remembered(spanishSingular),
  // The plural is heard in the ending, as in English ("los calcetines" are every sock).
  plural: (word) => word.length > 3 && word.endsWith('s'),
};
