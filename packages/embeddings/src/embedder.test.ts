import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordllama, WORDLLAMA_FILES, wordllamaFolder, type Embedder } from './index.js';
import { createTokenizer } from './tokenizer.js';
import { readFile } from 'node:fs/promises';

// Reference ids and vector heads from wordllama's own Python inference (the `tokenizers` library
// over the same tokenizer file, mean pooling, normalisation) for the same texts.
const REFERENCE = [
  {
    text: 'What time do you shut on weekdays?',
    ids: [1724, 931, 437, 366, 12522, 373, 4723, 16700, 29973],
    head: [0.05018, -0.09843, 0.01986, 0.08328],
  },
  {
    text: "Prescriptions cost 9.90 pounds per item unless you're exempt.",
    ids: [
      4360, 699, 1980, 3438, 29871, 29929, 29889, 29929, 29900, 24261, 639, 2944, 6521, 366, 29915,
      276, 429, 3456, 29889,
    ],
    head: [0.04103, -0.02868, -0.06609, 0.02613],
  },
  {
    text: 'Café crème, naïve résumé 🙂',
    ids: [
      315, 28059, 2181, 5000, 29892, 1055, 30085, 345, 6896, 398, 29948, 29871, 243, 162, 156, 133,
    ],
    head: [-0.03282, 0.03075, 0.05753, -0.11747],
  },
];

const folder = wordllamaFolder();

// The table is installed by the set-up (`scripts/setup.mjs`), as the other models are.
describe('wordllama embeddings', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await loadWordllama(folder);
  });

  it('tokenizes as the Llama 2 tokenizer does, accents and emoji through the byte fallback', async () => {
    const tokenizer = createTokenizer(
      JSON.parse(await readFile(join(folder, WORDLLAMA_FILES.tokenizer), 'utf8')),
    );
    for (const { text, ids } of REFERENCE) expect(tokenizer.encode(text)).toEqual(ids);
  });

  it('gives the mean-pooled, normalised vector wordllama gives', async () => {
    for (const { text, head } of REFERENCE) {
      const vector = await embedder.embed(text);
      expect(vector).toHaveLength(256);
      head.forEach((value, index) => expect(vector[index]).toBeCloseTo(value, 4));
      expect(vector.reduce((sum, value) => sum + value * value, 0)).toBeCloseTo(1, 5);
    }
  });

  it('ranks a paraphrase above an unrelated sentence', async () => {
    const dot = (a: Float32Array, b: Float32Array) =>
      a.reduce((sum, value, index) => sum + value * b[index]!, 0);
    const question = await embedder.embed('When do you close in the evening?');
    const hours = await embedder.embed('The clinic is open Monday to Friday from 8:00 to 18:30.');
    const parking = await embedder.embed('Patients can park free of charge behind the building.');
    expect(dot(question, hours)).toBeGreaterThan(dot(question, parking));
  });
});
