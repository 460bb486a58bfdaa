// A multilingual sentence embedding: Google's Universal Sentence Encoder Multilingual v3 (int8,
// ONNX) on onnxruntime-node puts a sentence and its translation near each other in English,
// French, Spanish and German (16 languages in all), where MiniLM only knows English. The graph as
// installed starts from SentencePiece ids (its own tokenizer op needs onnxruntime-extensions, which
// onnxruntime-node lacks), so the ids come from the TypeScript tokenizer, and it ends with the
// sentence vector itself, already normalised: no pooling here.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as OnnxRuntime from 'onnxruntime-node';
import type { Embedder } from './embedder.js';
import {
  createSentencePieceTokenizer,
  readSentencePieceModel,
  type SentencePieceTokenizer,
} from './sentencepiece-tokenizer.js';

/** The file names `scripts/ensure-use.mjs` installs. */
export const USE_FILES = {
  model: 'use-multilingual-v3-q.onnx',
  tokenizer: 'use-multilingual-v3-q-sentencepiece.model',
} as const;

/** The width of the Universal Sentence Encoder's vectors. */
export const USE_DIMENSION = 512;

/** The identifier stored with the vectors the Universal Sentence Encoder makes. */
export const USE_MODEL = 'use-multilingual-v3-q';

/** Options of {@link loadUse}. */
export interface UseOptions {
  /**
   * CPU threads of one inference (default 1): the API shares two cores with the agent's models,
   * and one sentence is too small for a second thread to pay for itself.
   */
  threads?: number;
}

type Ort = typeof OnnxRuntime;
type InferenceSession = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

/** Builds an embedder from a loaded session and the model's SentencePiece tokenizer. */
export function createUseEmbedder(
  ort: Ort,
  session: InferenceSession,
  tokenizer: SentencePieceTokenizer,
): Embedder {
  // The tokenizer op the graph had framed every sentence with these two control pieces.
  const frame = (piece: string) => {
    const id = tokenizer.idOf(piece);
    if (id === undefined) throw new Error(`the SentencePiece model has no ${piece}`);
    return id;
  };
  const start = frame('<s>');
  const end = frame('</s>');
  return {
    dimension: USE_DIMENSION,
    model: USE_MODEL,
    async embed(text) {
      const ids = [start, ...tokenizer.encode(text), end];
      // The graph takes a batch as all its sentences' ids back to back, cut by row splits: one
      // sentence is the splits 0 and its length.
      const results = await session.run({
        token_ids: new ort.Tensor('int32', Int32Array.from(ids), [ids.length]),
        row_splits: new ort.Tensor('int64', BigInt64Array.from([0n, BigInt(ids.length)]), [2]),
      });
      const output = results.outputs;
      if (!output) throw new Error('the model gave no outputs');
      const vector = Float32Array.from(output.data as Float32Array);
      if (vector.length !== USE_DIMENSION)
        throw new Error(`the model gave ${vector.length} numbers, not ${USE_DIMENSION}`);
      // The graph normalises already; normalising again costs nothing and keeps the interface's
      // promise should an int8 rounding leave the length a hair off 1.
      let norm = 0;
      for (const value of vector) norm += value * value;
      norm = Math.sqrt(norm);
      if (norm > 0)
        for (let index = 0; index < vector.length; index += 1)
          vector[index] = (vector[index] ?? 0) / norm;
      return vector;
    },
  };
}

/**
 * Loads the Universal Sentence Encoder and its tokenizer from `folder` (where the set-up puts
 * them) and runs it once.
 */
export async function loadUse(folder: string, options: UseOptions = {}): Promise<Embedder> {
  const tokenizer = createSentencePieceTokenizer(
    readSentencePieceModel(await readFile(join(folder, USE_FILES.tokenizer))),
  );
  // Imported when the model first loads: its native binding is for processes that embed.
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(join(folder, USE_FILES.model), {
    intraOpNumThreads: options.threads ?? 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  const embedder = createUseEmbedder(ort, session, tokenizer);
  // The runtime's first run sets itself up (memory, kernels): done here, not in a search.
  await embedder.embed('ready');
  return embedder;
}
