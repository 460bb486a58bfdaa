import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { llm, DEFAULT_API_CONNECT_OPTIONS, type APIConnectOptions } from '@livekit/agents';
import {
  embeddedPaths,
  EMBEDDED_MODEL,
  loadNodeLlamaCpp,
  type ChatHistoryItem,
  type Llama,
  type LlamaContext,
  type LlamaModel,
} from './node-llama.js';

/** Options of {@link EmbeddedLLM}. */
export interface EmbeddedLlmOptions {
  /** A GGUF file (default: the model the set-up installs). */
  modelPath?: string;
  /** Tokens of context (default 2048: the prompt, the tools and a few turns). */
  contextSize?: number;
  /** Most tokens of a spoken reply (default 60). */
  maxReplyTokens?: number;
  /** CPU threads (default: what node-llama-cpp picks). */
  threads?: number;
}

/** One model per process, loaded on first use and shared by every conversation in it. */
interface Runtime {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  chat: import('./node-llama.js').LlamaChat;
  /** Generations run one at a time on the context. */
  lock: Promise<unknown>;
}
const runtimes = new Map<string, Promise<Runtime>>();

async function runtimeFor(
  options: Required<Pick<EmbeddedLlmOptions, 'modelPath' | 'contextSize'>> & {
    threads?: number | undefined;
  },
): Promise<Runtime> {
  const key = `${options.modelPath}:${options.contextSize}`;
  let runtime = runtimes.get(key);
  if (!runtime) {
    runtime = (async () => {
      const lib = await loadNodeLlamaCpp();
      const llama = await lib.getLlama({ gpu: false, build: 'never', logLevel: 'error' });
      const model = await llama.loadModel({ modelPath: options.modelPath });
      const context = await model.createContext({
        contextSize: options.contextSize,
        ...(options.threads ? { threads: options.threads } : {}),
      });
      const chat = new lib.LlamaChat({ contextSequence: context.getSequence() });
      return { llama, model, context, chat, lock: Promise.resolve() };
    })();
    runtimes.set(key, runtime);
    runtime.catch(() => runtimes.delete(key));
  }
  return runtime;
}

