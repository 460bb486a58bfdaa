// Domain language models for the embedded recognizer (pocketsphinx).
//
// The open US-English model (en-us.lm.bin, 130k words) mishears most of what visitors say to a
// shop assistant, and its full dictionary costs seconds to load. A small trigram model trained on
// what this scenario's visitors are likely to say (its prompt, tool names, product names, filter
// values), mixed with everyday conversational phrases, cuts the word error several times over and
// loads in milliseconds. This module builds that model in plain TypeScript (ARPA text, Witten-Bell
// backoff), trims the pronunciation dictionary to its words, and caches both on disk.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where Debian's `pocketsphinx-en-us` package installs the US-English models. */
export const DEBIAN_EN_US_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** Bumped whenever the generated files would change for the same input. */
const GENERATOR_VERSION = 1;

/**
 * What people say to any assistant, whatever its scenario. Mixed into every domain model so that
 * "yes", "no thanks", "how much is it" or "that's all, goodbye" are still heard when the visitor
 * leaves the scenario's vocabulary.
 */
export const CONVERSATIONAL_PHRASES: readonly string[] = [
  'yes',
  'yes please',
  'yeah',
  'no',
  'no thanks',
  'no thank you',
  'not really',
  'okay',
  'ok',
  'sure',
  'of course',
  'great',
  'perfect',
  'cool',
  'nice',
  'thanks',
  'thank you',
  'thank you very much',
  'hello',
  'hi',
  'hi there',
  'hey',
  'good morning',
  'good afternoon',
  'good evening',
  'goodbye',
  'bye',
  'bye bye',
  'see you',
  "that's all",
  "that's all thanks",
  "that's all, goodbye",
  'that is all',
  "that's it",
  "i'm done",
  'i am done',
  'nothing else',
  'maybe later',
  'wait',
  'stop',
  'sorry',
  'excuse me',
  'pardon',
  'can you repeat that',
  'say that again',
  'i did not understand',
  "i don't know",
  'can you help me',
  'i need help',
  "i'm looking for a",
  'i am looking for',
  'i want',
  'i want to buy',
  'i would like',
  "i'd like to see",
  'do you have',
  'do you have anything',
  'show me',
  'show me the',
  'show me more',
  'show me something else',
  'what about',
  'what about this one',
  'what is it',
  'what is this',
  'what do you have',
  'what do you recommend',
  'which one do you recommend',
  'which one is better',
  'which one is cheaper',
  'which one is lighter',
  'how much is it',
  'how much does it cost',
  'how much is that',
  'what is the price',
  'how heavy is it',
  'is it waterproof',
  'is it in stock',
  'is it available',
  'do you have it in another color',
  'what colors does it come in',
  'tell me more',
  'tell me more about it',
  'more details please',
  'compare them',
  'compare the two',
  'compare these',
  'add it to my cart',
  'add that to my cart',
  'add this to my cart',
  'put it in my cart',
  'i will take it',
  "i'll take it",
  'remove it',
  'remove it from my cart',
  'take it out',
  "what's in my cart",
  'what is in my cart',
  'show my cart',
  'show me my cart',
  'empty my cart',
  'the first one',
  'the second one',
  'the third one',
  'the last one',
  'the other one',
  'the cheaper one',
  'the lighter one',
  'this one',
  'that one',
  'something cheaper',
  'something lighter',
  'something warmer',
  'under one hundred dollars',
  'under fifty dollars',
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
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
  'dollars',
];

