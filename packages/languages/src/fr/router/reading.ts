// How French text is read: rewrites before the words are split, and a word's comparing form.
import * as snowball from '@orama/stemmers/french';
import type { Reading } from '../../router/pieces.js';
import { DECIMAL_COMMA_CURRENCIES, stemmedBy } from '../../router/shared.js';
import { masculineSingular } from './agreement.js';

// Compared in the masculine singular: "légère" and "léger" are one word to the router.
const stem = stemmedBy(snowball, masculineSingular);

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
  soundAlikeStarts: { groups: ['ckq', 'sc'], silentH: true },
  currencies: DECIMAL_COMMA_CURRENCIES,
  stemmer: snowball,
  agreement: masculineSingular,
  stem,
  // The plural is heard in the ending, as in English ("les chaussettes" are every sock), when the
  // stemmer takes it off ("gris" keeps its "s").
  plural: (word) => /[sx]$/.test(word) && stem(word) !== word,
};
