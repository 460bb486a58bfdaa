// Sentence embeddings for retrieval and routing, on the CPU: wordllama's table (no model runtime),
// and all-MiniLM-L6-v2 (English) and the Universal Sentence Encoder Multilingual on onnxruntime-node.
import { homedir } from 'node:os';
import { join } from 'node:path';

export {
  createEmbedder,
  DEFAULT_EMBEDDING_DIMENSION,
  loadWordllama,
  readSafetensorsTable,
  WORDLLAMA_FILES,
  WORDLLAMA_MAX_DIMENSION,
  WORDLLAMA_PREFIX_WIDTH,
  type Embedder,
  type EmbeddingTable,
} from './embedder.js';
export {
  createMiniLmEmbedder,
  loadMiniLm,
  MINILM_DIMENSION,
  MINILM_FILES,
  MINILM_MODEL,
  type MiniLmOptions,
} from './minilm-embedder.js';
export {
  createSentencePieceTokenizer,
  readSentencePieceModel,
  type SentencePiece,
  type SentencePieceModel,
  type SentencePieceTokenizer,
} from './sentencepiece-tokenizer.js';
export { createTokenizer, type Tokenizer, type TokenizerDefinition } from './tokenizer.js';
export {
  createUseEmbedder,
  loadUse,
  USE_DIMENSION,
  USE_FILES,
  USE_MODEL,
  type UseOptions,
} from './use-embedder.js';
export {
  createWordPieceTokenizer,
  WORDPIECE_MAX_TOKENS,
  type WordPieceDefinition,
  type WordPieceTokenizer,
} from './wordpiece-tokenizer.js';

/** The cache the set-up's installers share: `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`. */
function cacheFolder(env: NodeJS.ProcessEnv): string {
  return env.SVC_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
}

/**
 * Where `scripts/ensure-wordllama.mjs` (run by the set-up) puts the table: `models/wordllama` in
 * `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`.
 */
export function wordllamaFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheFolder(env), 'models', 'wordllama');
}

/** Where `scripts/ensure-minilm.mjs` (run by the set-up) puts MiniLM: `models/minilm` in the cache. */
export function minilmFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheFolder(env), 'models', 'minilm');
}

/**
 * Where `scripts/ensure-use.mjs` (run by the set-up) puts the Universal Sentence Encoder
 * Multilingual: `models/use-multilingual` in the cache.
 */
export function useFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheFolder(env), 'models', 'use-multilingual');
}
