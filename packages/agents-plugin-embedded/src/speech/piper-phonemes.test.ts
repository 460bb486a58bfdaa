import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { speakableText } from './flite-tts.js';
import { clausePunctuation, espeakPhonemes, joinClauses, phonemeIds } from './piper-phonemes.js';
import { parsePiperConfig, piperVoicePaths } from './piper-voice.js';
import reference from './piper-reference.json' with { type: 'json' };

// The embedded voice reads a text as Piper does. `piper-reference.json` holds what Piper itself
// (piper-tts 1.8.0: `PiperVoice.phonemize` and `phonemes_to_ids` with the joe voice) makes of
// reply-like texts: its sentences' phonemes and their ids.

describe('clausePunctuation', () => {
  it("reads a clause's closing mark from the text, not a decimal point or a thousands comma", () => {
    expect(clausePunctuation('It costs 129.99, and weighs 1,200 grams.')).toEqual([',', '.']);
    expect(clausePunctuation('Sure! Is it "waterproof"? Yes: it is; see.')).toEqual([
      '!',
      '?',
      ':',
      ';',
      '.',
    ]);
    expect(clausePunctuation('Yes — the blue one')).toEqual([';']);
    expect(clausePunctuation('Really?! No way...')).toEqual(['?', '.']);
  });
});

describe('joinClauses', () => {
  it("joins espeak-ng's clause lines with the text's punctuation, cut into sentences", () => {
    expect(joinClauses(['həlˈoʊ', 'wˈɜːld', ''], 'Hello, world.')).toEqual([
      { phonemes: 'həlˈoʊ, ', sentenceEnd: false },
      { phonemes: 'wˈɜːld.', sentenceEnd: true },
    ]);
    expect(joinClauses(['həlˈoʊ ðˈɛɹ'], 'Hello there')).toEqual([
      { phonemes: 'həlˈoʊ ðˈɛɹ', sentenceEnd: true },
    ]);
  });

  it('reads clauses that do not line up with the marks as one sentence, losing no words', () => {
    expect(joinClauses(['ɐ', 'b', 'c'], 'a b c.')).toEqual([
      { phonemes: 'ɐ b c.', sentenceEnd: true },
    ]);
  });
});

describe('phonemes and ids as Piper makes them', () => {
  it('matches Piper on reply-like texts, phoneme for phoneme and id for id', async () => {
    const paths = piperVoicePaths('joe');
    if (!paths) throw new Error('joe is an installed voice');
    const config = parsePiperConfig(readFileSync(paths.config, 'utf8'));
    expect(config).toMatchObject({
      sampleRate: 22_050,
      espeakVoice: 'en-us',
      noiseScale: 0.667,
      lengthScale: 1,
      noiseW: 0.8,
    });
    for (const { text, sentences, ids } of reference) {
      const spoken = speakableText(text);
      const clauses = joinClauses(await espeakPhonemes('espeak-ng', 'en-us', spoken), spoken);
      const ours: string[] = [];
      let sentence = '';
      for (const clause of clauses) {
        sentence += clause.phonemes;
        if (clause.sentenceEnd) {
          ours.push(sentence);
          sentence = '';
        }
      }
      expect(ours, text).toEqual(sentences);
      expect(
        ours.map((phonemes) => phonemeIds(phonemes, config.phonemeIdMap)),
        text,
      ).toEqual(ids);
    }
  });

  it('puts BOS and a pad first, a pad after every phoneme, EOS last, and skips unknown phonemes', () => {
    const map = { '^': [1], _: [0], $: [2], a: [14], ' ': [3], ˈ: [120] };
    expect(phonemeIds('ˈa a', map)).toEqual([1, 0, 120, 0, 14, 0, 3, 0, 14, 0, 2]);
    // NFD: "é" is "e" and a combining accent; neither is in this map.
    expect(phonemeIds('aé', map)).toEqual([1, 0, 14, 0, 2]);
  });
});
