import {
  AGENT_STATE_ATTRIBUTE,
  TOPICS,
  type AgentState,
  type ConfigPayload,
  type ConversationMessage,
} from '@svc/protocol';
import { encodePayload } from '@svc/protocol/parse';
import type {
  RpcHandler,
  Transport,
  TransportConnectionState,
  TransportEvents,
} from '../transport/transport.js';

/** Something the frontend published. */
export interface SentPayload {
  topic: string;
  payload: unknown;
}

/** A complete, valid `config` payload for tests; override what the test needs. */
export function fakeConfig(overrides: Partial<ConfigPayload> = {}): ConfigPayload {
  return {
    type: 'config',
    features: [],
    collections: [],
    company_id: 1,
    restore_state: {},
    voice_stack: 'fake',
    audio_dictation: false,
    conversation_id: 'conversation-1',
    avatar_enabled: false,
    ...overrides,
  };
}

/**
 * A Transport with a scriptable agent, for testing a frontend without a server. Pass it as the
 * `transport` option of `SvcSession` (or `SvcProvider`), then play the agent's part and look at
 * what the frontend sent.
 *
 * @example
 * ```ts
 * const transport = new FakeTransport();
 * const session = new SvcSession({ client, transport });
 * await session.start({ scenario: 'pub-1', tools: { add_to_cart: async ({ id }) => 'added' } });
 * transport.agentJoin();
 * transport.publish('config', fakeConfig({ features: [cartFeature] }));
 * expect(transport.sentOn('config_ack')).toHaveLength(1);
 * expect(await transport.callRpc('add_to_cart', { requestId: 'r1', args: { id: 3 } })).toEqual({
 *   requestId: 'r1', code: 'OK', data: 'added',
 * });
 * ```
 */
export class FakeTransport implements Transport {
  /** A stand-in for the engine handle. */
  readonly engine = { fake: true } as const;
  /** Everything the frontend published, in order (`rt.chat` included). */
  readonly sent: SentPayload[] = [];
  /** URL and token of the last `connect()`. */
  connectedWith: { url: string; token: string } | null = null;
  microphoneEnabled = false;
  /** When set, `connect()` rejects with it. */
  connectError: Error | null = null;
  /** When set, turning the microphone on rejects with it (a browser's `NotAllowedError`, say). */
  microphoneError: Error | null = null;
  /** Identity the scripted agent joins with. */
  agentIdentity = 'agent';

  private readonly handlers = new Map<string, RpcHandler>();
  private readonly agentMethods = new Map<string, (payload: string) => Promise<string>>();
  private readonly listeners: { [E in keyof TransportEvents]: Set<TransportEvents[E]> } = {
    data: new Set(),
    connection: new Set(),
    participant: new Set(),
  };
  private attributes: Record<string, string> = {};

  // The Transport side, used by the session.

  async connect(url: string, token: string): Promise<void> {
    if (this.connectError) throw this.connectError;
    this.connectedWith = { url, token };
  }

  async disconnect(): Promise<void> {
    this.connectedWith = null;
    this.microphoneEnabled = false;
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    if (enabled && this.microphoneError) throw this.microphoneError;
    this.microphoneEnabled = enabled;
  }

  async sendText(text: string): Promise<void> {
    this.sent.push({ topic: TOPICS.CHAT, payload: { message: text } });
  }

  async publishData(topic: string, payload: unknown): Promise<void> {
    // Round-trip through JSON, as the wire would.
    this.sent.push({ topic, payload: JSON.parse(JSON.stringify(payload)) });
  }

  registerToolHandler(method: string, handler: RpcHandler): void {
    // LiveKit throws on a second registration; so does the fake, to catch double registration.
    if (this.handlers.has(method)) throw new Error(`RPC method "${method}" is already registered`);
    this.handlers.set(method, handler);
  }

  unregisterToolHandler(method: string): void {
    this.handlers.delete(method);
  }

  async callAgent(method: string, payload: string, timeoutMs: number): Promise<string> {
    const handler = this.agentMethods.get(method);
    if (!handler) throw new Error(`the agent has no RPC method "${method}"`);
    return withTimeout(handler(payload), timeoutMs, method);
  }

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  // The agent's side, scripted by the test.

  /** The agent joins (optionally in a state). */
  agentJoin(state?: AgentState): void {
    if (state) this.attributes = { ...this.attributes, [AGENT_STATE_ATTRIBUTE]: state };
    this.participant('joined');
  }

  /** The agent leaves. */
  agentLeave(): void {
    this.participant('left');
  }

  /** Sets the agent's state attribute (`lk.agent.state`). */
  setAgentState(state: AgentState | 'initializing'): void {
    this.attributes = { ...this.attributes, [AGENT_STATE_ATTRIBUTE]: state };
    this.participant('attributes');
  }

  /** The agent publishes a payload on a topic (as JSON, or raw bytes). */
  publish(topic: string, payload: unknown): void {
    const bytes = payload instanceof Uint8Array ? payload : encodePayload(payload);
    for (const listener of this.listeners.data) listener(topic, bytes);
  }

  /** The agent publishes a conversation message. */
  sendMessage(message: Partial<ConversationMessage> & { content: string }): void {
    this.publish(TOPICS.MESSAGE_NEW, {
      id: `m-${Math.random().toString(36).slice(2)}`,
      role: 'assistant',
      timestamp: new Date().toISOString(),
      ...message,
    });
  }

  /**
   * The agent calls an RPC method of the frontend; resolves with the parsed answer, rejects when
   * the method is not registered or no answer comes within `timeoutMs`.
   */
  async callRpc(
    method: string,
    payload: unknown,
    options: { timeoutMs?: number } = {},
  ): Promise<unknown> {
    const handler = this.handlers.get(method);
    if (!handler) throw new Error(`the frontend has no RPC method "${method}"`);
    const answer = await withTimeout(
      handler(JSON.stringify(payload), this.agentIdentity),
      options.timeoutMs ?? 15_000,
      method,
    );
    return JSON.parse(answer);
  }

  /** Lets the agent answer an RPC the frontend calls (the composer dictation methods). */
  answerAgentRpc(method: string, handler: (request: unknown) => unknown | Promise<unknown>): void {
    this.agentMethods.set(method, async (payload) =>
      JSON.stringify(await handler(JSON.parse(payload))),
    );
  }

  /** Reports a connection state, as the engine would (`disconnected` is a drop, not `end()`). */
  setConnectionState(state: TransportConnectionState, reason?: string): void {
    for (const listener of this.listeners.connection) listener(state, reason);
  }

  /** The payloads the frontend published on a topic. */
  sentOn(topic: string): unknown[] {
    return this.sent.filter((entry) => entry.topic === topic).map((entry) => entry.payload);
  }

  /** RPC methods the frontend answers now. */
  get registeredMethods(): string[] {
    return [...this.handlers.keys()];
  }

  private participant(kind: 'joined' | 'left' | 'attributes'): void {
    const event = {
      kind,
      identity: this.agentIdentity,
      isAgent: true,
      attributes: this.attributes,
    };
    for (const listener of this.listeners.participant) listener(event);
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, method: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`RPC ${method} timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
