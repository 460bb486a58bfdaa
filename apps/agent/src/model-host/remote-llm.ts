// The LLM a conversation's job process uses when the worker hosts the embedded model: every turn
// goes to the model host over its socket, and the answer streams back.
import { connect, type Socket } from 'node:net';
import { DEFAULT_API_CONNECT_OPTIONS, llm, type APIConnectOptions } from '@livekit/agents';
import type {
  PiperSynthesisRequest,
  PiperSynthesizer,
  Transcript,
  TranscriptionRequest,
  WarmRequest,
} from '@svc/agents-plugin-embedded';
import { chatEntries } from '../chat-entries.js';
import { jsonLines, type HostAnswer, type HostRequest, type WireTool } from './wire.js';

type Listener = (answer: HostAnswer) => void;

/** A request before the connection numbers it (a cancel is sent by the connection itself). */
type NewRequest = HostRequest extends infer Request
  ? Request extends { kind: 'cancel' }
    ? never
    : Omit<Request, 'id'>
  : never;

/** One connection per process, shared by its turns. */
export class HostConnection {
  #socket: Socket | undefined;
  #nextId = 1;
  readonly #listeners = new Map<number, Listener>();

  constructor(private readonly socketPath: string) {}

  #open(): Socket {
    if (this.#socket && !this.#socket.destroyed) return this.#socket;
    const socket = connect(this.socketPath);
    socket.on(
      'data',
      jsonLines((value) => {
        const answer = value as HostAnswer;
        this.#listeners.get(answer.id)?.(answer);
      }),
    );
    const fail = (message: string) => {
      for (const [id, listener] of this.#listeners) listener({ id, kind: 'error', message });
      this.#listeners.clear();
    };
    socket.on('error', (error) => fail(`the model host is unreachable: ${error.message}`));
    socket.on('close', () => fail('the model host closed the connection'));
    this.#socket = socket;
    return socket;
  }

  /** Sends a request; `listener` gets every answer to it until `done` or `error`. */
  request(request: NewRequest, listener: Listener): () => void {
    const id = this.#nextId++;
    this.#listeners.set(id, (answer) => {
      if (answer.kind !== 'chunk') this.#listeners.delete(id);
      listener(answer);
    });
    const socket = this.#open();
    socket.write(`${JSON.stringify({ ...request, id })}\n`);
    return () => {
      if (!this.#listeners.delete(id)) return;
      if (!socket.destroyed) socket.write(`${JSON.stringify({ id, kind: 'cancel' })}\n`);
    };
  }
}

/** One connection of this process to the worker's model host, by socket path. */
const connections = new Map<string, HostConnection>();

/** The process's connection to the model host at `socketPath`. */
export function hostConnection(socketPath: string): HostConnection {
  let connection = connections.get(socketPath);
  if (!connection) {
    connection = new HostConnection(socketPath);
    connections.set(socketPath, connection);
  }
  return connection;
}

/** The worker's shared speech recognizer, reached through its model host. */
export class RemoteTranscriber {
  readonly #connection: HostConnection;

  constructor(socketPath: string) {
    this.#connection = hostConnection(socketPath);
  }

  transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<Transcript> {
    return new Promise((resolve, reject) => {
      const cancel = this.#connection.request(
        {
          kind: 'transcribe',
          audio: Buffer.from(
            request.pcm.buffer,
            request.pcm.byteOffset,
            request.pcm.byteLength,
          ).toString('base64'),
          ...(request.prompt ? { prompt: request.prompt } : {}),
          ...(request.language ? { language: request.language } : {}),
          ...(request.bareToo ? { bareToo: true } : {}),
        },
        (answer) => {
          if (answer.kind === 'transcript') {
            const { id: _id, kind: _kind, ...transcript } = answer;
            resolve(transcript);
          } else if (answer.kind === 'error') reject(new Error(answer.message));
        },
      );
      signal?.addEventListener(
        'abort',
        () => {
          cancel();
          reject(new Error('transcription aborted'));
        },
        { once: true },
      );
    });
  }
}

/** The worker's Piper voices, reached through its model host. */
export class RemoteSynthesizer implements PiperSynthesizer {
  readonly #connection: HostConnection;

  constructor(socketPath: string) {
    this.#connection = hostConnection(socketPath);
  }

  synthesize(request: PiperSynthesisRequest, signal?: AbortSignal): Promise<Int16Array> {
    return new Promise((resolve, reject) => {
      const cancel = this.#connection.request(
        { kind: 'synthesize', voice: request.voice, ids: [...request.ids], speed: request.speed },
        (answer) => {
          if (answer.kind === 'audio') {
            const bytes = Buffer.from(answer.audio, 'base64');
            // A copy: the decoded buffer's offset need not be aligned for 16-bit samples.
            const samples = new Int16Array(Math.floor(bytes.length / 2));
            for (let i = 0; i < samples.length; i += 1) samples[i] = bytes.readInt16LE(i * 2);
            resolve(samples);
          } else if (answer.kind === 'error') reject(new Error(answer.message));
        },
      );
      signal?.addEventListener(
        'abort',
        () => {
          // The host finishes the utterance (an inference cannot be stopped); its answer is dropped.
          cancel();
          reject(new Error('synthesis aborted'));
        },
        { once: true },
      );
    });
  }
}

