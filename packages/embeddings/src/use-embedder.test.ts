import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSentencePieceTokenizer,
  loadUse,
  readSentencePieceModel,
  USE_FILES,
  useFolder,
  type Embedder,
  type SentencePieceTokenizer,
} from './index.js';

// Reference ids and vector heads from the Python sentencepiece library and onnxruntime over the
// same two files. The ids are `encode`'s (without `<s>` and `</s>`), for texts that exercise its
// normalizer (NFKC: accents written as combining marks, the ﬁ ligature, full-width letters and
// digits, ½; NMT's rules: the zero-width space dropped, the no-break and em spaces made spaces),
// its whitespace rules (leading, doubled, tabs, a new line) and unknown characters (one unknown
// id for a run of them).
const TOKENS = [
  {
    text: 'I always get cold feet at night when camping',
    ids: [33, 10, 991, 195, 6732, 6484, 112, 1993, 270, 53338],
  },
  {
    text: "J'ai toujours froid aux pieds, même l'été à Noël.",
    ids: [585, 11, 563, 3277, 32795, 1652, 30883, 7, 1328, 70, 11, 18863, 144, 45177, 8],
  },
  {
    text: '¿Dónde está la estación de tren? Año 2024, señor.',
    ids: [723, 230, 49709, 1129, 25, 37895, 13, 20337, 21, 68800, 502, 2044, 7, 28973, 8],
  },
  {
    text: 'Größe 42: Die Füße frieren nachts im Schlafsack.',
    ids: [21883, 5969, 23, 626, 492, 12710, 20532, 2728, 52448, 333, 30404, 52720, 8],
  },
  {
    text: "Le ﬁlet de pêche est ﬁni, l'œuvre aussi",
    ids: [469, 1193, 31, 13, 67449, 239, 17824, 7, 70, 11, 46351, 1657],
  },
  {
    text: 'Ｃａｍｐｉｎｇ\u3000ｇａｓ\u3000１２３ｇ と ＵＳＢ',
    ids: [13418, 57, 3719, 26690, 309, 6, 240, 10982],
  },
  {
    text: '  Wool  socks,   please\t\tand\nthanks  ',
    ids: [60913, 102, 7467, 7, 2935, 17, 6584],
  },
  { text: ' leading space', ids: [8585, 3414] },
  { text: 'Tent ⛺ with 🙂🙂 and ꙮꙮ 𓀀', ids: [15270, 6, 0, 62, 6, 0, 17, 6, 0, 6, 0] },
  { text: 'Cafe\u0301 noe\u0308l', ids: [55790, 59, 62934] },
  {
    text: 'zero\u200bwidth\u00a0no-break\u0007bell\u2003em',
    ids: [7697, 16050, 59, 18, 26971, 0, 27407, 206],
  },
  {
    text: 'Prix : 19,99 € – 3½ kg ① ²',
    ids: [15523, 136, 19308, 7380, 7256, 6, 127993, 145, 41404, 3106, 116, 101],
  },
  { text: '   ', ids: [] },
];

// The vectors' first numbers, the graph run on `[1, ...ids, 2]` (the ids framed by `<s>`, `</s>`).
const VECTORS = [
  {
    text: 'I always get cold feet at night when camping',
    head: [-0.05138, -0.02226, 0.01009, 0.05715],
  },
  {
    text: '¿Dónde está la estación de tren? Año 2024, señor.',
    head: [-0.06408, -0.01921, 0.00109, 0.00152],
  },
];

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

// The model is installed by the set-up (`scripts/ensure-use.mjs`), as the other models are.
describe('the SentencePiece unigram tokenizer', () => {
  let tokenizer: SentencePieceTokenizer;
  beforeAll(async () => {
    const file = await readFile(join(useFolder(), USE_FILES.tokenizer));
    tokenizer = createSentencePieceTokenizer(readSentencePieceModel(file));
  });

  it('gives the ids the reference library gives', () => {
    for (const { text, ids } of TOKENS) expect(tokenizer.encode(text), text).toEqual(ids);
  });

  it('normalises, marks each word with ▁ and merges unknown characters into one piece', () => {
    expect(tokenizer.pieces('  Le ﬁlet,  Ｃａｍｐ ')).toEqual(['▁Le', '▁file', 't', ',', '▁Camp']);
    expect(tokenizer.pieces('🙂🙂!')).toEqual(['▁', '🙂🙂', '!']);
  });

  it('finds the control pieces that frame a sentence', () => {
    expect(tokenizer.idOf('<unk>')).toBe(0);
    expect(tokenizer.idOf('<s>')).toBe(1);
    expect(tokenizer.idOf('</s>')).toBe(2);
  });
});

describe('the multilingual embedder', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await loadUse(useFolder());
  });

  it('gives 512 numbers of unit length, the vector the reference gives', async () => {
    expect(embedder.dimension).toBe(512);
    for (const { text, head } of VECTORS) {
      const vector = await embedder.embed(text);
      expect(vector).toHaveLength(512);
      expect(dot(vector, vector)).toBeCloseTo(1, 5);
      head.forEach((value, index) => expect(vector[index]).toBeCloseTo(value, 3));
    }
  });

  it('puts a sentence nearer its translation than an unrelated phrase is to either', async () => {
    const english = await embedder.embed('I always get cold feet at night when camping');
    const french = await embedder.embed("j'ai toujours froid aux pieds le soir au bivouac");
    const socks = await embedder.embed('wool socks');
    const translation = dot(english, french);
    expect(translation).toBeGreaterThan(dot(english, socks));
    expect(translation).toBeGreaterThan(dot(french, socks));
  });
});
