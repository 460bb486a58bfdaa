/**
 * The seam between the session and the realtime engine. Internal: not exported from the package
 * root. `LiveKitTransport` implements it on livekit-client; `FakeTransport` (from
 * `@svc/sdk/testing`) implements it with a scriptable agent for tests.
 */

/** Connection states the engine reports after `connect()` resolved. */
export type TransportConnectionState = 'connected' | 'reconnecting' | 'disconnected';

/** A remote participant event; only agent participants matter to the session. */
export interface ParticipantEvent {
  kind: 'joined' | 'left' | 'attributes';
  identity: string;
  /** True for the voice agent (LiveKit participant kind `AGENT`). */
  isAgent: boolean;
  attributes: Readonly<Record<string, string>>;
}

/** Answers an RPC: receives the request payload and the caller's identity, returns the answer. */
export type RpcHandler = (payload: string, callerIdentity: string) => Promise<string>;

/** What the engine tells the session. */
export interface TransportEvents {
  data: (topic: string, payload: Uint8Array) => void;
  connection: (state: TransportConnectionState, reason?: string) => void;
  participant: (event: ParticipantEvent) => void;
}

/** The realtime engine as the session sees it. */
export interface Transport {
  /** Joins the session; rejects when the engine cannot connect. */
  connect(url: string, token: string): Promise<void>;
  /** Leaves; resolves when left (also when never connected). */
  disconnect(): Promise<void>;
  /** Publishes or mutes the microphone; rejects with the browser's reason when denied. */
  setMicrophoneEnabled(enabled: boolean): Promise<void>;
  /** Sends the visitor's text on topic `rt.chat`. */
  sendText(text: string): Promise<void>;
  /** Publishes a JSON payload on a topic, reliably. */
  publishData(topic: string, payload: unknown): Promise<void>;
  /** Answers an RPC method; registering a method twice replaces nothing and throws. */
  registerToolHandler(method: string, handler: RpcHandler): void;
  unregisterToolHandler(method: string): void;
  /** Calls an RPC method of the agent; rejects on timeout or error. */
  callAgent(method: string, payload: string, timeoutMs: number): Promise<string>;
  /** Listens to the engine; returns the function that stops listening. */
  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void;
  /** The engine's own handle (a LiveKit `Room`), a non-portable extension. */
  readonly engine: unknown;
}
