// The options of the embedded LLM and their defaults.

import { availableParallelism } from 'node:os';
import { DEFAULT_MODEL_ID, modelPath, nodeLlamaCppPaths } from './node-llama-cpp.js';

/** Options of {@link LlamaLLM}. */
export interface LlamaLLMOptions {
  /**
   * A model of `models.json` (default `$SVC_LLM_MODEL`, else {@link DEFAULT_MODEL_ID}); only a
   * label when `modelPath` is set.
   */
  modelId?: string;
  /** A GGUF file to run instead of a catalogued model. */
  modelPath?: string;
  /** node-llama-cpp's `dist/index.js` (default: where `scripts/ensure-llm.mjs` installs it). */
  nodeLlamaCppModule?: string;
  /** Tokens of context per sequence (default 4096: instructions, tools and a long conversation). */
  contextSize?: number;
  /** Conversations whose KV cache is kept warm at once; also the most turns generated in parallel (default 2). */
  sequences?: number;
  /** CPU threads (default: one per core). */
  threads?: number;
  /** Most tokens one turn may generate (default 160). */
  maxTokens?: number;
  /** Sampling temperature (default 0: greedy, the steadiest tool choice). */
  temperature?: number;
  /**
   * Longest tool result shown to the model, in characters, after long strings in it are
   * shortened (default 1000: about 300 tokens, seconds of prompt evaluation on two cores).
   */
  maxToolOutputChars?: number;
  /**
   * Limit `*_id` / `*_ids` arguments to ids that tool results in the conversation mentioned
   * (default true), so a small model cannot make one up.
   */
  constrainItemIds?: boolean;
  /**
   * Let the model call another tool right after a tool result (default false: it answers in
   * words). Small models tend to chain calls the visitor did not ask for, or to loop.
   */
  chainToolCalls?: boolean;
  /** Said when a turn yields nothing usable (default "Sorry, could you say that again?"). */
  fallbackReply?: string;
  /**
   * How tokens are guessed ahead and checked in one batch: `protocol` guesses the text a
   * decision's grammar fixes or that only one of its names continues (./protocol-prediction.ts:
   * a tool call came 23% sooner at p50 on two cores, bench/results/llm-grounding-2026-11-30-23-54-dev.md);
   * `input-lookup` guesses from the prompt (node-llama-cpp's prompt-lookup decoding: it saved 3% of
   * a turn, bench/results/llm-grounding-2026-11-29-16-45-dev.md); `none` generates a token a step.
   * A batch's arithmetic differs from a step's, so a guess may change a greedy answer (a third of
   * the turns of either measurement). Default `$SVC_LLM_PREDICTION`, else `protocol`.
   */
  tokenPrediction?: TokenPrediction;
}

/** How the embedded LLM guesses tokens ahead ({@link LlamaLLMOptions.tokenPrediction}). */
export type TokenPrediction = 'protocol' | 'input-lookup' | 'none';

function predictionFromEnv(): TokenPrediction | undefined {
  const value = process.env.SVC_LLM_PREDICTION;
  if (!value) return undefined;
  if (value === 'protocol' || value === 'input-lookup' || value === 'none') return value;
  throw new Error(`SVC_LLM_PREDICTION must be protocol, input-lookup or none, not "${value}"`);
}

/** The settings of a {@link LlamaLLM}: its options with every default filled in. */
export type LlamaLLMSettings = Required<Omit<LlamaLLMOptions, 'modelId'>> & {
  modelId: string | undefined;
};

/** Fills in the defaults; the model comes from `$SVC_LLM_MODEL` when none is given. */
export function resolveOptions(options: LlamaLLMOptions): LlamaLLMSettings {
  const modelId = options.modelPath
    ? options.modelId
    : (options.modelId ?? (process.env.SVC_LLM_MODEL || DEFAULT_MODEL_ID));
  return {
    modelId,
    modelPath: options.modelPath ?? modelPath(modelId),
    nodeLlamaCppModule: options.nodeLlamaCppModule ?? nodeLlamaCppPaths().module,
    contextSize: options.contextSize ?? 4096,
    sequences: options.sequences ?? 2,
    threads: options.threads ?? availableParallelism(),
    maxTokens: options.maxTokens ?? 160,
    temperature: options.temperature ?? 0,
    maxToolOutputChars: options.maxToolOutputChars ?? 1000,
    constrainItemIds: options.constrainItemIds ?? true,
    chainToolCalls: options.chainToolCalls ?? false,
    fallbackReply: options.fallbackReply ?? 'Sorry, could you say that again?',
    tokenPrediction: options.tokenPrediction ?? predictionFromEnv() ?? 'protocol',
  };
}
