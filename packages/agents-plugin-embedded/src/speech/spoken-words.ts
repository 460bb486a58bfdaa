// Text as the recognizer writes what is said: lower-case words, numbers and symbols in words,
// identifiers split, one list of tokens per sentence.

/** One word of a phrase as written, before the dictionary is consulted. */
export interface Token {
  /** Lower-case spelling. */
  word: string;
  /** Written in capitals (2 to 5 letters): spelled out letter by letter if the dictionary lacks it. */
  acronym: boolean;
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * An integer in words, as people say it ("129" -> "one hundred twenty nine"). Numbers of a
 * billion or more are read digit by digit, which is how long codes are spoken anyway.
 */
export function numberToWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 1e9) {
    return [...String(value)]
      .filter((c) => c >= '0' && c <= '9')
      .map((c) => ONES[Number(c)])
      .join(' ');
  }
  if (value < 20) return ONES[value] as string;
  if (value < 100) {
    const rest = value % 10;
    return `${TENS[Math.floor(value / 10)]}${rest ? ` ${ONES[rest]}` : ''}`;
  }
  if (value < 1000) {
    const rest = value % 100;
    return `${ONES[Math.floor(value / 100)]} hundred${rest ? ` ${numberToWords(rest)}` : ''}`;
  }
  const scale = value < 1e6 ? 1000 : 1e6;
  const rest = value % scale;
  const head = `${numberToWords(Math.floor(value / scale))} ${scale === 1000 ? 'thousand' : 'million'}`;
  return rest ? `${head} ${numberToWords(rest)}` : head;
}

/** Digits as words: "3.5" -> "three point five", "1,299" -> "one thousand two hundred ninety nine". */
function spokenNumber(text: string): string {
  const [whole = '', fraction] = text.replaceAll(',', '').split('.');
  const head = numberToWords(Number(whole));
  if (!fraction) return head;
  return `${head} point ${[...fraction].map((c) => ONES[Number(c)]).join(' ')}`;
}

/**
 * Splits text into sentences of tokens, normalized the way the recognizer writes words: lower
 * case, numbers and symbols in words, snake_case and camelCase identifiers (tool names) split,
 * hyphenated words split. Sentence punctuation ends a sentence; a comma does not, since people
 * run through commas.
 */
export function tokenize(text: string): Token[][] {
  const sentences: Token[][] = [];
  const normalized = text
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    // camelCase -> camel Case (a tool named addToCart is said "add to cart").
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    // "$129" is said "one hundred twenty nine dollars".
    .replace(/\$\s*(\d[\d,]*(?:\.\d+)?)/g, '$1 dollars');
  for (const part of normalized.split(/[.!?;:](?!\d)|\n/)) {
    const tokens: Token[] = [];
    for (const match of part.matchAll(/\p{L}+(?:'\p{L}+)*|\d[\d,]*(?:\.\d+)?|[%&+@]/gu)) {
      const raw = match[0];
      if (/^\d/.test(raw)) {
        for (const word of spokenNumber(raw).split(' ')) tokens.push({ word, acronym: false });
        continue;
      }
      const symbol = { '%': 'percent', '&': 'and', '+': 'plus', '@': 'at' }[raw];
      if (symbol) {
        tokens.push({ word: symbol, acronym: false });
        continue;
      }
      tokens.push({
        word: raw.toLowerCase(),
        acronym: raw.length >= 2 && raw.length <= 5 && raw === raw.toUpperCase(),
      });
    }
    if (tokens.length) sentences.push(tokens);
  }
  return sentences;
}

/** The words of a text as the recognizer would print them (for scoring transcripts). */
export function normalizeWords(text: string): string[] {
  return tokenize(text).flatMap((sentence) => sentence.map((token) => token.word));
}
