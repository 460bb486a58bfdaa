// Words of an utterance as the router compares them: lower case, no punctuation, contractions
// spelled out, numbers as digits. A recognizer writes "a hundred and fifty", a keyboard "150":
// both must read the same.

const CONTRACTIONS: [RegExp, string][] = [
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
];

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** Number words of a run ("a hundred and fifty", "two hundred", "forty nine") as one number. */
function readNumber(words: string[], start: number): { value: number; end: number } | undefined {
  let total = 0;
  let current = 0;
  let index = start;
  let seen = false;
  while (index < words.length) {
    const word = words[index] as string;
    if (/^\d+(\.\d+)?$/.test(word)) {
      current += Number(word);
    } else if (word in UNITS) current += UNITS[word] as number;
    else if (word in TENS) current += TENS[word] as number;
    else if (word === 'hundred') current = (current || 1) * 100;
    else if (word === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (word === 'a' && ['hundred', 'thousand'].includes(words[index + 1] ?? '')) {
      // "a hundred"
    } else if (word === 'and' && seen && /^(\d|[a-z]+)/.test(words[index + 1] ?? '')) {
      const next = words[index + 1] ?? '';
      if (!(next in UNITS) && !(next in TENS) && !/^\d/.test(next)) break;
    } else break;
    seen = seen || word !== 'a';
    index += 1;
  }
  if (!seen) return undefined;
  return { value: total + current, end: index };
}

/** Words that are numbers only when a quantity or an amount follows or precedes them. */
const AMBIGUOUS = new Set(['one', 'a']);

/**
 * The utterance as words: lower case, punctuation gone, contractions spelled out, amounts as
 * digits ("under a hundred dollars" -> "under 100 dollars"; "$49.99" -> "49.99 dollars").
 */
export function words(text: string): string[] {
  let normalized = text.toLowerCase().replace(/[’‘]/g, "'");
  for (const [pattern, replacement] of CONTRACTIONS)
    normalized = normalized.replace(pattern, replacement);
  normalized = normalized
    .replace(/\$\s*(\d+(?:\.\d+)?)/g, '$1 dollars')
    .replace(/(\d),(\d{3})/g, '$1$2')
    .replace(/[^a-z0-9.\s-]/g, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/-/g, ' ');
  const raw = normalized.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let index = 0; index < raw.length;) {
    const word = raw[index] as string;
    if (AMBIGUOUS.has(word) && !['hundred', 'thousand'].includes(raw[index + 1] ?? '')) {
      out.push(word);
      index += 1;
      continue;
    }
    const number = readNumber(raw, index);
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

/** A word's singular, for matching "tents" to "tent" and "boxes" to "box" (English only). */
export function singular(word: string): string {
  if (word.length <= 3 || word.endsWith('ss') || word.endsWith('us')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|ses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Whether `phrase` (already as words) occurs in `tokens` at any position. */
export function indexOfPhrase(tokens: readonly string[], phrase: readonly string[]): number {
  if (phrase.length === 0) return -1;
  outer: for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) {
      if (singular(tokens[start + offset] as string) !== singular(phrase[offset] as string))
        continue outer;
    }
    return start;
  }
  return -1;
}

/** Whether the words contain any of the phrases (each a string of words). */
export function hasPhrase(tokens: readonly string[], phrases: readonly string[]): boolean {
  return phrases.some((phrase) => indexOfPhrase(tokens, phrase.split(' ')) >= 0);
}

/** Words that carry no meaning of their own for a search. */
export const FILLER = new Set(
  (
    'a an the some any me my i you we us our your please can could would will do does did is are am ' +
    'be have has had got get need want wanted like looking look for find search show see tell give ' +
    'there here this that these those one ones of to in on at with and or so just also really maybe ' +
    'about what which kind kinds sort type types something anything stuff thing things item items ' +
    'product products hi hello hey okay ok well um uh er let us let now then again ' +
    'what is it they them how much many sell selling carry offer available have got'
  ).split(' '),
);
