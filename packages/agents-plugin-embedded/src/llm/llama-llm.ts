// The embedded, offline LLM: a small GGUF model on node-llama-cpp, on the CPU, as an
// agents-framework LLM. Tool calls follow the JSON decision protocol of ./tool-protocol.ts, under
// a grammar that admits only the scenario's tools with arguments of their JSON Schema.
//
// Latency on two cores is dominated by prompt evaluation (about 85 tokens/s for a 0.5B model and
// 47 for a 1.5B one, which generate 21 and 13 tokens/s), so the model and its KV caches are kept
// across turns: one model and one context per process, with a few sequences, and each turn runs
// on the free sequence whose cached tokens share the longest prefix with its prompt (see
// ./llama-runtime.ts). A conversation's next turn then only evaluates the new items.

import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { DEFAULT_API_CONNECT_OPTIONS, llm, type APIConnectOptions } from '@livekit/agents';
import { conversationBegun, renderChat, stablePrefix } from './chat-history.js';
import { cleanArguments, oneChoice, validateJson, type JsonSchema } from './json-schema.js';
import { resolveOptions, type LlamaLLMOptions, type LlamaLLMSettings } from './llama-options.js';
import {
  acquireSlot,
  grammarFor,
  loadRuntime,
  releaseSlot,
  unloadRuntimes,
  type Slot,
} from './llama-runtime.js';
import { MODELS } from './node-llama-cpp.js';
import { ClauseGate, figuresOf } from './grounding.js';
import { restorePromptState, savePromptState } from './prompt-state-cache.js';
import { decisionChoices, jsonClosed, type DecisionChoice } from './protocol-prediction.js';
import {
  decidedTool,
  decisionSchema,
  DecisionReader,
  findItemIds,
  HELD_CHECK,
  NO_TOOL,
  NOT_KNOWN,
  onlyCompletion,
  parseDecision,
  type Decision,
  type ProtocolTool,
} from './tool-protocol.js';

/** Timings and token counts of one turn, for benchmarks and logs. */
export interface LlamaTurnStats {
  /** Start of the turn to the first reply text or to the tool call, ms. */
  ttftMs: number;
  /** Start of the turn to the end of generation, ms. */
  totalMs: number;
  /** Waiting for a free sequence (another turn was generating), ms. */
  queuedMs: number;
  /** What the model decided: a tool name, or `reply` ({@link NO_TOOL}) for words. */
  decision: string | undefined;
  /** Prompt tokens in all. */
  promptTokens: number;
  /** Prompt tokens that were already in the sequence's KV cache. */
  cachedPromptTokens: number;
  /** Generated tokens. */
  completionTokens: number;
  /** Generated tokens that were guessed ahead and checked in a batch (not a step each). */
  predictedTokens: number;
  /** Generated tokens per second of generation (after the prompt was evaluated). */
  tokensPerSecond: number;
  /** Prompt tokens evaluated per second (those not already cached). */
  promptTokensPerSecond: number;
}

/**
 * What a warm-up of a conversation's prompt is asked: the context and tools as its next turn will
 * send them; `signal` stops the evaluation (what was evaluated by then stays).
 */
export interface WarmRequest {
  chatCtx: llm.ChatContext;
  toolCtx?: llm.ToolContextLike;
  signal?: AbortSignal;
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
  readonly options: Readonly<LlamaLLMSettings>;

  constructor(options: LlamaLLMOptions = {}) {
    super();
    this.options = resolveOptions(options);
  }

  /** `svc.LlamaLLM`, in the framework's metrics and logs. */
  override label(): string {
    return 'svc.LlamaLLM';
  }

  /** The model's name in the catalogue, else its file name. */
  override get model(): string {
    const spec = this.options.modelId ? MODELS[this.options.modelId] : undefined;
    return spec?.name ?? basename(this.options.modelPath);
  }

