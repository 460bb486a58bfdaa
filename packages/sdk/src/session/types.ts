import type {
  AgentState,
  ConfigPayload,
  ConversationMessage,
  DictationTranscriptPayload,
  SessionMode,
  SessionStatus,
  ToolHandlerContext,
} from '@svc/protocol';
import type { StorageAdapter, SvcClient } from '../client/types.js';
import type { SvcError } from '../errors.js';
import type { Transport } from '../transport/transport.js';
import type { LocalizedSessionConfig } from './localized-features.js';

/** A session tool: gets the model's arguments and a context; its return value goes to the agent. */
export type ToolHandler = (
  args: Record<string, unknown>,
  context: ToolHandlerContext,
) => unknown | Promise<unknown>;

/** Options of the {@link SvcSession} constructor: `apiUrl` or `client` is required. */
export interface SvcSessionOptions {
  apiUrl?: string;
  client?: SvcClient;
  apiPathPrefix?: string;
  storagePrefix?: string;
  storage?: StorageAdapter | null;
  /** The realtime engine; LiveKit by default. Inject a `FakeTransport` in tests. */
  transport?: Transport | (() => Transport | Promise<Transport>);
}

/** Options of `start()`, with the contract's defaults. */
export interface StartOptions {
  /** Publication UUID (required). */
  scenario: string;
  /** BCP-47 tag; the scenario's configured language when omitted. */
  language?: string;
  inputMode?: SessionMode;
  outputMode?: SessionMode;
  /** Publish the microphone (default true; ignored when `inputMode` is `text`). */
  microphone?: boolean;
  /** Stable visitor id; generated and persisted when omitted or null. */
  externalId?: string | null;
  /**
   * The signature of `externalId` from the business's backend, for an application that requires
   * signed identify (`signExternalId` of `@svc/protocol/identify` makes it there).
   */
  externalIdSignature?: { signature: string; expiresAt: number };
  resumeConversationId?: string;
  metadata?: Record<string, unknown>;
  /** Session tools by RPC method name. */
  tools?: Record<string, ToolHandler>;
  /** Aborts the start: it rejects with the signal's reason and opens nothing. */
  signal?: AbortSignal;
}

/** Payload of the `session-end` event. */
export interface SessionEndInfo {
  reason: string;
  /** ISO time of the end: the agent's `ended_at` on `session:end`, else when the client saw it. */
  endedAt: string;
}

/** Events of {@link SvcSession}. */
export interface SvcSessionEvents {
  'status-change': [status: SessionStatus];
  'agent-state': [state: AgentState];
  message: [message: ConversationMessage];
  config: [config: LocalizedSessionConfig];
  'session-end': [info: SessionEndInfo];
  error: [error: SvcError];
  /** Live transcript of a composer dictation (`dictation:transcript`). */
  dictation: [transcript: DictationTranscriptPayload];
}

/** The readable state of a session, as one immutable object (for `useSyncExternalStore`). */
export interface SvcSessionSnapshot {
  readonly status: SessionStatus;
  readonly agentState: AgentState;
  readonly messages: readonly ConversationMessage[];
  /** The curated config, features named in the session's language. */
  readonly config: LocalizedSessionConfig | null;
  readonly rawConfig: ConfigPayload | null;
  readonly conversationId: string | null;
  readonly error: SvcError | null;
}

/**
 * Runs the feature tools of the page (the React `FeatureProvider` registers one). It answers the
 * tools of the config whose `name` it lists; a session tool must not use the same RPC method.
 */
export interface FeatureToolRunner {
  /** Names of the tools this runner answers (as in the config's `ToolConfig.name`). */
  toolNames: readonly string[];
  /** Answers one tool RPC; `code` and `data` go to the agent as they are. */
  run(
    toolName: string,
    requestId: string,
    args: Record<string, unknown>,
    context: ToolHandlerContext,
  ): Promise<{ code: string; data?: unknown }>;
}
