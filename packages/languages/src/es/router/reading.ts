// How Spanish text is read: rewrites before the words are split, and a word's comparing form.
import * as snowball from '@orama/stemmers/spanish';
import type { Reading } from '../../router/pieces.js';
import { DECIMAL_COMMA_CURRENCIES, stemmedBy } from '../../router/shared.js';

const stem = stemmedBy(snowball);

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
  // B and v are one sound; c before e and i, s and z are one in most of Spanish; g before e and i is j.
  soundAlikeStarts: { groups: ['bv', 'csz', 'gj'], silentH: true },
  currencies: DECIMAL_COMMA_CURRENCIES,
  stemmer: snowball,
  stem,
  // The plural is heard in the ending, as in English ("los calcetines" are every sock), when the
  // stemmer takes it off ("gris" keeps its "s").
  plural: (word) => word.endsWith('s') && stem(word) !== word,
};
