import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONAL_PHRASES } from './conversational-phrases.js';
import { DEBIAN_EN_US_MODEL_DIR, prepareLanguageModel } from './language-model.js';
import { Lexicon } from './lexicon.js';
import { tokenize } from './spoken-words.js';
import { parseArpa } from './test-arpa.js';

// The domain language model checked against the real CMU dictionary of Debian's
// pocketsphinx-en-us: the trimmed dictionary holds exactly the model's words.

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
