// How English text is read: rewrites before the words are split, and a word's comparing form.
import * as snowball from '@orama/stemmers/english';
import type { Reading } from '../../router/pieces.js';
import { stemmedBy } from '../../router/shared.js';

/**
 * British spellings as American ones, so that a visitor's "colour" or "grey" finds a catalogue's
 * "Color" or "Gray" and the other way round: both sides are compared in this form. Only words of six
 * letters or more lose the "u" of "-our" ("colour", "flavours"; not "hours", "four" or "your").
 */
function americanSpelling(word: string): string {
  if (word === 'grey' || word === 'greys') return `gray${word.slice(4)}`;
  if (word.length < 6) return word;
  return word.replace(/([^aeiou])our(s|ed|ing|ful|ite|ites)?$/, '$1or$2');
}

const stem = stemmedBy(snowball, americanSpelling);

/** How English text is read. */
export const reading: Reading = {
  code: 'en',
  contractions: [
    // A count of times, as French "deux fois" and German "zweimal" are read.
    [/\btwice\b/g, 'two times'],
    [/\bwhat's\b/g, 'what is'],
    [/\bthat's\b/g, 'that is'],
    [/\bit's\b/g, 'it is'],
    [/\bi'm\b/g, 'i am'],
    [/\bi'll\b/g, 'i will'],
    [/\bi'd\b/g, 'i would'],
    [/\blet's\b/g, 'let us'],
    [/\bdon't\b/g, 'do not'],
    [/\bcan't\b/g, 'can not'],
    [/\bwon't\b/g, 'will not'],
    [/\bn't\b/g, ' not'],
    [/'re\b/g, ' are'],
    [/'ve\b/g, ' have'],
    // Typed in a hurry, without the apostrophe: the forms that are no other word a visitor would
    // type ("its", "ill", "id", "lets", "wont" are, and are left alone).
    [/\b(what|that|there|who|where|how)s\b/g, '$1 is'],
    [/\bim\b/g, 'i am'],
    [/\bive\b/g, 'i have'],
    [/\b(do|does|did|is|are|was|were|has|have|had|could|should|would)nt\b/g, '$1 not'],
    [/\bcant\b/g, 'can not'],
    [/\b(you|they)re\b/g, '$1 are'],
  ],
  compoundNames: false,
  nounsCapitalized: false,
  foldAccents: false,
  repairsHearing: false,
  soundAlikeStarts: { groups: [], silentH: false },
  currencies: [[/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars']],
  stemmer: snowball,
  stem,
  // A plural ends in -s and loses it to the stemmer ("tents"); "glass" and "gas" keep theirs.
  plural: (word) => word.endsWith('s') && stem(word) !== word,
  heard: heardOnes,
};

/**
 * "The Summit once" is "the Summit ones" misheard: "once" is read as "ones" unless it is the
 * adverb ("at once", "for once", "once more", "once again", "once a week").
 */
export function heardOnes(tokens: string[]): string[] {
  return tokens.map((token, index) =>
    token === 'once' &&
    !['at', 'for', 'all'].includes(tokens[index - 1] ?? '') &&
    !['more', 'again', 'a', 'i', 'you', 'we', 'it'].includes(tokens[index + 1] ?? '')
      ? 'ones'
      : token,
  );
}
