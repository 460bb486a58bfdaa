// The embedded, offline LLM of the agent: a small GGUF model on node-llama-cpp, on the CPU, as an
// agents-framework LLM. Tool calls follow the JSON decision protocol of ./tool-protocol.ts, under
// a grammar that admits only the scenario's tools with arguments of their JSON Schema.
//
// Latency on two cores is dominated by prompt evaluation (about 85 tokens/s for a 0.5B model and
// 47 for a 1.5B one, which generate 21 and 13 tokens/s), so the model and its KV caches are kept
// across turns: one model and one context per process, with a few sequences, and each turn runs
// on the free sequence whose cached tokens share the longest prefix with its prompt. A
// conversation's next turn then only evaluates the new items.

import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_API_CONNECT_OPTIONS, llm, type APIConnectOptions } from '@livekit/agents';
import {
  DEFAULT_MODEL_ID,
  llmCacheDir,
  loadNodeLlamaCpp,
  MODELS,
  modelPath,
  nodeLlamaCppPaths,
  type Llama,
  type LlamaChat,
  type LlamaChatHistoryItem,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
} from './node-llama-cpp.js';
import {
  cleanArguments,
  compactToolOutput,
  decisionSchema,
  DecisionReader,
  findItemIds,
  NO_TOOL,
  parseDecision,
  protocolInstructions,
  REPLY_PREFIX,
  validateJson,
  type Decision,
  type JsonSchema,
  type ProtocolTool,
} from './tool-protocol.js';

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
}

type ResolvedOptions = Required<Omit<LlamaLLMOptions, 'modelId'>> & { modelId: string | undefined };

/** Timings and token counts of one turn, for benchmarks and logs. */
export interface LlamaTurnStats {
  /** Start of the turn to the first reply text or to the tool call, ms. */
  ttftMs: number;
  /** Start of the turn to the end of generation, ms. */
  totalMs: number;
  /** Waiting for a free sequence (another turn was generating), ms. */
  queuedMs: number;
  /** What the model decided: a tool name, or `none` for a reply. */
  decision: string | undefined;
  /** Prompt tokens in all. */
  promptTokens: number;
  /** Prompt tokens that were already in the sequence's KV cache. */
  cachedPromptTokens: number;
  /** Generated tokens. */
  completionTokens: number;
  /** Generated tokens per second of generation (after the prompt was evaluated). */
  tokensPerSecond: number;
  /** Prompt tokens evaluated per second (those not already cached). */
  promptTokensPerSecond: number;
}

/** One loaded model with its context, shared by every {@link LlamaLLM} with the same settings. */
interface Runtime {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  slots: Slot[];
  /** Turns waiting for a free slot. */
  waiters: Set<() => void>;
  grammars: Map<string, Promise<LlamaGrammar>>;
}

