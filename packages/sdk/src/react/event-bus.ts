import type { ConfigPayload, ConversationMessage, RpcToolResponse } from '@svc/protocol';
import { Emitter } from '../session/emitter.js';

/** Events of the scoped event bus, as the contract lists them. */
export interface SvcBusEvents {
  /** The raw `config` payload (the session's own `config` event carries the curated one). */
  config: [config: ConfigPayload];
  'message:new': [message: ConversationMessage];
  'session:end': [info: { reason: string }];
  /** A feature tool RPC arrived. */
  'tool:execute': [event: { toolName: string; requestId: string; args: Record<string, unknown> }];
  /** A feature tool answered. */
  'tool:response': [event: { requestId: string; response: RpcToolResponse }];
  /** A feature tool failed (threw or returned an invalid result). */
  'tool:error': [event: { requestId: string; toolName: string; error: unknown }];
  /** A feature panel was shown. */
  'feature:show': [event: { reason: string; toolName: string; requestId: string }];
  /** A tool result carried suggestions to show. */
  'suggestions:show': [event: { suggestions: unknown[] }];
  /** Emitted by the application to reset the feature runtime. */
  'conversation:reset': [];
}

/**
 * The event bus of one `SvcProvider`: scoped to it (no global object), so two providers on a page
 * never hear each other.
 */
export class SvcEventBus extends Emitter<SvcBusEvents> {}
