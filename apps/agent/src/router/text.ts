// Words of an utterance as the router compares them: lower case, no punctuation, contractions
// spelled out, numbers as digits. A recognizer writes "a hundred and fifty", a keyboard "150":
// both must read the same. The words of each language are its lexicon's.
import { foldAccents, type Lexicon, type NumberWords } from '@svc/languages/router';

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

/** One word segmenter per language: building one costs more than segmenting a turn. */
const SEGMENTERS = new Map<string, Intl.Segmenter>();

/**
 * Marks ICU keeps inside a word that the router reads as a break: an apostrophe the language's
 * contractions left ("tent's"), a comma, an underscore, a period not between digits ("e.g"). A
 * period between digits stays: "49.99" is one word.
 */
const INSIDE_BREAKS = /[',_:]|(?<!\d)\.|\.(?!\d)/;

/**
 * The words of a text as the language's `Intl.Segmenter` finds them (its word-like segments:
 * punctuation, spaces and symbols are not words), split again at the marks ICU keeps inside one.
 */
export function segmentWords(text: string, code: string): string[] {
  let segmenter = SEGMENTERS.get(code);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(code, { granularity: 'word' });
    SEGMENTERS.set(code, segmenter);
  }
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    for (const part of segment.split(INSIDE_BREAKS)) if (part) out.push(part);
  }
  return out;
}

/**
 * The utterance as words: lower case, contractions spelled out, amounts as digits ("under a
 * hundred dollars" -> "under 100 dollars"; "$49.99" -> "49.99 dollars"; "less than a kilo" ->
 * "less than 1 kilo"), split by the language's
 * `Intl.Segmenter`; in a language with accents, letters folded to ASCII ("campaña" -> "campana").
 */
export function words(text: string, lexicon: Lexicon): string[] {
  let normalized = text.toLowerCase().replace(/[’‘]/g, "'");
  if (lexicon.foldAccents) normalized = foldAccents(normalized);
  for (const [pattern, replacement] of lexicon.contractions)
    normalized = normalized.replace(pattern, replacement);
  for (const [pattern, replacement] of lexicon.currencies)
    normalized = normalized.replace(pattern, replacement);
  // "1,500" is one number; ICU keeps it whole, and the comma would split it below.
  const raw = segmentWords(normalized.replace(/(\d),(\d{3})/g, '$1$2'), lexicon.code);
  const { ambiguous, hundred, thousand } = lexicon.numbers;
  const out: string[] = [];
  for (let index = 0; index < raw.length;) {
    const word = raw[index] as string;
    const next = raw[index + 1] ?? '';
    // "A kilo", "einem Kilo", "un kilo": an article before a unit of measure is one of it.
    if (ambiguous.has(word) && Object.hasOwn(lexicon.weightUnits, next)) {
      out.push('1');
      index += 1;
      continue;
    }
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
  return withHalves(out, lexicon);
}

/** A plain number as the words write it ("2", "49.99"). */
const NUMBER = /^\d+(\.\d+)?$/;

/**
 * Words with a half said beside a number or a unit made one number: "a kilo and a half" reads
 * "1.5 kilo", "two and a half pounds" "2.5 pounds", "kilo y medio" "1.5 kilo", "half a pound"
 * "0.5 pound". A half of anything else ("half past seven", "huit heures et demie") stays words.
 */
function withHalves(tokens: readonly string[], lexicon: Lexicon): string[] {
  const { after, before } = lexicon.numbers.halves;
  const isUnit = (token: string | undefined) =>
    token !== undefined && Object.hasOwn(lexicon.weightUnits, token);
  const phraseAt = (at: number, phrases: readonly string[]) =>
    phrases
      .map((phrase) => phrase.split(' '))
      .find((parts) => parts.every((part, offset) => tokens[at + offset] === part))?.length ?? 0;
  const out: string[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as string;
    const counted = NUMBER.test(token);
    // "2 and a half pounds", "1 kilo and a half", "kilo y medio" (one kilo).
    if (counted || isUnit(token)) {
      const unit = counted && isUnit(tokens[index + 1]) ? 1 : 0;
      const half = phraseAt(index + 1 + unit, after);
      if (half > 0 && (counted || !NUMBER.test(out.at(-1) ?? ''))) {
        out.push(String((counted ? Number(token) : 1) + 0.5));
        if (counted && unit) out.push(tokens[index + 1] as string);
        if (!counted) out.push(token);
        index += unit + half;
        continue;
      }
    }
    // "half a pound" ("a" is 1 before a unit), "medio kilo".
    if (before.includes(token)) {
      const skip = tokens[index + 1] === '1' && isUnit(tokens[index + 2]) ? 1 : 0;
      if (isUnit(tokens[index + 1 + skip])) {
        // "Ein halbes Kilo", "un demi kilo": the article is the half's.
        if (lexicon.numbers.ambiguous.has(out.at(-1) ?? '')) out.pop();
        out.push('0.5');
        index += skip;
        continue;
      }
    }
    out.push(token);
  }
  return out;
}

/** Whether `phrase` (already as words) occurs in `tokens` at any position. */
export function indexOfPhrase(
  tokens: readonly string[],
  phrase: readonly string[],
  lexicon: Lexicon,
): number {
  if (phrase.length === 0) return -1;
  const { stem } = lexicon;
  outer: for (let start = 0; start + phrase.length <= tokens.length; start += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) {
      if (stem(tokens[start + offset] as string) !== stem(phrase[offset] as string)) continue outer;
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

/**
 * Whether the words contain any of the phrases (each a string of words), word for word. The phrases
 * are the language's own, and its pack spells out each form it reads: its words go through no
 * stemmer, which would take "sacos" (sleeping bags) for "sacar" (take out).
 */
export function hasPhrase(tokens: readonly string[], phrases: readonly string[]): boolean {
  return phrases.some((phrase) => indexOfWords(tokens, phraseWords(phrase)) >= 0);
}

/** An item's name as lower-case words, accents folded where the language folds them. */
export function nameWords(name: string, lexicon: Lexicon): string[] {
  const lower = name.toLowerCase();
  return segmentWords(lexicon.foldAccents ? foldAccents(lower) : lower, lexicon.code);
}

/** An item's name as words split at spaces (English keeps its hyphens and punctuation). */
export function itemWords(name: string, lexicon: Lexicon): string[] {
  return lexicon.foldAccents ? nameWords(name, lexicon) : name.toLowerCase().split(/\s+/);
}

/** The shortest word that says something, and so the shortest part of a compound that counts ("cut" of "haircut"). */
const SHORTEST_PART = 3;

/** The words of a text that say something: filler, numbers and the shortest words left out. */
export function contentWords(text: string, lexicon: Lexicon): string[] {
  return words(text, lexicon).filter(
    (word) => word.length >= SHORTEST_PART && !lexicon.filler.has(word) && !/^\d/.test(word),
  );
}

/** The stems of a text's words that say something. */
export function contentStems(text: string, lexicon: Lexicon): string[] {
  return contentWords(text, lexicon).map((word) => lexicon.stem(word));
}

/** One sentence segmenter per language, as for words. */
const SENTENCE_SEGMENTERS = new Map<string, Intl.Segmenter>();

/** The sentences of a text, by the language's `Intl.Segmenter`. */
export function sentencesOf(text: string, language: string): string[] {
  let segmenter = SENTENCE_SEGMENTERS.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    SENTENCE_SEGMENTERS.set(language, segmenter);
  }
  return [...segmenter.segment(text)].map(({ segment }) => segment.trim()).filter(Boolean);
}