/** A function tool as the decision prompt shows it. */
interface ToolView {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** Example requests for tools by what their names say, so a small model sees the pattern. */
const EXAMPLES: [RegExp, string][] = [
  [/search|find|look/, 'Do you have rain jackets?'],
  [/show|display|detail|view_item/, 'Show me the first one in detail.'],
  [/compare/, 'Compare the two tents for me.'],
  [/add|put/, 'Add it to my cart, please.'],
  [/remove|delete/, 'Take the headlamp out of my cart.'],
  [/cart|basket|list/, "What's in my cart?"],
  [/end|bye|finish/, "That's all, thanks, goodbye."],
];

/** The words of a request that carry meaning, for a search query. */
export function contentWords(text: string): string {
  const stop = new Set(
    "a an the do does you have i im i'm me my we our any some for to of and or is are can could would like want need please show find looking look search with in on at it this that there what which how much many".split(
      ' ',
    ),
  );
  const kept = (text.toLowerCase().match(/[a-z0-9']+/g) ?? []).filter((word) => !stop.has(word));
  return kept.join(' ') || text;
}

/** Item ids a previous tool result mentioned, newest first (what "it" and "the first one" can mean). */
function idsInContext(items: ChatHistoryItem[]): string[] {
  const ids: string[] = [];
  for (const item of [...items].reverse()) {
    const text = item.text ?? item.response?.join('') ?? '';
    for (const match of text.matchAll(/"(?:id|item_id)":"([^"]{1,64})"/g))
      if (!ids.includes(match[1] as string)) ids.push(match[1] as string);
  }
  return ids;
}

/** Whether a tool cannot run without an item id (a required `item_id` or `item_ids`). */
function needsItemId(tool: ToolView): boolean {
  const required = (tool.parameters.required as string[] | undefined) ?? [];
  return required.some((name) => /item_ids?$/.test(name));
}

/** A tool's argument schema with its item ids limited to ids the conversation has seen. */
function constrainArguments(
  schema: Record<string, unknown>,
  ids: string[],
): Record<string, unknown> {
  const properties = {
    ...((schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {}),
  };
  if (ids.length > 0) {
    for (const [key, value] of Object.entries(properties)) {
      if (/item_id$/.test(key) && value.type === 'string')
        properties[key] = { type: 'string', enum: ids };
      if (/item_ids$/.test(key) && value.type === 'array')
        properties[key] = { ...value, items: { type: 'string', enum: ids } };
    }
  }
  const { additionalProperties: _ignored, ...rest } = schema;
  void _ignored;
  return { ...rest, type: 'object', properties };
}

/**
 * The embedded LLM: a small GGUF model on node-llama-cpp, on the CPU, with no network and no key.
 * Tool calls are constrained by grammars: first which tool (or a plain reply) among the tools the
 * scenario has, then its arguments by the tool's JSON Schema, with item ids limited to ids the
 * conversation has seen. After a tool result it always answers in words (no tool loops).
 */
export class EmbeddedLLM extends llm.LLM {
  readonly options: Required<Omit<EmbeddedLlmOptions, 'threads'>> & {
    threads?: number | undefined;
  };

  constructor(options: EmbeddedLlmOptions = {}) {
    super();
    this.options = {
      modelPath: options.modelPath ?? embeddedPaths().model,
      contextSize: options.contextSize ?? 2048,
      maxReplyTokens: options.maxReplyTokens ?? 60,
      // One thread per core: llama.cpp's default counts hardware threads, and on a small machine
      // its spinning threads then starve each other (generation slows down by orders of magnitude).
      threads: options.threads ?? availableParallelism(),
    };
  }

  override label(): string {
    return 'svc.EmbeddedLLM';
  }

  override get model(): string {
    return EMBEDDED_MODEL.name;
  }

  /** Loads the model (through the framework's `prewarm()`), so the first reply does not wait for it. */
  protected override async _prewarmImpl(): Promise<void> {
    await runtimeFor(this.options);
  }

  /** Loads the model now and waits for it. */
  async load(): Promise<void> {
    await runtimeFor(this.options);
  }

  chat({
    chatCtx,
    toolCtx,
    connOptions = DEFAULT_API_CONNECT_OPTIONS,
  }: {
    chatCtx: llm.ChatContext;
    toolCtx?: llm.ToolContextLike;
    connOptions?: APIConnectOptions;
    parallelToolCalls?: boolean;
    toolChoice?: llm.ToolChoice;
    extraKwargs?: Record<string, unknown>;
  }): llm.LLMStream {
    return new EmbeddedStream(this, { chatCtx, toolCtx, connOptions });
  }
}

class EmbeddedStream extends llm.LLMStream {
  private readonly engine: EmbeddedLLM;

  constructor(
    engine: EmbeddedLLM,
    params: {
      chatCtx: llm.ChatContext;
      toolCtx?: llm.ToolContextLike | undefined;
      connOptions: APIConnectOptions;
    },
  ) {
    super(
      engine,
      params as {
        chatCtx: llm.ChatContext;
        toolCtx?: llm.ToolContextLike;
        connOptions: APIConnectOptions;
      },
    );
    this.engine = engine;
  }

  /** The conversation as the model's chat history; tool calls and results become plain turns. */
  private history(): {
    system: string;
    turns: ChatHistoryItem[];
    lastUser: string | undefined;
    afterTool: boolean;
  } {
    const system: string[] = [];
    const turns: ChatHistoryItem[] = [];
    let lastUser: string | undefined;
    let afterTool = false;
    for (const item of this.chatCtx.items) {
      if (item.type === 'message') {
        const text = item.textContent ?? '';
        if (item.role === 'system' || item.role === 'developer') system.push(text);
        else if (item.role === 'user') {
          turns.push({ type: 'user', text });
          lastUser = text;
          afterTool = false;
        } else if (item.role === 'assistant' && text)
          turns.push({ type: 'model', response: [text] });
      } else if (item.type === 'function_call_output') {
        turns.push({
          type: 'user',
          text: `Tool result for ${item.name}: ${item.output.slice(0, 700)}\nAnswer the visitor in one or two short sentences based on this result.`,
        });
        afterTool = true;
      }
    }
    return { system: system.join('\n'), turns, lastUser, afterTool };
  }

  private tools(): ToolView[] {
    const functions = this.toolCtx?.functionTools ?? {};
    return Object.entries(functions).map(([name, tool]) => ({
      name,
      description: tool.description,
      parameters: llm.toJsonSchema(tool.parameters, false) as unknown as Record<string, unknown>,
    }));
  }

  protected async run(): Promise<void> {
    const runtime = await runtimeFor(this.engine.options);
    const previous = runtime.lock;
    let release: () => void = () => undefined;
    runtime.lock = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous.catch(() => undefined);
    try {
      await this.generate(runtime);
    } finally {
      release();
    }
  }

  private async generate(runtime: Runtime): Promise<void> {
    const { system, turns, lastUser, afterTool } = this.history();
    const tools = this.tools();
    const signal = this.abortController.signal;
    const id = randomUUID();
    // A tool that needs an item id is only offered once the conversation has shown some ids.
    const seenIds = idsInContext(turns);
    const offered = tools.filter((tool) => seenIds.length > 0 || !needsItemId(tool));
    if (offered.length > 0 && !afterTool && lastUser !== undefined) {
      const names = offered.map((tool) => tool.name);
      const examples = offered.flatMap((tool) => {
        const example = EXAMPLES.find(([pattern]) => pattern.test(tool.name));
        return example ? [`Visitor: "${example[1]}" -> {"action": "${tool.name}"}`] : [];
      });
      const decisionPrompt = [
        system,
        '',
        'Decide your next action. Use a tool when the visitor asks for something a tool does; reply in words otherwise.',
        'Tools:',
        ...offered.map((tool) => `- ${tool.name}: ${tool.description}`),
        '- reply: answer in words (greetings, thanks, questions you can answer).',
        'Examples:',
        ...examples,
        'Visitor: "Hello!" -> {"action": "reply"}',
      ].join('\n');
      const grammar = await runtime.llama.createGrammarForJsonSchema({
        type: 'object',
        properties: { action: { enum: [...names, 'reply'] } },
        required: ['action'],
      });
      const decision = await runtime.chat.generateResponse(
        [{ type: 'system', text: decisionPrompt }, ...turns.slice(-6)],
        { grammar, maxTokens: 30, temperature: 0, signal, stopOnAbortSignal: true },
      );
      const action = parseJson(decision.response)?.action;
      const tool = offered.find((candidate) => candidate.name === action);
      if (tool) {
        const args = await this.arguments(runtime, tool, system, turns, lastUser);
        this.queue.put({
          id,
          delta: {
            role: 'assistant',
            toolCalls: [
              llm.FunctionCall.create({
                callId: `call_${randomUUID().slice(0, 8)}`,
                name: tool.name,
                args: JSON.stringify(args),
              }),
            ],
          },
        });
        return;
      }
    }
    // A reply in words, streamed as it is generated; cut after two sentences.
    let text = '';
    let sentences = 0;
    const stop = new AbortController();
    signal.addEventListener('abort', () => stop.abort(), { once: true });
    await runtime.chat.generateResponse([{ type: 'system', text: system }, ...turns.slice(-8)], {
      maxTokens: this.engine.options.maxReplyTokens,
      temperature: 0.3,
      signal: stop.signal,
      stopOnAbortSignal: true,
      onTextChunk: (chunk) => {
        if (stop.signal.aborted) return;
        text += chunk;
        this.queue.put({ id, delta: { role: 'assistant', content: chunk } });
        sentences += (chunk.match(/[.!?](\s|$)/g) ?? []).length;
        if (sentences >= 2) stop.abort();
      },
    });
    if (!text.trim())
      this.queue.put({
        id,
        delta: { role: 'assistant', content: 'Sorry, could you say that again?' },
      });
  }

  /** The tool's arguments, generated under its schema; a free-text query copies the visitor's words. */
  private async arguments(
    runtime: Runtime,
    tool: ToolView,
    system: string,
    turns: ChatHistoryItem[],
    lastUser: string,
  ): Promise<Record<string, unknown>> {
    const schema = constrainArguments(tool.parameters, idsInContext(turns));
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    if (Object.keys(properties).length === 0) return {};
    const grammar = await runtime.llama.createGrammarForJsonSchema(schema);
    const response = await runtime.chat.generateResponse(
      [
        {
          type: 'system',
          text: `${system}\n\nWrite the arguments of ${tool.name} (${tool.description}) as JSON for the visitor's last request. Only fill what the visitor said.`,
        },
        ...turns.slice(-6),
      ],
      {
        grammar,
        maxTokens: 80,
        temperature: 0,
        signal: this.abortController.signal,
        stopOnAbortSignal: true,
      },
    );
    const args = (parseJson(response.response) ?? {}) as Record<string, unknown>;
    // Small models garble free text; the search engine ranks by the visitor's own words instead.
    if ('query' in properties) {
      const query = typeof args.query === 'string' ? args.query.toLowerCase() : '';
      if (!query || !lastUser.toLowerCase().includes(query)) args.query = contentWords(lastUser);
    }
    for (const [key, value] of Object.entries(args))
      if (value === '' || value === null) delete args[key];
    return args;
  }
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
