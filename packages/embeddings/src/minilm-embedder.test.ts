import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createWordPieceTokenizer,
  loadMiniLm,
  MINILM_FILES,
  minilmFolder,
  type Embedder,
  type WordPieceTokenizer,
} from './index.js';

// Reference ids and vector heads from the Hugging Face `tokenizers` library and onnxruntime over
// the same two files (mean pooling, normalisation), for the same texts.
const REFERENCE = [
  {
    text: "Unaffable tokenization isn't déjà-vu!",
    ids: [
      101, 14477, 20961, 3468, 19204, 3989, 3475, 1005, 1056, 2139, 3900, 1011, 24728, 999, 102,
    ],
    head: [-0.05192, -0.01488, 0.06713, 0.04033],
  },
  {
    text: 'When do you close in the evening?',
    ids: [101, 2043, 2079, 2017, 2485, 1999, 1996, 3944, 1029, 102],
    head: [0.06827, -0.00013, -0.00464, 0.06523],
  },
];

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

// The model is installed by the set-up (`scripts/ensure-minilm.mjs`), as the other models are.
describe('the minilm WordPiece tokenizer', () => {
  let tokenizer: WordPieceTokenizer;
  beforeAll(async () => {
    const file = await readFile(join(minilmFolder(), MINILM_FILES.tokenizer), 'utf8');
    tokenizer = createWordPieceTokenizer(JSON.parse(file));
  });

  it('frames the ids with [CLS] and [SEP] as the reference tokenizer does', () => {
    for (const { text, ids } of REFERENCE) expect(tokenizer.encode(text)).toEqual(ids);
  });

  it('lower-cases, strips accents, splits punctuation and continues words with ##', () => {
    expect(tokenizer.pieces("Unaffable tokenization isn't déjà-vu!")).toEqual([
      'una',
      '##ffa',
      '##ble',
      'token',
      '##ization',
      'isn',
      "'",
      't',
      'de',
      '##ja',
      '-',
      'vu',
      '!',
    ]);
    expect(tokenizer.pieces('Café CRÈME')).toEqual(['cafe', 'cr', '##eme']);
  });

  it('cuts a long text at 256 tokens, the frame included', () => {
    const ids = tokenizer.encode('appointment '.repeat(400));
    expect(ids).toHaveLength(256);
    expect(ids[0]).toBe(101);
    expect(ids.at(-1)).toBe(102);
  });
});

describe('the minilm embedder', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await loadMiniLm(minilmFolder());
  });

  it('gives 384 numbers of unit length, the mean-pooled vector the reference gives', async () => {
    expect(embedder.dimension).toBe(384);
    for (const { text, head } of REFERENCE) {
      const vector = await embedder.embed(text);
      expect(vector).toHaveLength(384);
      expect(dot(vector, vector)).toBeCloseTo(1, 5);
      head.forEach((value, index) => expect(vector[index]).toBeCloseTo(value, 3));
    }
  });

  it('ranks a paraphrase above an unrelated sentence', async () => {
    const question = await embedder.embed(
      'Is there somewhere to leave my car while I see the doctor?',
    );
    const parking = await embedder.embed('Patients can park free of charge behind the building.');
    const hours = await embedder.embed('The clinic is open Monday to Friday from 8:00 to 18:30.');
    expect(dot(question, parking)).toBeGreaterThan(dot(question, hours) + 0.1);
  });
});
