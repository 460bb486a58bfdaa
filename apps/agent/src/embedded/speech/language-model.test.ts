import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildArpa,
  CONVERSATIONAL_PHRASES,
  DEBIAN_EN_US_MODEL_DIR,
  Lexicon,
  numberToWords,
  prepareLanguageModel,
  tokenize,
} from './language-model.js';

// The domain language model: ARPA text checked against the format's rules and against the
// smoothing's promise (every history's distribution sums to one), and the trimmed dictionary
// checked against the real CMU dictionary of Debian's pocketsphinx-en-us.

/** An ARPA file read back: declared counts, and per order the entries (log10 p, backoff). */
interface ParsedArpa {
  counts: number[];
  grams: Map<string, { logp: number; backoff: number | undefined }>[];
}

function parseArpa(text: string): ParsedArpa {
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
function probability(arpa: ParsedArpa, history: string[], word: string): number {
  const key = [...history, word].join(' ');
  const entry = arpa.grams[history.length]?.get(key);
  if (entry) return 10 ** entry.logp;
  if (history.length === 0) return 0;
  const backoff = arpa.grams[history.length - 1]?.get(history.join(' '))?.backoff ?? 0;
  return 10 ** backoff * probability(arpa, history.slice(1), word);
}

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

describe('tokenize', () => {
  it('writes numbers, symbols and identifiers as they are said, and splits sentences', () => {
    const words = (text: string) => tokenize(text).map((s) => s.map((t) => t.word).join(' '));
    expect(
      words('Add the Blue Ridge 2-Person Tent ($129.99). Use add_to_cart or showCart!'),
    ).toEqual([
      'add the blue ridge two person tent one hundred twenty nine point nine nine dollars',
      'use add to cart or show cart',
    ]);
    expect(words('50% off, 3.5 kg & free')).toEqual([
      'fifty percent off three point five kg and free',
    ]);
    expect(tokenize('GPS watch')[0]?.[0]).toEqual({ word: 'gps', acronym: true });
    expect(numberToWords(0)).toBe('zero');
    expect(numberToWords(1999)).toBe('one thousand nine hundred ninety nine');
    expect(numberToWords(2_000_005)).toBe('two million five');
  });
});

describe('Lexicon', () => {
  const lexicon = new Lexicon(
    [
      'the DH AH',
      'the(2) DH IY',
      'head HH EH D',
      'lamp L AE M P',
      'soft S AO F T',
      'shell SH EH L',
    ].join('\n'),
  );

  it('keeps alternates, glues compounds, spells acronyms, and knows nothing else', () => {
    expect(lexicon.resolve({ word: 'the', acronym: false })).toEqual({
      pronunciations: ['DH AH', 'DH IY'],
      source: 'dictionary',
    });
    expect(lexicon.resolve({ word: 'headlamp', acronym: false })).toEqual({
      pronunciations: ['HH EH D L AE M P'],
      source: 'compound',
    });
    expect(lexicon.resolve({ word: 'rei', acronym: true })).toEqual({
      pronunciations: ['AA R IY AY'],
      source: 'spelled',
    });
    expect(lexicon.resolve({ word: 'xyzzor', acronym: false })).toBeUndefined();
  });
});

describe('prepareLanguageModel', () => {
  let cacheDir = '';
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'svc-lm-test-'));
  });
  afterAll(async () => {
    await rm(cacheDir, { recursive: true, force: true });
  });

  const phrases = [
    'You are the voice assistant of Trailhead, an outdoor gear shop.',
    'show me the North Peak headlamp',
    'add the Blue Ridge softshell jacket to my cart',
    'Xyzzor tents by REI',
  ];

  it('builds a domain model whose dictionary holds exactly its words, alternates included', async () => {
    const model = await prepareLanguageModel(phrases, { cacheDir });
    expect(model).toMatchObject({
      kind: 'domain',
      cached: false,
      derived: { headlamp: 'compound', softshell: 'compound', rei: 'spelled' },
      dropped: ['xyzzor'],
    });
    const arpa = parseArpa(await readFile(model.lm, 'utf8'));
    const lmWords = [...(arpa.grams[0]?.keys() ?? [])].filter((w) => !['<s>', '</s>'].includes(w));
    const dictLines = (await readFile(model.dict, 'utf8')).trim().split('\n');
    const dictWords = new Set(dictLines.map((line) => line.split(' ')[0]?.replace(/\(\d+\)$/, '')));
    expect([...dictWords].sort()).toEqual(lmWords.sort());
    expect(model.vocabulary).toBe(lmWords.length);
    expect(dictLines).toContain('the(2) DH IY');
    expect(dictLines).toContain('headlamp HH EH D L AE M P');
    // The conversational mixture is in: out-of-scenario answers still decode.
    for (const word of ['yes', 'goodbye', 'thanks', 'cart']) expect(dictWords.has(word)).toBe(true);
    // The dropped word splits its phrase: nothing links "by" back over the gap to the start.
    expect(arpa.grams[1]?.has('<s> tents')).toBe(true);
    // Far smaller than the full dictionary, which is what makes the recognizer start fast.
    const full = await readFile(join(DEBIAN_EN_US_MODEL_DIR, 'cmudict-en-us.dict'), 'utf8');
    expect(dictLines.length * 100).toBeLessThan(full.split('\n').length);
  });

  it('reuses the cached files for the same phrases, and builds anew for others', async () => {
    const first = await prepareLanguageModel(phrases, { cacheDir });
    const again = await prepareLanguageModel(phrases, { cacheDir });
    expect(again).toEqual({ ...first, cached: true });
    const other = await prepareLanguageModel(['show me the tents'], { cacheDir });
    expect(other.lm).not.toBe(first.lm);
    const plain = await prepareLanguageModel(['show me the tents'], {
      cacheDir,
      conversational: false,
    });
    expect(plain.vocabulary).toBe(4);
  });

  it('falls back to the open model and full dictionary without phrases', async () => {
    const model = await prepareLanguageModel(['  ', ''], { cacheDir });
    expect(model).toMatchObject({
      kind: 'open',
      lm: join(DEBIAN_EN_US_MODEL_DIR, 'en-us.lm.bin'),
      dict: join(DEBIAN_EN_US_MODEL_DIR, 'cmudict-en-us.dict'),
    });
  });

  it('mixes in conversational phrases that the dictionary fully knows', async () => {
    const lexicon = await Lexicon.load(join(DEBIAN_EN_US_MODEL_DIR, 'cmudict-en-us.dict'));
    const unknown = tokenize(CONVERSATIONAL_PHRASES.join('\n'))
      .flat()
      .filter((token) => !lexicon.pronunciations(token.word));
    expect(unknown).toEqual([]);
  });
});
