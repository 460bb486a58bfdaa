// Word-level readings of an utterance: quantities, split verbs and compounds, the cart as a
// destination.
import type { RouterCatalog } from './catalog.js';
import { singular } from './text.js';

/** A quantity asked for ("two of them", "add 3"), when one is named. */
export function quantity(tokens: string[]): number | undefined {
  for (const [index, token] of tokens.entries()) {
    if (!/^\d+$/.test(token)) continue;
    const next = tokens[index + 1] ?? '';
    const previous = tokens[index - 1] ?? '';
    if (
      ['of', 'more', 'units', 'pieces', 'pairs', 'x'].includes(next) ||
      ['add', 'quantity', 'buy', 'take'].includes(previous)
    ) {
      const value = Number(token);
      if (value >= 1 && value <= 99) return value;
    }
  }
  return undefined;
}

/** "Take the socks out", "get it off my cart": a removal whose verb is split around the item. */
export function takesOut(tokens: string[]): boolean {
  const verb = tokens.findIndex((token) => ['take', 'get', 'pull'].includes(token));
  return verb >= 0 && tokens.slice(verb + 1).some((token) => token === 'out' || token === 'off');
}

/**
 * The words with compounds a recognizer wrote in two ("water proof", "head lamp") joined where
 * the catalogue knows the joined word and not both of its halves.
 */
export function joinedCompounds(tokens: string[], catalog: RouterCatalog): string[] {
  // The catalogue's words, and its yes-or-no filters ("waterproof").
  const known = (word: string) =>
    catalog.vocabulary.has(word) ||
    catalog.booleans.some((field) => field.phrases.some((phrase) => phrase.join('') === word));
  const out: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const first = tokens[index] as string;
    const second = tokens[index + 1];
    const joined = `${first}${second ?? ''}`;
    if (
      second !== undefined &&
      /^[a-z]+$/.test(joined) &&
      joined.length >= 6 &&
      known(singular(joined)) &&
      !(known(singular(first)) && known(singular(second)))
    ) {
      out.push(joined);
      index += 1;
    } else out.push(first);
  }
  return out;
}

/** Whether the cart is where something goes: "to my cart", "in the basket", "into cart". */
export function intoTheCart(tokens: string[], isCart: (token: string) => boolean): boolean {
  return tokens.some((token, index) => {
    if (!isCart(token)) return false;
    const before = tokens[index - 1] ?? '';
    const preposition = (word: string) => ['to', 'in', 'into', 'onto'].includes(word);
    return (
      preposition(before) ||
      (['my', 'the', 'your', 'our'].includes(before) && preposition(tokens[index - 2] ?? ''))
    );
  });
}

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