/** Letter names, for spelling out acronyms the dictionary does not know ("REI" -> R EY AY). */
const LETTER_NAMES: Readonly<Record<string, string>> = {
  a: 'EY',
  b: 'B IY',
  c: 'S IY',
  d: 'D IY',
  e: 'IY',
  f: 'EH F',
  g: 'JH IY',
  h: 'EY CH',
  i: 'AY',
  j: 'JH EY',
  k: 'K EY',
  l: 'EH L',
  m: 'EH M',
  n: 'EH N',
  o: 'OW',
  p: 'P IY',
  q: 'K Y UW',
  r: 'AA R',
  s: 'EH S',
  t: 'T IY',
  u: 'Y UW',
  v: 'V IY',
  w: 'D AH B AH L Y UW',
  x: 'EH K S',
  y: 'W AY',
  z: 'Z IY',
};

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
    for (const match of part.matchAll(/[A-Za-z]+(?:'[A-Za-z]+)*|\d[\d,]*(?:\.\d+)?|[%&+@]/g)) {
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

/** How a word of the model got its pronunciation. */
export type PronunciationSource = 'dictionary' | 'compound' | 'spelled';

/** A pronunciation dictionary in CMU format: word -> phone strings (alternates in order). */
export class Lexicon {
  readonly #entries: Map<string, string[]>;

  /** Builds a lexicon from dictionary text (`word PH ONES`, alternates as `word(2) ...`). */
  constructor(text: string) {
    this.#entries = new Map();
    for (const line of text.split('\n')) {
      const trimmed = line.replace(/#.*$/, '').trim();
      const space = trimmed.search(/\s/);
      if (space <= 0) continue;
      const word = trimmed.slice(0, space).replace(/\(\d+\)$/, '');
      const phones = trimmed.slice(space).trim().replace(/\s+/g, ' ');
      const list = this.#entries.get(word);
      if (list) list.push(phones);
      else this.#entries.set(word, [phones]);
    }
  }

  /** Reads a dictionary file. */
  static async load(path: string): Promise<Lexicon> {
    return new Lexicon(await readFile(path, 'utf8'));
  }

  /** Number of distinct words. */
  get size(): number {
    return this.#entries.size;
  }

  /** The pronunciations of a word, or undefined if the dictionary lacks it. */
  pronunciations(word: string): readonly string[] | undefined {
    return this.#entries.get(word);
  }

  /**
   * A pronunciation for a token, with how it was found: from the dictionary; else, for a word
   * glued from dictionary words ("headlamp", "softshell"), the parts' pronunciations in a row;
   * else, for an acronym, its letters' names. Other unknown words have none (undefined), and the
   * model leaves them out: a guessed spelling-to-sound rule would more often add a wrong word
   * than a right one.
   */
  resolve(token: Token): { pronunciations: string[]; source: PronunciationSource } | undefined {
    const known = this.#entries.get(token.word);
    if (known) return { pronunciations: [...known], source: 'dictionary' };
    const parts = this.#split(token.word, 3);
    if (parts) {
      const phones = parts.map((part) => (this.#entries.get(part) as string[])[0]).join(' ');
      return { pronunciations: [phones], source: 'compound' };
    }
    const vowelless = token.word.length <= 4 && !/[aeiouy]/.test(token.word);
    if ((token.acronym || vowelless) && /^[a-z]+$/.test(token.word)) {
      const phones = [...token.word].map((letter) => LETTER_NAMES[letter] as string).join(' ');
      return { pronunciations: [phones], source: 'spelled' };
    }
    return undefined;
  }

  /**
   * Splits a word into at most `maxParts` dictionary words of three letters or more, preferring
   * fewer parts, then the most even split ("head|lamp" over "headl|amp" when both exist).
   */
  #split(word: string, maxParts: number): string[] | undefined {
    if (maxParts < 2 || word.length < 6) return undefined;
    let best: string[] | undefined;
    const score = (parts: string[]) => [-parts.length, Math.min(...parts.map((p) => p.length))];
    for (let i = 3; i <= word.length - 3; i += 1) {
      const head = word.slice(0, i);
      if (!this.#entries.has(head)) continue;
      const tail = word.slice(i);
      const rest = this.#entries.has(tail) ? [tail] : this.#split(tail, maxParts - 1);
      if (!rest) continue;
      const candidate = [head, ...rest];
      if (!best) best = candidate;
      else {
        const [a0, a1] = score(candidate) as [number, number];
        const [b0, b1] = score(best) as [number, number];
        if (a0 > b0 || (a0 === b0 && a1 > b1)) best = candidate;
      }
    }
    return best;
  }
}

/** Options of {@link buildArpa}. */
export interface ArpaOptions {
  /** Highest n-gram order: 2 (bigram) or 3 (trigram, the default). */
  order?: 2 | 3;
}

type Counts = Map<string, Map<string, number>>;

function bump(table: Counts, history: string, word: string): void {
  let row = table.get(history);
  if (!row) table.set(history, (row = new Map()));
  row.set(word, (row.get(word) ?? 0) + 1);
}

function rowTotal(row: Map<string, number>): number {
  let total = 0;
  for (const count of row.values()) total += count;
  return total;
}

const log10 = (p: number): string => Math.log10(p).toFixed(6);

/**
 * Builds a backoff n-gram model in ARPA text from tokenized sentences (`<s>` and `</s>` are
 * added around each).
 *
 * Smoothing is Witten-Bell, which suits a small corpus with no reliable counts-of-counts: a
 * history seen `c` times followed by `t` distinct words keeps `c / (c + t)` of its mass for the
 * words seen after it and backs off with `t / (c + t)` to the next lower order. Unigrams back
 * off to a uniform distribution over the vocabulary (which makes them add-one estimates), so
 * every word of the model can follow any other. Backoff weights are normalized so that each
 * history's distribution sums to one.
 */
export function buildArpa(
  sentences: readonly (readonly string[])[],
  options: ArpaOptions = {},
): string {
  const order = options.order ?? 3;
  const unigrams = new Map<string, number>();
  const bigrams: Counts = new Map();
  const trigrams: Counts = new Map();
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const tokens = ['<s>', ...sentence, '</s>'];
    for (let i = 1; i < tokens.length; i += 1) {
      const word = tokens[i] as string;
      unigrams.set(word, (unigrams.get(word) ?? 0) + 1);
      bump(bigrams, tokens[i - 1] as string, word);
      if (order >= 3 && i >= 2) bump(trigrams, `${tokens[i - 2]} ${tokens[i - 1]}`, word);
    }
  }
  if (unigrams.size === 0) throw new Error('cannot build a language model from no words');

  const vocabulary = [...unigrams.keys()].sort();
  const total = rowTotal(unigrams);
  const p1 = new Map<string, number>();
  for (const word of vocabulary) {
    p1.set(word, ((unigrams.get(word) ?? 0) + 1) / (total + vocabulary.length));
  }

  // Bigram level: discounted probabilities of seen pairs and each history's backoff weight.
  const p2 = new Map<string, number>();
  const bow1 = new Map<string, number>();
  for (const [history, row] of bigrams) {
    const count = rowTotal(row);
    const denominator = count + row.size;
    let lowerCovered = 0;
    for (const [word, c] of row) {
      p2.set(`${history} ${word}`, c / denominator);
      lowerCovered += p1.get(word) ?? 0;
    }
    bow1.set(history, row.size / denominator / Math.max(1e-12, 1 - lowerCovered));
  }
  const bigramProbability = (history: string, word: string): number =>
    p2.get(`${history} ${word}`) ?? (bow1.get(history) ?? 1) * (p1.get(word) ?? 0);

  // Trigram level, backing off to the full bigram distribution.
  const p3 = new Map<string, number>();
  const bow2 = new Map<string, number>();
  for (const [history, row] of trigrams) {
    const count = rowTotal(row);
    const denominator = count + row.size;
    const last = history.slice(history.indexOf(' ') + 1);
    let lowerCovered = 0;
    for (const [word, c] of row) {
      p3.set(`${history} ${word}`, c / denominator);
      lowerCovered += bigramProbability(last, word);
    }
    bow2.set(history, row.size / denominator / Math.max(1e-12, 1 - lowerCovered));
  }

  const lines = ['\\data\\', `ngram 1=${vocabulary.length + 1}`, `ngram 2=${p2.size}`];
  if (order >= 3) lines.push(`ngram 3=${p3.size}`);
  lines.push('', '\\1-grams:');
  // <s> is never predicted: by convention its probability is log10 0, written -99.
  lines.push(`-99.000000 <s> ${log10(bow1.get('<s>') ?? 1)}`);
  for (const word of vocabulary) {
    const backoff = bow1.get(word);
    lines.push(
      `${log10(p1.get(word) as number)} ${word}${backoff === undefined ? '' : ` ${log10(backoff)}`}`,
    );
  }
  lines.push('', '\\2-grams:');
  for (const [pair, p] of p2) {
    const backoff = bow2.get(pair);
    lines.push(`${log10(p)} ${pair}${backoff === undefined ? '' : ` ${log10(backoff)}`}`);
  }
  if (order >= 3) {
    lines.push('', '\\3-grams:');
    for (const [triple, p] of p3) lines.push(`${log10(p)} ${triple}`);
  }
  lines.push('', '\\end\\', '');
  return lines.join('\n');
}

/** Options of {@link prepareLanguageModel}. */
export interface LanguageModelOptions {
  /** Folder of the US-English model (default: Debian's `pocketsphinx-en-us` install). */
  modelDir?: string;
  /** The full pronunciation dictionary (default `cmudict-en-us.dict` in `modelDir`). */
  dictionary?: string;
  /** The open language model used without phrases (default `en-us.lm.bin` in `modelDir`). */
  openLanguageModel?: string;
  /** Where built models are kept (default: `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`; a `speech` folder inside). */
  cacheDir?: string;
  /** Mix {@link CONVERSATIONAL_PHRASES} into the domain model (default true). */
  conversational?: boolean;
  /** N-gram order of the domain model (default 3). */
  order?: 2 | 3;
}

/** A language model and its dictionary, ready for the recognizer. */
export interface PreparedLanguageModel {
  /** `domain`: built from phrases; `open`: the installed general model. */
  kind: 'domain' | 'open';
  /** Path of the language model file. */
  lm: string;
  /** Path of the pronunciation dictionary. */
  dict: string;
  /** Number of words the model knows. */
  vocabulary: number;
  /** Words not in the dictionary that got a pronunciation another way (domain models only). */
  derived: Readonly<Record<string, Exclude<PronunciationSource, 'dictionary'>>>;
  /** Words of the phrases left out of the model: not in the dictionary, no way to say them. */
  dropped: readonly string[];
  /** Whether the files were already in the cache. */
  cached: boolean;
}

/** The cache folder shared by the agent's offline engines. */
export function defaultCacheDir(): string {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

interface ModelMeta {
  vocabulary: number;
  derived: Record<string, Exclude<PronunciationSource, 'dictionary'>>;
  dropped: string[];
}

async function writeAtomically(path: string, text: string): Promise<void> {
  // Another process may be building the same model: each writes its own temporary file, and
  // rename replaces the target in one step, so a reader never sees half a file.
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

async function readMeta(path: string): Promise<ModelMeta | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as ModelMeta;
  } catch {
    return undefined;
  }
}

/** Builds in progress in this process, so concurrent streams of one scenario build once. */
const building = new Map<string, Promise<PreparedLanguageModel>>();

/**
 * The language model for a scenario. With phrases, a domain model: their sentences plus (unless
 * disabled) {@link CONVERSATIONAL_PHRASES}, as a trigram ARPA file, with the dictionary trimmed
 * to its words (alternate pronunciations kept). Both are written to
 * `<cacheDir>/speech/lm-<hash>/` and reused while the phrases, options and dictionary file stay
 * the same. Words the dictionary lacks are glued from dictionary words or spelled as acronyms
 * when possible, else dropped: the phrase is cut there, so the model never links the words on
 * either side of the gap. Without phrases, the installed open model and full dictionary.
 */
export async function prepareLanguageModel(
  phrases: readonly string[],
  options: LanguageModelOptions = {},
): Promise<PreparedLanguageModel> {
  const modelDir = options.modelDir ?? DEBIAN_EN_US_MODEL_DIR;
  const dictionary = options.dictionary ?? join(modelDir, 'cmudict-en-us.dict');
  const texts = phrases.map((phrase) => phrase.trim()).filter(Boolean);
  if (texts.length === 0) {
    return {
      kind: 'open',
      lm: options.openLanguageModel ?? join(modelDir, 'en-us.lm.bin'),
      dict: dictionary,
      vocabulary: Number.NaN,
      derived: {},
      dropped: [],
      cached: true,
    };
  }
  const conversational = options.conversational ?? true;
  const order = options.order ?? 3;
  const corpus = conversational ? [...texts, ...CONVERSATIONAL_PHRASES] : texts;
  // The dictionary's size and date stand for its content: hashing 3 MB on every start would cost
  // more than the cache saves.
  const info = await stat(dictionary);
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        version: GENERATOR_VERSION,
        order,
        dictionary: [dictionary, info.size, info.mtimeMs],
        corpus,
      }),
    )
    .digest('hex')
    .slice(0, 20);
  const pending = building.get(key);
  if (pending) return pending;
  const task = build(key, corpus, dictionary, order, options.cacheDir ?? defaultCacheDir());
  building.set(key, task);
  try {
    return await task;
  } finally {
    building.delete(key);
  }
}

async function build(
  key: string,
  corpus: readonly string[],
  dictionary: string,
  order: 2 | 3,
  cacheDir: string,
): Promise<PreparedLanguageModel> {
  const folder = join(cacheDir, 'speech', `lm-${key}`);
  const lm = join(folder, 'domain.lm');
  const dict = join(folder, 'domain.dict');
  const metaPath = join(folder, 'meta.json');
  const meta = await readMeta(metaPath);
  if (meta) return { kind: 'domain', lm, dict, ...meta, cached: true };

  const lexicon = await Lexicon.load(dictionary);
  const entries = new Map<string, string[]>();
  const derived: ModelMeta['derived'] = {};
  const dropped = new Set<string>();
  const sentences: string[][] = [];
  for (const text of corpus) {
    for (const tokens of tokenize(text)) {
      let current: string[] = [];
      for (const token of tokens) {
        const resolved = entries.has(token.word) ? true : lexicon.resolve(token);
        if (resolved) {
          if (resolved !== true) {
            entries.set(token.word, resolved.pronunciations);
            if (resolved.source !== 'dictionary') derived[token.word] = resolved.source;
          }
          current.push(token.word);
        } else {
          dropped.add(token.word);
          if (current.length) sentences.push(current);
          current = [];
        }
      }
      if (current.length) sentences.push(current);
    }
  }
  if (sentences.length === 0) {
    throw new Error(
      `none of the words of the phrases are in ${dictionary}; cannot build a language model`,
    );
  }
  const dictLines: string[] = [];
  for (const word of [...entries.keys()].sort()) {
    (entries.get(word) as string[]).forEach((phones, index) => {
      dictLines.push(`${index === 0 ? word : `${word}(${index + 1})`} ${phones}`);
    });
  }
  const result: ModelMeta = {
    vocabulary: entries.size,
    derived,
    dropped: [...dropped].sort(),
  };
  await mkdir(folder, { recursive: true });
  await writeAtomically(lm, buildArpa(sentences, { order }));
  await writeAtomically(dict, `${dictLines.join('\n')}\n`);
  await writeAtomically(
    join(folder, 'corpus.txt'),
    `${sentences.map((s) => s.join(' ')).join('\n')}\n`,
  );
  // Written last: its presence means the model is complete.
  await writeAtomically(metaPath, JSON.stringify(result));
  return { kind: 'domain', lm, dict, ...result, cached: false };
}
