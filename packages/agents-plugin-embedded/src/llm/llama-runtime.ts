// The loaded model of the embedded LLM and its pool of sequences. One model and one context per
// process and settings, with a few sequences ("slots"), each its own KV cache. A conversation's
// turn goes back to the slot that holds its earlier turns, so only the new items are evaluated;
// a conversation without one takes the slot used longest ago rather than another conversation's,
// and starts from the scenario's evaluated prefix (restored from disk in milliseconds, see
// ./prompt-state-cache.ts) instead of seconds of evaluation.

import {
  loadNodeLlamaCpp,
  type Llama,
  type LlamaChat,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
} from './node-llama-cpp.js';
import type { JsonSchema } from './json-schema.js';
import { createProtocolPredictor, type ProtocolPredictor } from './protocol-prediction.js';
import type { TokenPrediction } from './llama-options.js';

/** The settings a runtime is loaded with: turns with the same ones share it. */
export interface RuntimeOptions {
  /** node-llama-cpp's `dist/index.js`. */
  nodeLlamaCppModule: string;
  /** The GGUF file. */
  modelPath: string;
  /** Tokens of context per sequence. */
  contextSize: number;
  /** Sequences in the pool. */
  sequences: number;
  /** CPU threads. */
  threads: number;
  /** Tokens guessed ahead from the prompt, or none. */
  tokenPrediction: TokenPrediction;
}

/** One loaded model with its context, shared by every turn with the same settings. */
export interface Runtime {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  slots: Slot[];
  /** Turns waiting for a free slot. */
  waiters: Set<() => void>;
  grammars: Map<string, Promise<LlamaGrammar>>;
}

/** A sequence and its chat, and what was last evaluated on it (to pick the best cache). */
export interface Slot {
  sequence: LlamaContextSequence;
  /** Its predictor of a decision's fixed text, when tokens are predicted so. */
  predictor: ProtocolPredictor | undefined;
  chat: LlamaChat;
  busy: boolean;
  lastPrompt: string;
  /** The prompt being evaluated while busy. */
  pendingPrompt: string;
  /** When it was last released (`performance.now()`), to take the one used longest ago. */
  releasedAt: number;
}

/**
 * A busy sequence that holds this many more characters of a prompt than the best free one (a
 * warm-up of the same conversation, its previous turn) is worth waiting for: evaluating the
 * instructions and tool descriptions again takes seconds on two cores, and two evaluations at
 * once share the cores.
 */
const WAIT_FOR_CACHE_CHARS = 1000;

/**
 * What of a slot's last prompt a turn may drop and still count as continuing it: the nudge that
 * closes a warm-up prompt (`,{"type":"user","text":"(Continue.)"}]`, 37 characters), the closing
 * bracket, a user turn that the next one joins. Another conversation's turns (its greeting alone)
 * are longer, and it would have to evaluate them again on its next turn.
 */
const CONTINUATION_SLACK_CHARS = 48;

/** Schemas change as item ids appear; this many of the most recent grammars are kept. */
const MAX_GRAMMARS = 64;

const runtimes = new Map<string, Promise<Runtime>>();

function runtimeKey(options: RuntimeOptions): string {
  return [
    options.nodeLlamaCppModule,
    options.modelPath,
    options.contextSize,
    options.sequences,
    options.threads,
    options.tokenPrediction,
  ].join('|');
}

/** The runtime for these settings: loaded on first use, then shared by the whole process. */
export function loadRuntime(options: RuntimeOptions): Promise<Runtime> {
  const key = runtimeKey(options);
  let runtime = runtimes.get(key);
  if (!runtime) {
    runtime = (async () => {
      const lib = await loadNodeLlamaCpp(options.nodeLlamaCppModule);
      // build 'never': no compiler and no network here; the prebuilt CPU binary must do.
      const llama = await lib.getLlama({
        gpu: false,
        build: 'never',
        logLevel: 'error',
        maxThreads: options.threads,
      });
      const model = await llama.loadModel({ modelPath: options.modelPath });
      const context = await model.createContext({
        contextSize: options.contextSize,
        sequences: options.sequences,
        // One thread per core: llama.cpp's spinning threads starve each other when they
        // outnumber the cores, and generation then slows down many times over.
        threads: options.threads,
      });
      const slots: Slot[] = [];
      for (let i = 0; i < options.sequences; i++) {
        // Each sequence has its own predictor: it holds that sequence's input tokens.
        const predictor =
          options.tokenPrediction === 'protocol' ? createProtocolPredictor(lib, model) : undefined;
        const sequence = context.getSequence(
          options.tokenPrediction === 'input-lookup'
            ? { tokenPredictor: new lib.InputLookupTokenPredictor() }
            : predictor
              ? { tokenPredictor: predictor }
              : {},
        );
        slots.push({
          sequence,
          predictor,
          chat: new lib.LlamaChat({ contextSequence: sequence }),
          busy: false,
          lastPrompt: '',
          pendingPrompt: '',
          releasedAt: 0,
        });
      }
      return { llama, model, context, slots, waiters: new Set(), grammars: new Map() };
    })();
    runtimes.set(key, runtime);
    // A failed load is not kept: the model may be installed while the process runs.
    runtime.catch(() => {
      if (runtimes.get(key) === runtime) runtimes.delete(key);
    });
  }
  return runtime;
}