/** A sequence and its chat, and what was last evaluated on it (to pick the best cache). */
interface Slot {
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

const runtimes = new Map<string, Promise<Runtime>>();

function runtimeKey(options: ResolvedOptions): string {
  return [
    options.nodeLlamaCppModule,
    options.modelPath,
    options.contextSize,
    options.sequences,
    options.threads,
  ].join('|');
}

function loadRuntime(options: ResolvedOptions): Promise<Runtime> {
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

function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Takes the free slot whose last prompt shares the longest prefix with `prompt`; waits for one. */
async function acquireSlot(runtime: Runtime, prompt: string, signal: AbortSignal): Promise<Slot> {
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

function releaseSlot(runtime: Runtime, slot: Slot): void {
  slot.busy = false;
  slot.pendingPrompt = '';
  for (const wake of [...runtime.waiters]) wake();
}

function grammarFor(runtime: Runtime, schema: JsonSchema): Promise<LlamaGrammar> {
  const key = JSON.stringify(schema);
  let grammar = runtime.grammars.get(key);
  if (!grammar) {
    grammar = runtime.llama.createGrammarForJsonSchema(schema);
    runtime.grammars.set(key, grammar);
    grammar.catch(() => runtime.grammars.delete(key));
    // Schemas change as item ids appear; keep the most recent few.
    if (runtime.grammars.size > 64) {
      const oldest = runtime.grammars.keys().next().value;
      if (oldest !== undefined) runtime.grammars.delete(oldest);
    }
  }
  return grammar;
}

/**
 * An agents-framework LLM that runs a small GGUF model in process with node-llama-cpp: no network,
 * no key. The model is loaded on first use (or by `prewarm()`) and shared by every conversation
 * of the process. With tools, each turn is a grammar-constrained choice between the scenario's
 * tools (with arguments that match their JSON Schema) and a spoken reply, which streams as it is
 * generated; tool calls come out as `FunctionCall`s for the framework to execute.
 */
export class LlamaLLM extends llm.LLM {
  /** The settings in force. */
  readonly options: Readonly<ResolvedOptions>;

  constructor(options: LlamaLLMOptions = {}) {
    super();
    const modelId = options.modelPath
      ? options.modelId
      : (options.modelId ?? (process.env.SVC_LLM_MODEL || DEFAULT_MODEL_ID));
    this.options = {
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
    };
  }

  override label(): string {
    return 'svc.LlamaLLM';
  }

  override get model(): string {
    const spec = this.options.modelId ? MODELS[this.options.modelId] : undefined;
    return spec?.name ?? basename(this.options.modelPath);
  }

  override get provider(): string {
    return 'node-llama-cpp';
  }

  /** Loads the model when the framework prewarms, so the first turn does not wait for it. */
  protected override async _prewarmImpl(): Promise<void> {
    await loadRuntime(this.options);
  }

  /** Loads the model (once per process and settings) and waits for it. */
  async load(): Promise<void> {
    await loadRuntime(this.options);
  }

  /** Bytes of the loaded model's weights (loads it). */
  async modelSize(): Promise<number> {
    return (await loadRuntime(this.options)).model.size;
  }

  /**
   * Evaluates a conversation's prompt without answering, so its first real turn finds the
   * instructions and tool descriptions in the KV cache (they take seconds to evaluate on two cores).
   */
  async warm({
    chatCtx,
    toolCtx,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
  }): Promise<void> {
    const stream = new LlamaLLMStream(
      this,
      { chatCtx, toolCtx, connOptions: DEFAULT_API_CONNECT_OPTIONS },
      'auto',
      true,
    );
    for await (const _chunk of stream) void _chunk;
  }

  chat({
    chatCtx,
    toolCtx,
    connOptions = DEFAULT_API_CONNECT_OPTIONS,
    toolChoice,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
    parallelToolCalls?: boolean;
    toolChoice?: llm.ToolChoice;
    extraKwargs?: Record<string, unknown>;
  }): LlamaLLMStream {
    return new LlamaLLMStream(this, { chatCtx, toolCtx, connOptions }, toolChoice ?? 'auto', false);
  }

  /** Frees every loaded model and context of the process (for tests and benchmarks). */
  static async unloadAll(): Promise<void> {
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
}

/** The conversation in the model's chat format. */
interface RenderedChat {
  history: LlamaChatHistoryItem[];
  /** Tool results, for the ids they mention. */
  toolOutputs: string[];
  /** The call the last tool result answers, if the conversation ends with one. */
  lastCall: { name: string; args: string } | undefined;
  /** The conversation ends with a tool result. */
  afterToolResult: boolean;
}

/** One turn of {@link LlamaLLM}. */
export class LlamaLLMStream extends llm.LLMStream {
  readonly #engine: LlamaLLM;
  readonly #toolChoice: llm.ToolChoice;
  readonly #warmOnly: boolean;
  #stats: LlamaTurnStats | undefined;

  constructor(
    engine: LlamaLLM,
    params: {
      chatCtx: llm.ChatContext;
      toolCtx?: llm.ToolContextLike | undefined;
      connOptions: APIConnectOptions;
    },
    toolChoice: llm.ToolChoice,
    warmOnly: boolean,
  ) {
    const { toolCtx, ...rest } = params;
    super(engine, toolCtx ? { ...rest, toolCtx } : rest);
    this.#engine = engine;
    this.#toolChoice = toolChoice;
    this.#warmOnly = warmOnly;
  }

  /** Timings and token counts of this turn, once it has finished. */
  get stats(): LlamaTurnStats | undefined {
    return this.#stats;
  }

  /** Every function tool of the turn, as the protocol shows them in the prompt. */
  private promptTools(): ProtocolTool[] {
    return Object.entries(this.toolCtx?.functionTools ?? {}).map(([name, tool]) => ({
      name,
      description: tool.description ?? '',
      // isOpenai=false: optional parameters stay optional instead of becoming required nullables.
      parameters: llm.toJsonSchema(tool.parameters, false) as unknown as JsonSchema,
    }));
  }

  /**
   * The tools the grammar admits this turn. With `toolChoice: 'none'` the tools stay in the
   * prompt (same prefix, same KV cache) but none can be called.
   */
  private callableTools(all: readonly ProtocolTool[]): ProtocolTool[] {
    const choice = this.#toolChoice;
    if (choice === 'none') return [];
    if (typeof choice === 'object') return all.filter((tool) => tool.name === choice.function.name);
    return [...all];
  }

  private render(allTools: readonly ProtocolTool[]): RenderedChat {
    const options = this.#engine.options;
    const json = allTools.length > 0;
    const systemTexts: string[] = [];
    const history: LlamaChatHistoryItem[] = [];
    const toolOutputs: string[] = [];
    const calls = new Map<string, { name: string; args: string }>();
    let lastCall: RenderedChat['lastCall'];
    let afterToolResult = false;
    let started = false;

    const push = (item: LlamaChatHistoryItem) => {
      const previous = history[history.length - 1];
      // Chat templates alternate roles: results and words of one side in a row become one turn.
      if (previous && previous.type === 'user' && item.type === 'user') {
        previous.text = `${previous.text}\n${item.text}`;
      } else if (previous && previous.type === 'model' && item.type === 'model') {
        previous.response.push(...item.response.map((text) => `\n${text}`));
      } else history.push(item);
    };

    for (const item of this.chatCtx.items) {
      if (item.type === 'message') {
        const text = (item.textContent ?? '').trim();
        if (item.role === 'system' || item.role === 'developer') {
          // Instructions ahead of the conversation form the system prompt; later ones go in line,
          // so that the prompt prefix (and its KV cache) stays the same.
          if (!started) systemTexts.push(text);
          else if (text) push({ type: 'user', text: `(Instruction: ${text})` });
          continue;
        }
        started = true;
        lastCall = undefined;
        afterToolResult = false;
        if (!text) continue;
        if (item.role === 'user') push({ type: 'user', text });
        else
          push({
            type: 'model',
            response: [json ? JSON.stringify({ tool: NO_TOOL, say: text }) : text],
          });
      } else if (item.type === 'function_call') {
        started = true;
        calls.set(item.callId, { name: item.name, args: item.args });
        let args: unknown = {};
        try {
          args = JSON.parse(item.args || '{}');
        } catch {
          args = {};
        }
        push({ type: 'model', response: [JSON.stringify({ tool: item.name, arguments: args })] });
      } else if (item.type === 'function_call_output') {
        started = true;
        const call = calls.get(item.callId);
        const name = item.name || call?.name || 'the tool';
        // Ids are read from the whole result: the shortened one may have lost some.
        toolOutputs.push(item.output);
        const output = compactToolOutput(item.output, options.maxToolOutputChars);

        push({
          type: 'user',
          text: `${item.isError ? 'Error from' : 'Result of'} ${name}: ${output}`,
        });
        lastCall = call;
        afterToolResult = true;
      }
    }

    const system = [
      systemTexts.filter(Boolean).join('\n\n'),
      ...(json ? [protocolInstructions(allTools)] : []),
    ]
      .filter(Boolean)
      .join('\n\n');
    if (system) history.unshift({ type: 'system', text: system });
    // The model answers a user turn; a conversation that ends otherwise gets a neutral nudge.
    if (history[history.length - 1]?.type !== 'user') push({ type: 'user', text: '(Continue.)' });
    return { history, toolOutputs, lastCall, afterToolResult };
  }

  protected async run(): Promise<void> {
    const start = performance.now();
    const signal = this.abortController.signal;
    const options = this.#engine.options;
    const allTools = this.promptTools();
    const rendered = this.render(allTools);
    const knownIds = options.constrainItemIds ? findItemIds(rendered.toolOutputs) : [];
    let tools =
      rendered.afterToolResult && !options.chainToolCalls && this.#toolChoice === 'auto'
        ? []
        : this.callableTools(allTools);
    // Before any tool result has shown an id, a tool that needs one could only be given a
    // made-up id: it stays in the prompt but out of the grammar.
    if (options.constrainItemIds && knownIds.length === 0 && this.#toolChoice === 'auto') {
      tools = tools.filter((tool) => !needsItemId(tool.parameters));
    }
    // 'required' or a named tool: a call is the only way out (unless there is nothing to call).
    const allowReply =
      tools.length === 0 ||
      (this.#toolChoice !== 'required' && typeof this.#toolChoice !== 'object');
    const json = allTools.length > 0;

    const runtime = await loadRuntime(options);
    if (signal.aborted) return;
    const prompt = JSON.stringify(rendered.history);
    let slot: Slot;
    try {
      slot = await acquireSlot(runtime, prompt, signal);
    } catch {
      return; // aborted while waiting
    }
    const acquiredAt = performance.now();
    const queuedMs = acquiredAt - start;
    if (this.#warmOnly) {
      const restored = await restorePromptState(slot, options, prompt).catch(() => false);
      if (restored) {
        releaseSlot(runtime, slot);
        return;
      }
    }
    try {
      const id = `llama_${randomUUID()}`;
      const meterBefore = {
        input: slot.sequence.tokenMeter.usedInputTokens,
        output: slot.sequence.tokenMeter.usedOutputTokens,
      };
      let firstAt: number | undefined;
      let firstTokenAt: number | undefined;
      const emitText = (text: string) => {
        if (!text || signal.aborted) return;
        firstAt ??= performance.now();
        this.queue.put({ id, delta: { role: 'assistant', content: text } });
      };

      const generate = async (
        schema: JsonSchema | undefined,
        onText: (text: string) => void,
        history = rendered.history,
        stop?: AbortSignal,
      ) => {
        const grammar = schema ? await grammarFor(runtime, schema) : undefined;
        try {
          const response = await slot.chat.generateResponse(history, {
            ...(grammar ? { grammar } : {}),
            maxTokens: this.#warmOnly ? 1 : options.maxTokens,
            temperature: options.temperature,
            repeatPenalty: { penalty: 1.1, lastTokens: 64 },
            signal: stop ? AbortSignal.any([signal, stop]) : signal,
            stopOnAbortSignal: true,
            onTextChunk: (text) => {
              firstTokenAt ??= performance.now();
              onText(text);
            },
          });
          return response.response;
        } catch (error) {
          // Aborted before the first token: node-llama-cpp throws the signal's reason.
          if (signal.aborted || stop?.aborted) return undefined;
          throw error;
        } finally {
          slot.lastPrompt = prompt;
        }
      };

      // Only a reply is possible: its opening is written into the model's turn, so that the first
      // generated token is a word of the reply; generation ends with the say string.
      const replyOnly = async (): Promise<Decision | undefined> => {
        const reader = new DecisionReader();
        reader.push(REPLY_PREFIX);
        const ended = new AbortController();
        let text = '';
        const generated = await generate(
          undefined,
          (chunk) => {
            const words = reader.push(chunk);
            text += words;
            emitText(words);
            if (reader.done) ended.abort();
          },
          [...rendered.history, { type: 'model', response: [REPLY_PREFIX] }],
          ended.signal,
        );
        return generated === undefined && !text ? undefined : { kind: 'reply', text };
      };

      let decision: string | undefined;
      if (!json) {
        const text = await generate(undefined, emitText);
        decision = NO_TOOL;
        if (!this.#warmOnly && !signal.aborted && !text?.trim()) emitText(options.fallbackReply);
      } else {
        let parsed: Decision | undefined;
        if (tools.length === 0) {
          parsed = await replyOnly();
        } else {
          const reader = new DecisionReader();
          const schema = decisionSchema(tools, allowReply, { knownIds });
          const raw = await generate(schema, (text) => emitText(reader.push(text)));
          parsed = raw === undefined ? undefined : parseDecision(raw);
          // A small model, shown the result of its call, may just call again: make it talk.
          const calledName = parsed?.kind === 'tool' ? parsed.name : undefined;
          const repeated = tools.find((tool) => tool.name === calledName);
          if (
            parsed?.kind === 'tool' &&
            repeated &&
            rendered.lastCall &&
            parsed.name === rendered.lastCall.name &&
            sameJson(
              cleanArguments(repeated.parameters, parsed.arguments),
              rendered.lastCall.args,
            ) &&
            allowReply &&
            !signal.aborted
          ) {
            parsed = await replyOnly();
          }
        }
        decision = parsed?.kind === 'tool' ? parsed.name : parsed ? NO_TOOL : undefined;
        if (this.#warmOnly && !signal.aborted) {
          // The next process with this scenario loads the evaluated prompt instead.
          await savePromptState(slot, options, prompt).catch((error: unknown) =>
            this.logger.warn({ err: error }, 'embedded LLM: saving the prompt state failed'),
          );
        } else if (signal.aborted) {
          // Nothing to deliver.
        } else if (parsed?.kind === 'tool') {
          const tool = tools.find((candidate) => candidate.name === parsed.name);
          if (tool) {
            const args = cleanArguments(tool.parameters, parsed.arguments);
            const errors = validateJson(tool.parameters, args);
            if (errors.length > 0) {
              this.logger.warn(
                { tool: tool.name, errors },
                'embedded LLM: tool arguments do not match the schema',
              );
            }
            firstAt ??= performance.now();
            this.queue.put({
              id,
              delta: {
                role: 'assistant',
                toolCalls: [
                  llm.FunctionCall.create({
                    callId: `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
                    name: tool.name,
                    args: JSON.stringify(args),
                  }),
                ],
              },
            });
          }
        } else if (!parsed || !parsed.text.trim()) {
          // Cut off by the token limit before the reply began, or an empty reply.
          if (firstAt === undefined) emitText(options.fallbackReply);
        }
      }

      const end = performance.now();
      const completionTokens = slot.sequence.tokenMeter.usedOutputTokens - meterBefore.output;
      const evaluated = slot.sequence.tokenMeter.usedInputTokens - meterBefore.input;
      const promptTokens = Math.max(
        evaluated,
        slot.sequence.contextTokens.length - completionTokens,
      );
      this.#stats = {
        ttftMs: (firstAt ?? end) - start,
        totalMs: end - start,
        queuedMs,
        decision,
        promptTokens,
        cachedPromptTokens: Math.max(0, promptTokens - evaluated),
        completionTokens,
        tokensPerSecond:
          firstTokenAt !== undefined && end > firstTokenAt
            ? (completionTokens / (end - firstTokenAt)) * 1000
            : 0,
        // Until the first token: the prompt's evaluation (and one generation step).
        promptTokensPerSecond:
          firstTokenAt !== undefined && firstTokenAt > acquiredAt
            ? (evaluated / (firstTokenAt - acquiredAt)) * 1000
            : 0,
      };
      if (!signal.aborted && !this.#warmOnly) {
        this.queue.put({
          id,
          usage: {
            completionTokens,
            promptTokens,
            promptCachedTokens: this.#stats.cachedPromptTokens,
            totalTokens: promptTokens + completionTokens,
          },
        });
      }
    } finally {
      releaseSlot(runtime, slot);
    }
  }
}

/**
 * Where the evaluated state of a warm-up prompt is kept: one file per model, context size and
 * prompt, so every job process of a scenario starts from the instructions and tools already
 * evaluated (seconds of work on two cores; loading the file takes milliseconds).
 */
function promptStateFile(options: ResolvedOptions, prompt: string): string {
  const key = createHash('sha256')
    .update(`${options.modelPath}\n${options.contextSize}\n${prompt}`)
    .digest('hex')
    .slice(0, 32);
  return join(llmCacheDir(), 'llm-state', `${key}.bin`);
}

/** Loads a saved warm-up state into the slot; false when there is none or it holds it already. */
async function restorePromptState(
  slot: Slot,
  options: ResolvedOptions,
  prompt: string,
): Promise<boolean> {
  if (slot.lastPrompt === prompt) return true;
  const file = promptStateFile(options, prompt);
  if (!existsSync(file)) return false;
  // The file was written by this model (its path is in the key): loading it is safe.
  await slot.sequence.loadStateFromFile(file, { acceptRisk: true });
  slot.lastPrompt = prompt;
  return true;
}

async function savePromptState(slot: Slot, options: ResolvedOptions, prompt: string) {
  const file = promptStateFile(options, prompt);
  if (existsSync(file)) return;
  await mkdir(dirname(file), { recursive: true });
  // Written beside and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  await slot.sequence.saveStateToFile(partial);
  await rename(partial, file);
}

/** Whether a tool requires an item id (a required `*_id` / `*_ids` property). */
function needsItemId(schema: JsonSchema): boolean {
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
  return required.some((name) => typeof name === 'string' && /(^|_)ids?$/i.test(name));
}

function sameJson(value: unknown, text: string): boolean {
  try {
    return JSON.stringify(value) === JSON.stringify(JSON.parse(text || '{}'));
  } catch {
    return false;
  }
}
