// A sentence embedding computed without a model runtime: wordllama's table holds one trained
// vector per Llama 2 token; a text's embedding is the mean of its tokens' rows, cut to the
// dimension asked (the table is trained Matryoshka-style, so a prefix is itself an embedding) and
// normalised, so a dot product is the cosine similarity.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTokenizer, type Tokenizer, type TokenizerDefinition } from './tokenizer.js';

/** The file names of wordllama's Llama 2 ("l2_supercat") table and tokenizer. */
export const WORDLLAMA_FILES = {
  table: 'l2_supercat_256.safetensors',
  tokenizer: 'l2_supercat_tokenizer_config.json',
} as const;

/** The table's full width; any smaller dimension is a prefix of it. */
export const WORDLLAMA_MAX_DIMENSION = 256;

/**
 * The narrowest prefix of the table's vectors that ranks well on its own: the knowledge search's
 * first pass over 10,000 passages compares it and found the same dev passages (bench/knowledge).
 */
export const WORDLLAMA_PREFIX_WIDTH = 64;

/** The dimension the platform stores: chosen on the knowledge sets' dev parts (see the README). */
export const DEFAULT_EMBEDDING_DIMENSION = 256;

/** Turns text into a normalised vector. */
export interface Embedder {
  /** The length of every vector `embed` returns. */
  readonly dimension: number;
  /**
   * Which model made the vectors (and at what width): stored with them, since vectors of two
   * models are not comparable.
   */
  readonly model: string;
  /**
   * The width of a prefix that is itself an embedding, when the model was trained so
   * (Matryoshka, as wordllama's table): a search may compare prefixes first. Absent otherwise.
   */
  readonly prefixWidth?: number;
  /** The unit-length embedding of `text` (all zeros when it has no token). */
  embed(text: string): Promise<Float32Array>;
}

/** A table of `rows` vectors of `width` numbers, row after row. */
export interface EmbeddingTable {
  rows: number;
  width: number;
  values: Float32Array;
}

/** Builds an embedder from a tokenizer and a table, cut to `dimension`. */
export function createEmbedder(
  tokenizer: Tokenizer,
  table: EmbeddingTable,
  dimension: number = DEFAULT_EMBEDDING_DIMENSION,
): Embedder {
  if (!Number.isInteger(dimension) || dimension < 1 || dimension > table.width)
    throw new Error(`dimension ${dimension} is not between 1 and ${table.width}`);
  return {
    dimension,
    model: `wordllama-l2-${dimension}`,
    prefixWidth: Math.min(dimension, WORDLLAMA_PREFIX_WIDTH),
    // Synchronous work behind the interface's promise: a table lookup needs no runtime.
    async embed(text) {
      const vector = new Float32Array(dimension);
      const ids = tokenizer.encode(text);
      for (const id of ids) {
        // An id past the table is clamped to its last row, as wordllama's own inference does.
        const offset = Math.min(Math.max(id, 0), table.rows - 1) * table.width;
        const row = table.values.subarray(offset, offset + dimension);
        for (let index = 0; index < dimension; index += 1)
          vector[index] = (vector[index] ?? 0) + (row[index] ?? 0);
      }
      // The mean's scale disappears in the normalisation, so the sum is normalised directly.
      let norm = 0;
      for (const value of vector) norm += value * value;
      norm = Math.sqrt(norm);
      if (norm > 0)
        for (let index = 0; index < dimension; index += 1)
          vector[index] = (vector[index] ?? 0) / norm;
      return vector;
    },
  };
}

/** Reads the one tensor of a safetensors file holding 16- or 32-bit floats. */
export function readSafetensorsTable(file: Buffer): EmbeddingTable {
  const headerLength = Number(file.readBigUInt64LE(0));
  const header = JSON.parse(file.subarray(8, 8 + headerLength).toString('utf8')) as Record<
    string,
    { dtype?: string; shape?: number[]; data_offsets?: [number, number] }
  >;
  const entry = Object.entries(header).find(([name]) => name !== '__metadata__')?.[1];
  const [rows, width] = entry?.shape ?? [];
  if (!entry?.data_offsets || rows === undefined || width === undefined)
    throw new Error('the safetensors file holds no two-dimensional tensor');
  const start = 8 + headerLength + entry.data_offsets[0];
  const values = new Float32Array(rows * width);
  if (entry.dtype === 'F16') {
    for (let index = 0; index < values.length; index += 1)
      values[index] = halfToFloat(file.readUInt16LE(start + index * 2));
  } else if (entry.dtype === 'F32') {
    for (let index = 0; index < values.length; index += 1)
      values[index] = file.readFloatLE(start + index * 4);
  } else throw new Error(`unsupported tensor type ${entry.dtype}`);
  return { rows, width, values };
}

/** An IEEE 754 half-precision float's value. */
function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** Loads wordllama's table and tokenizer from `folder` (where the set-up puts them). */
export async function loadWordllama(
  folder: string,
  dimension: number = DEFAULT_EMBEDDING_DIMENSION,
): Promise<Embedder> {
  const [table, tokenizer] = await Promise.all([
    readFile(join(folder, WORDLLAMA_FILES.table)),
    readFile(join(folder, WORDLLAMA_FILES.tokenizer), 'utf8'),
  ]);
  return createEmbedder(
    createTokenizer(JSON.parse(tokenizer) as TokenizerDefinition),
    readSafetensorsTable(table),
    dimension,
  );
}
