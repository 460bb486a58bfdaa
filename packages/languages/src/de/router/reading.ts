// How German text is read: rewrites before the words are split, and a word's comparing form.
import * as snowball from '@orama/stemmers/german';
import type { Reading } from '../../router/pieces.js';
import { DECIMAL_COMMA_CURRENCIES, stemmedBy } from '../../router/shared.js';

// Umlauts are folded before the stemmer (as the API's search folds them): "Schlafsäcke" and
// "Schlafsack" meet as "schlafsack"; "dies" keeps its "s", so no "dies" reads as the article "die".
const stem = stemmedBy(snowball);

/** How German text is read. */
export const reading: Reading = {
  code: 'de',
  contractions: [
    // "Gibt es Zelte?": "es" is no item in focus there.
    [/\bgibt(?: es|'s| s)\b/g, 'gibts'],
    [/€/g, ' euro '],
    // A count of times is one word ("dreimal", "zweimal"): the number and "mal", as "drei mal".
    // Not "einmal", which is as often "just" ("zeig mal", "einmal bitte").
    [/\b(zwei|drei|vier|fünf|funf|sechs|sieben|acht|neun|zehn)mal\b/g, '$1 mal'],
  ],
  compoundNames: true,
  nounsCapitalized: true,
  foldAccents: true,
  repairsHearing: true,
  soundAlikeStarts: { groups: ['fv', 'ckz'], silentH: false },
  currencies: DECIMAL_COMMA_CURRENCIES,
  stemmer: snowball,
  stem,
  // Many singulars end as plurals do ("Jacke", "Lampe"): a form the catalogue writes is taken as
  // it is written, so "die Socken" of "Trekking Socken" are not every sock (the LLM asks).
  plural: (word, surface) =>
    /(e|en|er|n|s)$/.test(word) && !surface.has(word) && stem(word) !== word,
};
