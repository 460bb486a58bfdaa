// The pronunciation dictionary of the recognizer (CMU format), with the ways the domain model
// gives a pronunciation to a word it lacks.

import { readFile } from 'node:fs/promises';
import type { Token } from './spoken-words.js';

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
