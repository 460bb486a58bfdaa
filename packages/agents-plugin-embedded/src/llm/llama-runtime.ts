// The loaded model of the embedded LLM and its pool of sequences. One model and one context per
// process and settings, with a few sequences ("slots"), each its own KV cache: a turn runs on the
// free slot whose cached tokens share the longest prefix with its prompt, so a conversation's
// next turn only evaluates the new items.

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
  chat: LlamaChat;
  busy: boolean;
  lastPrompt: string;
  /** The prompt being evaluated while busy. */
  pendingPrompt: string;
}

/**
 * A busy sequence that holds this many more characters of a prompt than the best free one (a
 * warm-up of the same conversation, its previous turn) is worth waiting for: evaluating the
 * instructions and tool descriptions again takes seconds on two cores, and two evaluations at
 * once share the cores.
 */
const WAIT_FOR_CACHE_CHARS = 1000;

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
        const sequence = context.getSequence();
        slots.push({
          sequence,
          chat: new lib.LlamaChat({ contextSequence: sequence }),
          busy: false,
          lastPrompt: '',
          pendingPrompt: '',
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

function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * Takes the free slot whose last prompt shares the longest prefix with `prompt`; waits for one.
 * Rejects when `signal` aborts first.
 */
export async function acquireSlot(
  runtime: Runtime,
  prompt: string,
  signal: AbortSignal,
): Promise<Slot> {
  for (;;) {
    signal.throwIfAborted();
    let best: Slot | undefined;
    let bestLength = -1;
    let bestBusyLength = -1;
    for (const slot of runtime.slots) {
      if (slot.busy) {
        bestBusyLength = Math.max(bestBusyLength, commonPrefix(slot.pendingPrompt, prompt));
        continue;
      }
      const length = commonPrefix(slot.lastPrompt, prompt);
      if (length > bestLength) {
        best = slot;
        bestLength = length;
      }
    }
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
  for (const wake of [...runtime.waiters]) wake();
}

/** The compiled grammar of a JSON Schema, compiled once per runtime while it is recent. */
export function grammarFor(runtime: Runtime, schema: JsonSchema): Promise<LlamaGrammar> {
  const key = JSON.stringify(schema);
  let grammar = runtime.grammars.get(key);
  if (!grammar) {
    grammar = runtime.llama.createGrammarForJsonSchema(schema);
    runtime.grammars.set(key, grammar);
    grammar.catch(() => runtime.grammars.delete(key));
    if (runtime.grammars.size > MAX_GRAMMARS) {
      const oldest = runtime.grammars.keys().next().value;
      if (oldest !== undefined) runtime.grammars.delete(oldest);
    }
  }
  return grammar;
}
