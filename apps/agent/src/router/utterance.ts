// Word-level readings of an utterance: quantities, split verbs and compounds, the cart as a
// destination.
import type { RouterCatalog } from './catalog.js';
import type { Lexicon } from '@svc/languages/router';

/** A quantity asked for ("two of them", "add 3"), when one is named. */
export function quantity(tokens: string[], lexicon: Lexicon): number | undefined {
  for (const [index, token] of tokens.entries()) {
    if (!/^\d+$/.test(token)) continue;
    const next = tokens[index + 1] ?? '';
    const previous = tokens[index - 1] ?? '';
    if (lexicon.quantityAfter.includes(next) || lexicon.quantityBefore.includes(previous)) {
      const value = Number(token);
      if (value >= 1 && value <= 99) return value;
    }
  }
  return undefined;
}

/** "Take the socks out", "get it off my cart": a removal whose verb is split around the item. */
export function takesOut(tokens: string[], lexicon: Lexicon): boolean {
  const verb = tokens.findIndex((token) => lexicon.takeOutVerbs.includes(token));
  return (
    verb >= 0 && tokens.slice(verb + 1).some((token) => lexicon.takeOutParticles.includes(token))
  );
}

/**
 * The words with compounds a recognizer wrote in two ("water proof", "head lamp") joined where
 * the catalogue knows the joined word and not both of its halves.
 */
export function joinedCompounds(
  tokens: string[],
  catalog: RouterCatalog,
  lexicon: Lexicon,
): string[] {
  const { stem } = lexicon;
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
      known(stem(joined)) &&
      !(known(stem(first)) && known(stem(second)))
    ) {
      out.push(joined);
      index += 1;
    } else out.push(first);
  }
  return out;
}

/** Whether the cart is where something goes: "to my cart", "in the basket", "into cart". */
export function intoTheCart(
  tokens: string[],
  isCart: (token: string) => boolean,
  lexicon: Lexicon,
): boolean {
  return tokens.some((token, index) => {
    if (!isCart(token)) return false;
    const before = tokens[index - 1] ?? '';
    const preposition = (word: string) => lexicon.intoCart.includes(word);
    return (
      preposition(before) ||
      (lexicon.cartDeterminers.includes(before) && preposition(tokens[index - 2] ?? ''))
    );
  });
}