/** Frees every loaded model and context of the process. */
export async function unloadRuntimes(): Promise<void> {
  const loaded = [...runtimes.values()];
  runtimes.clear();
  for (const pending of loaded) {
    const runtime = await pending.catch(() => undefined);
    if (!runtime) continue;
    await runtime.context.dispose();
    await runtime.model.dispose();
    await runtime.llama.dispose();
  }
}

/** Characters `a` and `b` share from their start. */
export function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * Takes a free slot for `prompt` (whose stable part is `prefix`), waiting for one: the slot whose
 * last prompt this one continues
 * (the same conversation, or its warm-up), the longest such; else the slot released longest ago,
 * so that another live conversation keeps its evaluated turns. Waits instead when a busy slot
 * holds much more of the prompt (the conversation's own warm-up still running). `slack`: how much
 * of a slot's last prompt this one may leave out and still continue it; a question that keeps no
 * conversation (an answer in a JSON shape) continues any slot that holds its `prefix`. Rejects
 * when `signal` aborts first.
 */
export async function acquireSlot(
  runtime: Runtime,
  prompt: string,
  signal: AbortSignal,
  prefix = '',
  slack = CONTINUATION_SLACK_CHARS,
): Promise<Slot> {
  for (;;) {
    signal.throwIfAborted();
    let continued: Slot | undefined;
    let continuedLength = -1;
    let oldest: Slot | undefined;
    let bestBusyLength = -1;
    for (const slot of runtime.slots) {
      const held = slot.busy ? slot.pendingPrompt : slot.lastPrompt;
      const length = commonPrefix(held, prompt);
      // Another scenario's prompt is never continued, however little of it there is.
      const continues = held === '' || (held.startsWith(prefix) && held.length - length <= slack);
      if (slot.busy) {
        if (continues) bestBusyLength = Math.max(bestBusyLength, length);
        continue;
      }
      if (continues && length > continuedLength) {
        continued = slot;
        continuedLength = length;
      }
      if (!oldest || slot.releasedAt < oldest.releasedAt) oldest = slot;
    }
    const best = continued ?? oldest;
    const bestLength = continued ? continuedLength : 0;
    if (best && bestBusyLength - bestLength < WAIT_FOR_CACHE_CHARS) {
      best.busy = true;
      best.pendingPrompt = prompt;
      return best;
    }
    await new Promise<void>((resolve) => {
      const wake = () => {
        runtime.waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      runtime.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}

/** Frees a slot taken by {@link acquireSlot} and wakes the turns waiting for one. */
export function releaseSlot(runtime: Runtime, slot: Slot): void {
  slot.busy = false;
  slot.pendingPrompt = '';
  slot.releasedAt = performance.now();
  for (const wake of [...runtime.waiters]) wake();
}

/**
 * The compiled grammar of a JSON Schema (or of a GBNF text), compiled once per runtime while it is
 * recent.
 */
export function grammarFor(runtime: Runtime, schema: JsonSchema | string): Promise<LlamaGrammar> {
  const key = JSON.stringify(schema);
  let grammar = runtime.grammars.get(key);
  if (!grammar) {
    grammar =
      typeof schema === 'string'
        ? runtime.llama.createGrammar({ grammar: schema })
        : runtime.llama.createGrammarForJsonSchema(schema);
    runtime.grammars.set(key, grammar);
    grammar.catch(() => runtime.grammars.delete(key));
    if (runtime.grammars.size > MAX_GRAMMARS) {
      const oldest = runtime.grammars.keys().next().value;
      if (oldest !== undefined) runtime.grammars.delete(oldest);
    }
  }
  return grammar;
}
