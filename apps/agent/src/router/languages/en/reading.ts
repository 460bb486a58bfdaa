// How English text is read: rewrites before the words are split, and a word's comparing form.
import { remembered } from '../../lexicon.js';
import { singular } from '../../text.js';
import type { Reading } from '../pieces.js';

/** How English text is read. */
export const reading: Reading = {
  code: 'en',
  contractions: [
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
  ],
  compoundNames: false,
  nounsCapitalized: false,
  foldAccents: false,
  repairsHearing: false,
  currencies: [[/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars']],
  singular: remembered(singular),
  plural: (word) => singular(word) !== word,
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
