// Sentence embeddings for retrieval and routing, on the CPU with no model runtime.
import { homedir } from 'node:os';
import { join } from 'node:path';

export {
  createEmbedder,
  DEFAULT_EMBEDDING_DIMENSION,
  loadWordllama,
  readSafetensorsTable,
  WORDLLAMA_FILES,
  WORDLLAMA_MAX_DIMENSION,
  type Embedder,
  type EmbeddingTable,
} from './embedder.js';
export { createTokenizer, type Tokenizer, type TokenizerDefinition } from './tokenizer.js';

/**
 * Where `scripts/ensure-wordllama.mjs` (run by the set-up) puts the table: `models/wordllama` in
 * `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`.
 */
export function wordllamaFolder(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.SVC_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
  return join(cache, 'models', 'wordllama');
}