  /** `node-llama-cpp`. */
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
   * Evaluates a conversation's prompt without answering, so its next real turn finds it in the KV
   * cache: before the first turn, the instructions and tool descriptions (seconds to evaluate on
   * two cores); between turns, what the last turn added. `signal` stops the evaluation; what was
   * evaluated by then stays.
   */
  async warm({ chatCtx, toolCtx, signal }: WarmRequest): Promise<void> {
    if (signal?.aborted) return;
    const stream = new LlamaLLMStream(
      this,
      { chatCtx, toolCtx, connOptions: DEFAULT_API_CONNECT_OPTIONS },
      'auto',
      true,
    );
    const stop = () => stream.close();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      for await (const _chunk of stream) void _chunk;
    } finally {
      signal?.removeEventListener('abort', stop);
    }
  }

  /**
   * One turn: the reply's words stream out as they are generated, or a tool call comes out
   * whole. `toolChoice` `none` keeps the tools in the prompt but callable by none; `required` or
   * a named tool leaves no way out but a call.
   */
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

  /**
   * One answer in the shape of `schema` (a grammar admits nothing else), to `prompt` under
   * `instructions`: for reading structured data out of a text, not for a conversation's turn.
   * Resolves with the JSON text; rejects when `signal` aborts before a sequence is free.
   */
  async answerJson(request: JsonAnswerRequest, signal?: AbortSignal): Promise<string> {
    const runtime = await loadRuntime(this.options);
    const history = [
      { type: 'system' as const, text: request.instructions },
      { type: 'user' as const, text: request.prompt },
    ];
    const prompt = JSON.stringify(history);
    const stop = signal ?? new AbortController().signal;
    // The same instructions are asked again and again (the router's choice of a request, with
    // only the visitor's words new): any slot that holds them is the one to take, and no other
    // slot's conversation is evicted for them.
    const instructions = JSON.stringify(history.slice(0, 1)).slice(0, -1);
    const slot = await acquireSlot(runtime, prompt, stop, instructions, Number.POSITIVE_INFINITY);
    try {
      // A slot that does not hold them (a conversation's took it since) loads them from disk when
      // a process saved them: evaluating them again took about three seconds on two cores, the
      // wait of a conversation's first turn that the router's choice answered.
      await restorePromptState(slot, this.options, instructions).catch(() => false);
      // Once per model, context shape and instructions, when they were evaluated whole: the next
      // process, or this one's other slot, loads them instead.
      const keep = async () => {
        if (!stop.aborted)
          await savePromptState(slot, this.options, instructions).catch(() => undefined);
      };
      const options = {
        maxTokens: request.maxTokens ?? JSON_ANSWER_MAX_TOKENS,
        // The most likely reading, not a varied one.
        temperature: 0,
        signal: stop,
        stopOnAbortSignal: true,
      };
      const choice = oneChoice(request.schema);
      if (choice) {
        // Everything but the name is fixed: written into the model's turn as the grammar would
        // have made it write it, token for token, so only the name is generated (the opening and
        // closing are about two thirds of such an answer's steps, 90 ms each on two cores).
        const response = await slot.chat.generateResponse(
          [...history, { type: 'model', response: [choice.opening] }],
          { ...options, grammar: await grammarFor(runtime, choice.grammar) },
        );
        await keep();
        return `${choice.opening}${response.response}${choice.closing}`;
      }
      // Whole at its closing brace: the newlines the grammar allows after it would cost a step
      // of the model each.
      const closed = new AbortController();
      let written = '';
      const response = await slot.chat.generateResponse(history, {
        ...options,
        signal: AbortSignal.any([stop, closed.signal]),
        grammar: await grammarFor(runtime, request.schema),
        onTextChunk: (text) => {
          written += text;
          if (jsonClosed(written)) closed.abort();
        },
      });
      await keep();
      return response.response;
    } finally {
      slot.lastPrompt = prompt;
      releaseSlot(runtime, slot);
    }
  }

  /** Frees every loaded model and context of the process (for tests and benchmarks). */
  static async unloadAll(): Promise<void> {
    await unloadRuntimes();
  }
}

/** What {@link LlamaLLM.answerJson} is asked. */
export interface JsonAnswerRequest {
  /** The system part: what to read and how to answer. */
  instructions: string;
  /** The text to read, with the question. */
  prompt: string;
  /** The answer's shape (the JSON Schema subset node-llama-cpp turns into a grammar). */
  schema: JsonSchema;
  /** Longest answer, tokens (default {@link JSON_ANSWER_MAX_TOKENS}). */
  maxTokens?: number;
}

/** Longest answer of {@link LlamaLLM.answerJson} unless asked otherwise, tokens. */
export const JSON_ANSWER_MAX_TOKENS = 800;

/** One turn of {@link LlamaLLM}. */
export class LlamaLLMStream extends llm.LLMStream {
  readonly #engine: LlamaLLM;
  readonly #toolChoice: llm.ToolChoice;
  readonly #warmOnly: boolean;
  #stats: LlamaTurnStats | undefined;

