import { describe, expect, it } from 'vitest';
import { buildArpa } from './arpa-builder.js';
import { parseArpa, probability } from './test-arpa.js';

// ARPA text checked against the format's rules and against the smoothing's promise (every
// history's distribution sums to one).

const SENTENCES = [
  ['show', 'me', 'tents'],
  ['show', 'me', 'boots'],
  ['show', 'me', 'the', 'blue', 'tent'],
  ['add', 'the', 'blue', 'tent', 'to', 'my', 'cart'],
  ['what', 'is', 'in', 'my', 'cart'],
  ['hello'],
];

describe('buildArpa', () => {
  const arpa = parseArpa(buildArpa(SENTENCES));

  it('writes a valid ARPA trigram file: counts match, probabilities are log10 <= 0', () => {
    expect(arpa.counts).toEqual(arpa.grams.map((entries) => entries.size));
    expect(arpa.counts).toHaveLength(3);
    for (const entries of arpa.grams) {
      for (const [words, { logp }] of entries) {
        expect(Number.isFinite(logp), words).toBe(true);
        expect(logp, words).toBeLessThanOrEqual(0);
      }
    }
    // <s> is never predicted (log10 0 by convention) but is a history.
    expect(arpa.grams[0]?.get('<s>')).toEqual({ logp: -99, backoff: expect.any(Number) });
    expect(arpa.grams[0]?.has('</s>')).toBe(true);
    expect(arpa.grams[2]?.has('<s> show me')).toBe(true);
    expect(arpa.grams[2]?.has('my cart </s>')).toBe(true);
  });

  it('lists the prefix and suffix of every n-gram one order down, as decoders require', () => {
    for (let order = 2; order <= 3; order += 1) {
      for (const words of arpa.grams[order - 1]?.keys() ?? []) {
        const parts = words.split(' ');
        expect(arpa.grams[order - 2]?.has(parts.slice(0, -1).join(' ')), words).toBe(true);
        expect(arpa.grams[order - 2]?.has(parts.slice(1).join(' ')), words).toBe(true);
      }
    }
  });

  it('is a proper distribution after every history, seen or not (backoff weights normalize)', () => {
    const vocabulary = [...(arpa.grams[0]?.keys() ?? [])].filter((word) => word !== '<s>');
    const histories = [
      [],
      ['show'],
      ['tent'],
      ['<s>'],
      ['show', 'me'],
      ['the', 'blue'],
      ['<s>', 'show'],
      ['cart', 'hello'],
      ['blue', 'show'],
    ];
    for (const history of histories) {
      const total = vocabulary.reduce((sum, word) => sum + probability(arpa, history, word), 0);
      // Six decimals in the file: a sum off by more than rounding would be a smoothing bug.
      expect(total, history.join(' ')).toBeCloseTo(1, 3);
    }
    // Seen continuations beat unseen ones; unseen ones stay possible.
    expect(probability(arpa, ['show', 'me'], 'tents')).toBeGreaterThan(
      probability(arpa, ['show', 'me'], 'cart'),
    );
    expect(probability(arpa, ['show', 'me'], 'cart')).toBeGreaterThan(0);
  });

  it('writes a bigram model when asked, and refuses an empty corpus', () => {
    const bigram = parseArpa(buildArpa(SENTENCES, { order: 2 }));
    expect(bigram.counts).toHaveLength(2);
    expect(bigram.grams).toHaveLength(2);
    expect(() => buildArpa([])).toThrow(/no words/);
  });
});
