// Near misses of the recognizer, mended from what the conversation can be about: a word that is
// neither the shop's nor the language's, one or two letters away from one that is, was that word
// misheard ("tantes" for "tentes", "sacsardos" for "sacs à dos", "impermiable" for
// "imperméable"). Only a word the router could not read anyway is changed, and only to the one
// known word or phrase nearest to it; a tie leaves it as heard.
import type { RouterCatalog } from './catalog.js';
import type { Lexicon } from '@svc/languages/router';

/** What a catalogue and a language make known, indexed once per catalogue. */
interface KnownWords {
  /** Words as the router reads them (folded, lower case). */
  words: Set<string>;
  /** Candidates for a repair: known words and phrases without their spaces, by length. */
  byLength: Map<number, { joined: string; words: string[] }[]>;
}

const KNOWN = new WeakMap<RouterCatalog, KnownWords>();

/** The shortest word a repair looks at: shorter words are too close to too many others. */
const SHORTEST = 5;

/** The edits allowed between a word heard and the known one: one up to 6 letters, else two. */
function allowedEdits(length: number): number {
  return length < 7 ? 1 : 2;
}

/** Every string inside a lexicon value: its phrases, word lists, sets and table keys. */
function stringsOf(value: unknown, into: string[], depth = 0): void {
  if (depth > 4 || value === null || value === undefined) return;
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value) || value instanceof Set)
    for (const entry of value) stringsOf(entry, into, depth + 1);
  else if (typeof value === 'object' && !(value instanceof RegExp)) {
    for (const [key, entry] of Object.entries(value)) {
      // Keys of word tables ("première": 1) are words too.
      if (typeof entry === 'number') into.push(key);
      else stringsOf(entry, into, depth + 1);
    }
  }
}

function knownWords(catalog: RouterCatalog, lexicon: Lexicon): KnownWords {
  let known = KNOWN.get(catalog);
  if (known) return known;
  const phrases: string[][] = [];
  const lexiconStrings: string[] = [];
  stringsOf(lexicon, lexiconStrings);
  for (const phrase of lexiconStrings) {
    const parts = phrase.split(' ').filter((part) => /^[a-z0-9']+$/.test(part));
    if (parts.length > 0) phrases.push(parts);
  }
  for (const option of catalog.enums) phrases.push(...option.phrases);
  for (const name of catalog.itemNames) phrases.push(name);
  const words = new Set<string>([...catalog.vocabulary, ...catalog.surface]);
  for (const phrase of phrases) for (const word of phrase) words.add(word);
  const byLength = new Map<number, { joined: string; words: string[] }[]>();
  const seen = new Set<string>();
  const add = (candidate: string[]) => {
    const joined = candidate.join('');
    if (joined.length < SHORTEST - 1 || seen.has(joined) || !/^[a-z]+$/.test(joined)) return;
    seen.add(joined);
    const bucket = byLength.get(joined.length) ?? [];
    bucket.push({ joined, words: candidate });
    byLength.set(joined.length, bucket);
  };
  for (const word of words) add([word]);
  // Phrases of two or three words, heard as one ("sacsados"); an item's whole name is no such.
  for (const phrase of phrases) if (phrase.length > 1 && phrase.length <= 3) add(phrase);
  known = { words, byLength };
  KNOWN.set(catalog, known);
  return known;
}

/** Optimal string alignment distance (a swap of two neighbours is one edit), capped at `limit + 1`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] as number) + 1);
      current.push(value);
      smallest = Math.min(smallest, value);
    }
    if (smallest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] as number, limit + 1);
}

/**
 * How a word opens to the ear: its first letter, past a silent "h", as the first letter of its
 * group of letters that sound alike ({@link Lexicon.soundAlikeStarts}).
 */
function opening(word: string, lexicon: Lexicon): string {
  const { groups, silentH } = lexicon.soundAlikeStarts;
  const heard = silentH && /^h[aeiouy]/.test(word) ? word.slice(1) : word;
  const first = heard[0] ?? '';
  return groups.find((group) => group.includes(first))?.[0] ?? first;
}

/**
 * The one known word or phrase nearest to `word`, if one is near enough and no other as near. It
 * opens as the word does ({@link opening}): a slip of the ear or of the keys rarely changes the
 * first sound (Pollock and Zamora, 1983: about 7% of misspellings change the first letter), while a
 * word of the language the lexicon does not list often lies within two edits of a shop's word
 * behind another opening ("lentes" of "tentes", "Backe" of "packe"), and such a word was said as
 * it was heard.
 */
function nearest(word: string, known: KnownWords, lexicon: Lexicon): string[] | undefined {
  const start = opening(word, lexicon);
  const limit = allowedEdits(word.length);
  let best: string[] | undefined;
  let bestDistance = limit + 1;
  let tied = false;
  for (let length = word.length - limit; length <= word.length + limit; length += 1) {
    for (const candidate of known.byLength.get(length) ?? []) {
      if (opening(candidate.joined, lexicon) !== start) continue;
      const distance = editDistance(word, candidate.joined, limit);
      if (distance < bestDistance) {
        best = candidate.words;
        bestDistance = distance;
        tied = false;
      } else if (distance === bestDistance && best && best.join('') !== candidate.joined) {
        tied = true;
      }
    }
  }
  return best && !tied ? best : undefined;
}

/**
 * The words with the recognizer's near misses mended ({@link Lexicon.repairsHearing} languages
 * only): each word of five letters or more that is neither a word of the shop (item names, filter
 * values, the collection's description) nor of the language's lexicon becomes the one known word
 * or short phrase within one edit (two from seven letters) that begins as it does, when there is
 * exactly one.
 */
export function repairedHearing(
  tokens: readonly string[],
  catalog: RouterCatalog,
  lexicon: Lexicon,
): string[] {
  if (!lexicon.repairsHearing) return [...tokens];
  const known = knownWords(catalog, lexicon);
  const out: string[] = [];
  for (const token of tokens) {
    if (
      token.length < SHORTEST ||
      /\d/.test(token) ||
      known.words.has(token) ||
      known.words.has(lexicon.stem(token))
    ) {
      out.push(token);
      continue;
    }
    const repair = nearest(token, known, lexicon) ?? compoundTail(token, catalog, lexicon);
    if (repair) out.push(...repair);
    else out.push(token);
  }
  return out;
}

/**
 * A compound the shop does not know whose end is a word it does, read as that word (languages
 * that compound, {@link Lexicon.compoundNames}): "Standzelte" are "Zelte", "Campingjacken" are
 * "Jacken". The longest such end of four letters or more, with three or more in front of it.
 */
function compoundTail(
  token: string,
  catalog: RouterCatalog,
  lexicon: Lexicon,
): string[] | undefined {
  if (!lexicon.compoundNames) return undefined;
  for (let start = 3; start <= token.length - 4; start += 1) {
    const tail = token.slice(start);
    if (catalog.surface.has(tail) || catalog.vocabulary.has(lexicon.stem(tail))) return [tail];
  }
  return undefined;
}
