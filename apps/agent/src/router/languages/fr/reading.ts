// How French text is read: rewrites before the words are split, and a word's comparing form.
import { remembered } from '../../lexicon.js';
import type { Reading } from '../pieces.js';

/**
 * A French word's form for comparing: the plural (-s, -x, -aux) and a final -e dropped, so
 * "tentes", "tente", "noires" and "noir", "légère" and "léger" compare equal.
 */
export function frenchSingular(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let stem = word;
  if (stem.endsWith('eaux')) stem = stem.slice(0, -1);
  else if (stem.endsWith('aux') && stem.length > 4) stem = `${stem.slice(0, -3)}al`;
  else if (/[sx]$/.test(stem) && !stem.endsWith('ss')) stem = stem.slice(0, -1);
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

/** How French text is read. */
export const reading: Reading = {
  code: 'fr',
  contractions: [
    // "Quatre-vingt-dix" is 4 × 20 + 10: the product first, the sum is the number reader's.
    [/\bquatre[- ]vingts?\b/g, '80'],
    [/\b(celui|celle|ceux|celles)-(ci|la)\b/g, '$1 $2'],
    // "Ajoute-la", "montre-le": the item in focus; "compare-les": the items shown.
    [/([a-z])-(la|le|l)\b/g, '$1 ca'],
    [/([a-z])-(les|leur)\b/g, '$1 ceux'],
    // "Je la prends" and "je l'apprends" sound the same, and a recognizer writes either; in a
    // shop the visitor is taking the item, not learning it.
    [/\b(je|tu|on) l'apprends?\b/g, '$1 la prends'],
    [/\bvous l'apprenez\b/g, 'vous la prenez'],
    // "Je la prends", "je le veux": the item in focus, not an article.
    [/\b(je|tu|on|nous) (la|le|l') ?/g, '$1 ca '],
    [/\b(l|d|j|qu|n|s|c|m|t)'/g, '$1e '],
    [/\bjusqu'/g, 'jusque '],
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
  singular: remembered(frenchSingular),
  // The plural is heard in the ending, as in English ("les chaussettes" are every sock).
  plural: (word) => word.length > 3 && /[sx]$/.test(word) && !word.endsWith('ss'),
};