  /**
   * Use {@link LlamaLLM.chat} or {@link LlamaLLM.warm}. With `warmOnly`, the prompt is evaluated
   * and its state saved (or restored from a saved one), and nothing is answered.
   */
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

  protected async run(): Promise<void> {
    const start = performance.now();
    const signal = this.abortController.signal;
    const options = this.#engine.options;
    const allTools = this.promptTools();
    const rendered = renderChat(this.chatCtx.items, allTools, options.maxToolOutputChars);
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
    const prefix = stablePrefix(rendered.history);
    let slot: Slot;
    try {
      slot = await acquireSlot(runtime, prompt, signal, prefix);
    } catch {
      return; // aborted while waiting
    }
    const acquiredAt = performance.now();
    const queuedMs = acquiredAt - start;
    // A slot without the scenario's evaluated prefix loads it when a process saved it; a warm-up
    // of a conversation that has not begun is then done.
    const restored =
      prefix !== undefined &&
      (await restorePromptState(slot, options, prefix).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'embedded LLM: loading the prompt state failed');
        return false;
      }));
    const begun = conversationBegun(rendered.history);
    if (this.#warmOnly && restored && !begun) {
      // Held already by this slot (an earlier conversation of the scenario): the next process
      // still finds it on disk.
      if (prefix !== undefined)
        await savePromptState(slot, options, prefix).catch((error: unknown) =>
          this.logger.warn({ err: error }, 'embedded LLM: saving the prompt state failed'),
        );
      releaseSlot(runtime, slot);
      return;
    }
    try {
      const id = `llama_${randomUUID()}`;
      const meterBefore = {
        input: slot.sequence.tokenMeter.usedInputTokens,
        output: slot.sequence.tokenMeter.usedOutputTokens,
        predicted: slot.sequence.tokenPredictions.used,
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
        choices?: readonly DecisionChoice[],
      ) => {
        const grammar = schema ? await grammarFor(runtime, schema) : undefined;
        // A decision's fixed text is guessed ahead (when the runtime predicts tokens so); any
        // other generation is the model's alone. A warm-up generates nothing: a guess checked
        // there would stay in the sequence's cache beyond its tokens, and in the state saved.
        slot.predictor?.expect(this.#warmOnly ? undefined : choices);
        // An answer in a JSON Schema's shape is whole at its closing brace or quote: the four
        // newlines node-llama-cpp's grammar adds after it would cost a step of the model each.
        const closed = new AbortController();
        let written = '';
        try {
          const response = await slot.chat.generateResponse(history, {
            ...(grammar ? { grammar } : {}),
            maxTokens: this.#warmOnly ? 1 : options.maxTokens,
            temperature: options.temperature,
            repeatPenalty: { penalty: 1.1, lastTokens: 64 },
            signal: AbortSignal.any([signal, closed.signal, ...(stop ? [stop] : [])]),
            stopOnAbortSignal: true,
            onTextChunk: (text) => {
              firstTokenAt ??= performance.now();
              onText(text);
              if (!schema) return;
              written += text;
              if (jsonClosed(written)) closed.abort();
            },
          });
          return response.response;
        } catch (error) {
          // Aborted before the first token: node-llama-cpp throws the signal's reason.
          if (signal.aborted || stop?.aborted) return undefined;
          throw error;
        } finally {
          slot.predictor?.expect(undefined);
          slot.lastPrompt = prompt;
        }
      };

      // A reply's words go out clause by clause once their figures are found in what the
      // conversation holds (./grounding.ts); a clause with a made-up one stops the reply.
      const gate = new ClauseGate(
        figuresOf(
          [
            // Not the protocol's part: a tool's limits ("two to 3 items") are no business facts.
            rendered.instructions,
            ...rendered.history.flatMap((item) => (item.type === 'user' ? [item.text] : [])),
            ...rendered.toolOutputs,
          ].join('\n'),
        ),
        // What the reply answers: the visitor's words, or the result it speaks of.
        rendered.history.findLast((item) => item.type === 'user')?.text ?? '',
      );
      const invented = new AbortController();
      const say = (words: string) => {
        emitText(gate.push(words));
        if (gate.refused) invented.abort();
      };

      // Only a reply is possible: its opening is written into the model's turn, so that the first
      // generated token is a word of the reply; generation ends with the say string. Opened as
      // not_known, the words say that the visitor's question has no answer here.
      const replyOnly = async (form = NO_TOOL): Promise<Decision | undefined> => {
        const opening = JSON.stringify({ tool: form, say: '' }).slice(0, -2);
        const reader = new DecisionReader();
        reader.push(opening);
        const ended = new AbortController();
        let text = '';
        const checked = form === NO_TOOL;
        const generated = await generate(
          undefined,
          (chunk) => {
            const words = reader.push(chunk);
            text += words;
            if (checked) say(words);
            else emitText(words);
            if (reader.done) ended.abort();
          },
          [...rendered.history, { type: 'model', response: [opening] }],
          checked ? AbortSignal.any([ended.signal, invented.signal]) : ended.signal,
        );
        if (generated === undefined && !text) return undefined;
        return { kind: 'reply', text, ...(checked ? {} : { notKnown: true }) };
      };

      // Whether the instructions or tool results hold the answer to the visitor's last words,
      // asked of the model on its own before it answers them: asked to choose between answering
      // and saying it does not know, a small model answers; asked only this, it tells.
      const answerHeld = async (): Promise<string | undefined> => {
        const history = rendered.history.map((item) => ({ ...item }));
        const last = history[history.length - 1];
        if (last?.type !== 'user') return undefined;
        last.text = `${last.text}\n\n${HELD_CHECK}`;
        // The answer's first letters tell the options apart (the grammar admits no other): the
        // rest of it, and the closing quote, would each cost a step of the model.
        const told = new AbortController();
        let written = '';
        let answer: string | undefined;
        await generate(
          HELD_SCHEMA,
          (text) => {
            written += text;
            answer = onlyCompletion(written.replace(/^\s*"/, ''), HELD_ANSWERS);
            if (answer !== undefined) told.abort();
          },
          history,
          told.signal,
        );
        return answer;
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
          const names = [
            ...tools.map((tool) => tool.name),
            ...(allowReply ? [NO_TOOL, NOT_KNOWN] : []),
          ];
          // Words in answer to the visitor wait for the check of what the prompt holds: as soon
          // as the name begun can only be "reply" (its last letters and quote are no news).
          const toCheck = new AbortController();
          const raw = await generate(
            schema,
            (text) => {
              const words = reader.push(text);
              if (decidedTool(reader.text, names) === NO_TOOL) toCheck.abort();
              else say(words);
            },
            rendered.history,
            AbortSignal.any([invented.signal, toCheck.signal]),
            slot.predictor ? decisionChoices(tools, allowReply, { knownIds }) : undefined,
          );
          if (toCheck.signal.aborted && !signal.aborted) {
            const held = await answerHeld();
            parsed = await replyOnly(held === 'no' ? NOT_KNOWN : NO_TOOL);
          } else {
            parsed = raw === undefined || invented.signal.aborted ? undefined : parseDecision(raw);
          }
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
        if (parsed?.kind === 'reply' && !invented.signal.aborted) {
          emitText(gate.flush());
          if (gate.refused) invented.abort();
        }
        // The draft stated figures nobody gave: the model says it does not know instead.
        if (invented.signal.aborted && !signal.aborted && !this.#warmOnly) {
          // After the clauses already said, as a sentence of its own.
          if (firstAt !== undefined) emitText(' ');
          parsed = await replyOnly(NOT_KNOWN);
        }
        decision =
          parsed?.kind === 'tool'
            ? parsed.name
            : parsed?.notKnown
              ? NOT_KNOWN
              : parsed
                ? NO_TOOL
                : undefined;
        if (this.#warmOnly && !signal.aborted) {
          // The next process with this scenario loads the evaluated prompt instead (the prompt
          // alone: a conversation's turns are no other conversation's).
          if (prefix !== undefined && !begun)
            await savePromptState(slot, options, prefix).catch((error: unknown) =>
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
        predictedTokens: slot.sequence.tokenPredictions.used - meterBefore.predicted,
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
      // Whether the prompt cache hit shows here: cached against evaluated tokens, and the wait.
      this.logger.debug(
        { ...this.#stats, warm: this.#warmOnly },
        this.#warmOnly ? 'embedded LLM warmed' : 'embedded LLM turn',
      );
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

/** The check's answers, as a grammar. */
const HELD_ANSWERS = ['yes', 'no', 'chat'] as const;
const HELD_SCHEMA: JsonSchema = { type: 'string', enum: [...HELD_ANSWERS] };

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
