// Words of an utterance the router reads nothing in: neither the language's request words nor
// the catalogue's. A turn that holds some ("wrap that one up", "nah, leave it") says more than a
// reference alone does, so a rule that acts on a bare reference leaves it to the model.
import type { RouterCatalog } from './catalog.js';
import type { Lexicon } from '@svc/languages/router';

/**
 * Every word the lexicon's tables hold, in their comparing form (built once per catalogue): all of
 * them, or only those that are an entry alone (`alone`).
 */
const knownWords = {
  all: new WeakMap<RouterCatalog, ReadonlySet<string>>(),
  alone: new WeakMap<RouterCatalog, ReadonlySet<string>>(),
};

/**
 * The words of the lexicon's lists, sets and tables (keys and values), split into words; with
 * `alone`, only the entries of one word ("inside", not the "hang" of "hang up").
 */
function lexiconWords(value: unknown, into: Set<string>, alone: boolean, depth = 0): void {
  if (depth > 3 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    const words = value.split(/\s+/).filter(Boolean);
    if (!alone || words.length === 1) for (const word of words) into.add(word);
  } else if (Array.isArray(value) || value instanceof Set) {
    for (const entry of value as Iterable<unknown>) lexiconWords(entry, into, alone, depth + 1);
  } else if (typeof value === 'object' && !(value instanceof RegExp)) {
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry === 'number') lexiconWords(key, into, alone, depth + 1);
      else lexiconWords(entry, into, alone, depth + 1);
    }
  }
}

/** The words the router reads something in, for a catalogue in its language. */
function known(catalog: RouterCatalog, lexicon: Lexicon, alone = false): ReadonlySet<string> {
  const cache = alone ? knownWords.alone : knownWords.all;
  const cached = cache.get(catalog);
  if (cached) return cached;
  const raw = new Set<string>();
  // The verbs of lasting name a field only in a catalogue with one measured in time, where
  // `namedFields` holds them: "hält das Regen ab?" has no word of lasting in a tent shop.
  const {
    code: _code,
    contractions: _contractions,
    currencies: _currencies,
    lasting: _lasting,
    ...tables
  } = lexicon;
  lexiconWords(tables, raw, alone);
  // The catalogue's phrases are read word by word ("sleeping bags" holds "bags").
  for (const option of catalog.enums) lexiconWords(option.phrases, raw, false);
  for (const field of catalog.booleans) lexiconWords(field.phrases, raw, false);
  for (const field of catalog.numbers) lexiconWords(field.words, raw, false);
  const words = new Set([...raw].map((word) => lexicon.stem(word)));
  for (const word of catalog.vocabulary) words.add(word);
  cache.set(catalog, words);
  return words;
}

/** The tokens the router reads nothing in (numbers and the catalogue's words are read). */
export function unreadWords(
  tokens: readonly string[],
  catalog: RouterCatalog,
  lexicon: Lexicon,
): string[] {
  const words = known(catalog, lexicon);
  return tokens.filter((token) => !/^\d+$/.test(token) && !words.has(lexicon.stem(token)));
}

/**
 * Whether the router reads something in a word stem (its language's words, the catalogue's);
 * with `alone`, only in the words its language lists on their own: "hang" is read in "hang up"
 * (an ending of the call), not alone.
 */
export function readsStem(
  catalog: RouterCatalog,
  lexicon: Lexicon,
  alone = false,
): (stem: string) => boolean {
  const words = known(catalog, lexicon, alone);
  return (stem) => words.has(stem);
}
