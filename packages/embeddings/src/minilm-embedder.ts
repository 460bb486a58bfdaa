// A sentence embedding from a transformer: all-MiniLM-L6-v2 (int8, ONNX) on onnxruntime-node reads
// the whole sentence, so word order and context count, where wordllama's table only averages what
// each token means alone. Its token outputs are mean-pooled over the real tokens and normalised, as
// sentence-transformers does for this model.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as OnnxRuntime from 'onnxruntime-node';
import type { Embedder } from './embedder.js';
import {
  createWordPieceTokenizer,
  type WordPieceDefinition,
  type WordPieceTokenizer,
} from './wordpiece-tokenizer.js';

/** The file names `scripts/ensure-minilm.mjs` installs. */
export const MINILM_FILES = {
  model: 'all-minilm-l6-v2-q.onnx',
  tokenizer: 'all-minilm-l6-v2-q-tokenizer.json',
} as const;

/** The width of MiniLM's vectors. */
export const MINILM_DIMENSION = 384;

/** The identifier stored with the vectors MiniLM makes. */
export const MINILM_MODEL = 'all-minilm-l6-v2-q';

/** Options of {@link loadMiniLm}. */
export interface MiniLmOptions {
  /**
   * CPU threads of one inference (default 1): the API shares two cores with the agent's models,
   * and a question of a dozen tokens is too small for a second thread to pay for itself.
   */
  threads?: number;
}

type Ort = typeof OnnxRuntime;
type InferenceSession = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

/** Builds an embedder from a loaded session and its tokenizer. */
export function createMiniLmEmbedder(
  ort: Ort,
  session: InferenceSession,
  tokenizer: WordPieceTokenizer,
): Embedder {
  return {
    dimension: MINILM_DIMENSION,
    model: MINILM_MODEL,
    async embed(text) {
      const ids = tokenizer.encode(text);
      const length = ids.length;
      const shape = [1, length];
      const results = await session.run({
        input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), shape),
        attention_mask: new ort.Tensor('int64', new BigInt64Array(length).fill(1n), shape),
        token_type_ids: new ort.Tensor('int64', new BigInt64Array(length), shape),
      });
      const output = results.last_hidden_state;
      if (!output) throw new Error('the model gave no last_hidden_state');
      const states = output.data as Float32Array;
      const width = states.length / length;
      // One text, no padding: every token is under the mask, so the mean is over all of them.
      const vector = new Float32Array(width);
      for (let token = 0; token < length; token += 1)
        for (let index = 0; index < width; index += 1)
          vector[index] = (vector[index] ?? 0) + (states[token * width + index] ?? 0);
      let norm = 0;
      for (const value of vector) norm += value * value;
      norm = Math.sqrt(norm);
      if (norm > 0)
        for (let index = 0; index < width; index += 1) vector[index] = (vector[index] ?? 0) / norm;
      return vector;
    },
  };
}

/** Loads MiniLM and its tokenizer from `folder` (where the set-up puts them) and runs it once. */
export async function loadMiniLm(folder: string, options: MiniLmOptions = {}): Promise<Embedder> {
  const definition = JSON.parse(
    await readFile(join(folder, MINILM_FILES.tokenizer), 'utf8'),
  ) as WordPieceDefinition;
  // Imported when the model first loads: its native binding is for processes that embed.
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(join(folder, MINILM_FILES.model), {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const embedder = createMiniLmEmbedder(ort, session, createWordPieceTokenizer(definition));
  // The runtime's first run sets itself up (memory, kernels): done here, not in a search.
  await embedder.embed('ready');
  return embedder;
}
