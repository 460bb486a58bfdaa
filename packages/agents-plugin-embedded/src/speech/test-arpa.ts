// Reading back the ARPA files the domain models are written in, for the tests.

import { expect } from 'vitest';

/** An ARPA file read back: declared counts, and per order the entries (log10 p, backoff). */
export interface ParsedArpa {
  counts: number[];
  grams: Map<string, { logp: number; backoff: number | undefined }>[];
}

/** Reads an ARPA file back, checking the format's rules as it goes. */
export function parseArpa(text: string): ParsedArpa {
  const lines = text.split('\n');
  expect(lines[0]).toBe('\\data\\');
  expect(text.trimEnd().endsWith('\\end\\')).toBe(true);
  const counts: number[] = [];
  const grams: ParsedArpa['grams'] = [];
  let order = 0;
  for (const line of lines) {
    const count = /^ngram (\d)=(\d+)$/.exec(line);
    if (count) {
      counts[Number(count[1]) - 1] = Number(count[2]);
      continue;
    }
    const section = /^\\(\d)-grams:$/.exec(line);
    if (section) {
      order = Number(section[1]);
      grams[order - 1] = new Map();
      continue;
    }
    if (!order || !line.trim() || line.startsWith('\\')) continue;
    const fields = line.split(' ');
    const logp = Number(fields[0]);
    const words = fields.slice(1, 1 + order).join(' ');
    const backoff = fields[1 + order] === undefined ? undefined : Number(fields[1 + order]);
    expect(fields.length === 1 + order || fields.length === 2 + order, line).toBe(true);
    expect(grams[order - 1]?.has(words), `duplicate ${words}`).toBe(false);
    grams[order - 1]?.set(words, { logp, backoff });
  }
  return { counts, grams };
}

/** p(word | history) by the ARPA backoff rule. */
export function probability(arpa: ParsedArpa, history: string[], word: string): number {
  const key = [...history, word].join(' ');
  const entry = arpa.grams[history.length]?.get(key);
  if (entry) return 10 ** entry.logp;
  if (history.length === 0) return 0;
  const backoff = arpa.grams[history.length - 1]?.get(history.join(' '))?.backoff ?? 0;
  return 10 ** backoff * probability(arpa, history.slice(1), word);
}