/** The tools of a turn as the model host takes them. */
function wireTools(toolCtx: llm.ToolContextLike | undefined): WireTool[] {
  const context = llm.toToolContext(toolCtx);
  if (!context) return [];
  return Object.entries(context.functionTools).map(([name, tool]) => ({
    name,
    description: tool.description ?? '',
    // isOpenai=false: optional parameters stay optional.
    parameters: llm.toJsonSchema(tool.parameters, false) as unknown as Record<string, unknown>,
  }));
}

function wireToolChoice(choice: llm.ToolChoice | undefined): string | undefined {
  if (choice === undefined || typeof choice === 'string') return choice;
  return choice.function.name;
}

/** An LLM served by the worker's model host. */
export class RemoteLLM extends llm.LLM {
  readonly #connection: HostConnection;

  constructor(
    socketPath: string,
    private readonly modelName = 'embedded',
  ) {
    super();
    this.#connection = hostConnection(socketPath);
  }

  override label(): string {
    return 'svc.RemoteLLM';
  }

  override get model(): string {
    return this.modelName;
  }

  override get provider(): string {
    return 'svc-model-host';
  }

  /** Nothing to load here: the model host loaded the model when the worker started. */
  async load(): Promise<void> {}

  /** Has the host evaluate a conversation's prompt ahead of its next turn. */
  warm({ chatCtx, toolCtx, signal }: WarmRequest): Promise<void> {
    if (signal?.aborted) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const cancel = this.#connection.request(
        { kind: 'warm', entries: chatEntries(chatCtx), tools: wireTools(toolCtx) },
        (answer) => {
          if (answer.kind === 'done') resolve();
          else if (answer.kind === 'error') reject(new Error(answer.message));
        },
      );
      // Stopped, a warm-up has nothing to report: what the host evaluated stays there.
      signal?.addEventListener(
        'abort',
        () => {
          cancel();
          resolve();
        },
        { once: true },
      );
    });
  }

  /** One answer in the shape of `schema`, from the host's model under its grammar. */
  answerJson(
    request: {
      instructions: string;
      prompt: string;
      schema: Record<string, unknown>;
      maxTokens?: number;
    },
    signal?: AbortSignal,
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      let content = '';
      const cancel = this.#connection.request({ kind: 'json', ...request }, (answer) => {
        if (answer.kind === 'chunk') content += answer.content ?? '';
        else if (answer.kind === 'done') resolve(content);
        else if (answer.kind === 'error') reject(new Error(answer.message));
      });
      signal?.addEventListener(
        'abort',
        () => {
          cancel();
          reject(new Error('the JSON answer was aborted'));
        },
        { once: true },
      );
    });
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
  }): llm.LLMStream {
    return new RemoteLLMStream(this, this.#connection, {
      chatCtx,
      toolCtx,
      connOptions,
      toolChoice,
    });
  }
}

/** One turn answered by the model host. */
class RemoteLLMStream extends llm.LLMStream {
  readonly #connection: HostConnection;
  readonly #toolChoice: llm.ToolChoice | undefined;

  constructor(
    owner: RemoteLLM,
    connection: HostConnection,
    params: {
      chatCtx: llm.ChatContext;
      toolCtx: llm.ToolContextLike | undefined;
      connOptions: APIConnectOptions;
      toolChoice: llm.ToolChoice | undefined;
    },
  ) {
    const { chatCtx, toolCtx, connOptions } = params;
    super(owner, toolCtx ? { chatCtx, toolCtx, connOptions } : { chatCtx, connOptions });
    this.#connection = connection;
    this.#toolChoice = params.toolChoice;
  }

  protected run(): Promise<void> {
    return new Promise((resolve, reject) => {
      const toolChoice = wireToolChoice(this.#toolChoice);
      const cancel = this.#connection.request(
        {
          kind: 'chat',
          entries: chatEntries(this.chatCtx),
          tools: wireTools(this.toolCtx),
          ...(toolChoice ? { toolChoice } : {}),
        },
        (answer) => {
          if (answer.kind === 'chunk') {
            this.queue.put({
              id: String(answer.id),
              delta: {
                role: 'assistant',
                ...(answer.content ? { content: answer.content } : {}),
                ...(answer.toolCalls
                  ? { toolCalls: answer.toolCalls.map((call) => llm.FunctionCall.create(call)) }
                  : {}),
              },
            });
          } else if (answer.kind === 'done') resolve();
          else if (answer.kind === 'error') reject(new Error(answer.message));
        },
      );
      this.abortController.signal.addEventListener(
        'abort',
        () => {
          cancel();
          resolve();
        },
        { once: true },
      );
    });
  }
}
