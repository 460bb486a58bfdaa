// Words of an utterance as the router compares them: lower case, no punctuation, contractions
// spelled out, numbers as digits. A recognizer writes "a hundred and fifty", a keyboard "150":
// both must read the same. The words of each language are its lexicon's.
import { foldAccents, type Lexicon, type NumberWords } from './lexicon.js';

/** Number words of a run ("a hundred and fifty", "two hundred", "forty nine") as one number. */
function readNumber(
  words: string[],
  start: number,
  numbers: NumberWords,
): { value: number; end: number } | undefined {
  const { units, tens, hundreds, hundred, thousand, joiners, article } = numbers;
  const multiplier = (word: string) => hundred.includes(word) || thousand.includes(word);
  const valueOf = (word: string): number | undefined =>
    Object.hasOwn(units, word)
      ? units[word]
      : Object.hasOwn(tens, word)
        ? tens[word]
        : Object.hasOwn(hundreds, word)
          ? hundreds[word]
          : numbers.compound?.(word);
  let total = 0;
  let current = 0;
  // The last part read ("fifty" of "a hundred and fifty"): a joiner adds only a smaller one.
  let last = 0;
  let index = start;
  let seen = false;
  while (index < words.length) {
    const word = words[index] as string;
    const value = valueOf(word);
    if (/^\d+(\.\d+)?$/.test(word)) {
      last = Number(word);
      current += last;
    } else if (value !== undefined) {
      last = value;
      current += value;
    } else if (hundred.includes(word)) {
      current = (current || 1) * 100;
      last = 100;
    } else if (thousand.includes(word)) {
      total += (current || 1) * 1000;
      current = 0;
      last = 1000;
    } else if (article.includes(word) && multiplier(words[index + 1] ?? '')) {
      // "a hundred"
    } else if (joiners.includes(word) && seen) {
      // "A hundred and fifty", "vingt et un", "treinta y cinco" are one number; "between 50 and
      // 120", "fifty and sixty", "between fifty and one hundred" are two.
      const next = valueOf(words[index + 1] ?? '');
      if (next === undefined || multiplier(words[index + 2] ?? '')) break;
      const joins = numbers.unitsBeforeTens
        ? last < 10 && next >= 20 && next < 100 && next % 10 === 0
        : next < last;
      if (!joins) break;
    } else break;
    seen = seen || !article.includes(word);
    index += 1;
  }
  if (!seen) return undefined;
  return { value: total + current, end: index };
}

/**
 * The utterance as words: lower case, punctuation gone, contractions spelled out, amounts as
 * digits ("under a hundred dollars" -> "under 100 dollars"; "$49.99" -> "49.99 dollars"); in a
 * language with accents, letters folded to ASCII ("campaña" -> "campana").
 */
export function words(text: string, lexicon: Lexicon): string[] {
  let normalized = text.toLowerCase().replace(/[’‘]/g, "'");
  if (lexicon.foldAccents) normalized = foldAccents(normalized);
  for (const [pattern, replacement] of lexicon.contractions)
    normalized = normalized.replace(pattern, replacement);
  for (const [pattern, replacement] of lexicon.currencies)
    normalized = normalized.replace(pattern, replacement);
  normalized = normalized
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[^a-z0-9.\s-]/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/-/g, ' ');
  const raw = normalized.split(/\s+/).filter(Boolean);
  const { ambiguous, hundred, thousand } = lexicon.numbers;
  const out: string[] = [];
  for (let index = 0; index < raw.length;) {
    const word = raw[index] as string;
    const next = raw[index + 1] ?? '';
    if (ambiguous.has(word) && !hundred.includes(next) && !thousand.includes(next)) {
      out.push(word);
      index += 1;
      continue;
    }
    const number = readNumber(raw, index, lexicon.numbers);
    if (number && number.end > index) {
      out.push(String(number.value));
      index = number.end;
    } else {
      out.push(word);
      index += 1;
    }
  }
  return out;
}

/** A word's singular, for matching "tents" to "tent" and "boxes" to "box" (English). */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|ses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Whether `phrase` (already as words) occurs in `tokens` at any position. */
export function indexOfPhrase(
  tokens: readonly string[],
  phrase: readonly string[],
  lexicon: Lexicon,
): number {
  if (phrase.length === 0) return -1;
  const { singular } = lexicon;
  outer: for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) {
      if (singular(tokens[start + offset] as string) !== singular(phrase[offset] as string))
        continue outer;
    }
    return start;
  }
  return -1;
}

/** Where `phrase` occurs in `tokens` word for word, as said (-1 if it does not). */
export function indexOfWords(tokens: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return -1;
  outer: for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1)
      if (tokens[start + offset] !== phrase[offset]) continue outer;
    return start;
  }
  return -1;
}

/** Phrases as words, split once: the router asks for the same few hundred every turn. */
const SPLIT = new Map<string, readonly string[]>();

function phraseWords(phrase: string): readonly string[] {
  let split = SPLIT.get(phrase);
  if (!split) {
    // Phrases come from the lexicons and the scenario's catalogue: a bounded set.
    if (SPLIT.size >= 20_000) SPLIT.clear();
    split = phrase.split(' ');
    SPLIT.set(phrase, split);
  }
  return split;
}

/** Whether the words contain any of the phrases (each a string of words). */
export function hasPhrase(
  tokens: readonly string[],
  phrases: readonly string[],
  lexicon: Lexicon,
): boolean {
  return phrases.some((phrase) => indexOfPhrase(tokens, phraseWords(phrase), lexicon) >= 0);
}

/** An item's name as lower-case words, accents folded where the language folds them. */
export function nameWords(name: string, lexicon: Lexicon): string[] {
  const lower = name.toLowerCase();
  return (lexicon.foldAccents ? foldAccents(lower) : lower).split(/[^a-z0-9]+/).filter(Boolean);
}

/** An item's name as words split at spaces (English keeps its hyphens and punctuation). */
export function itemWords(name: string, lexicon: Lexicon): string[] {
  return lexicon.foldAccents ? nameWords(name, lexicon) : name.toLowerCase().split(/\s+/);
}
