import {
  AGENT_STATE_ATTRIBUTE,
  AGENT_STATES,
  type AgentState,
  type ConversationMessage,
} from '@svc/protocol';
import type { SvcError } from '../errors.js';
import type { SvcSessionSnapshot } from './types.js';

// The rules of a session's readable state. The store itself (the snapshot, `subscribe`,
// `getSnapshot`) is `SvcSession`: see the note on its fields.

/** The state of a session before its first start, and what each start begins from. */
export const INITIAL_SNAPSHOT: SvcSessionSnapshot = Object.freeze({
  status: 'idle',
  agentState: 'idle',
  messages: [],
  config: null,
  rawConfig: null,
  conversationId: null,
  error: null,
});

/**
 * Records a failure on the session: an `SvcError` with `code`, `message` and `cause` becomes the
 * snapshot's `error` and is emitted on `error`.
 */
export type Fail = (code: SvcError['code'], message: string, cause?: unknown) => void;

/** The agent's state as its participant attributes publish it; null when they do not say. */
export function agentStateOf(attributes: Readonly<Record<string, string>>): AgentState | null {
  const value = attributes[AGENT_STATE_ATTRIBUTE];
  if (value === undefined) return null;
  // `initializing` and unknown values read as `idle` (docs/decisions.md).
  return (AGENT_STATES as readonly string[]).includes(value) ? (value as AgentState) : 'idle';
}

/** `messages` with `message` at the end, in place of an earlier message with the same id. */
export function withMessage(
  messages: readonly ConversationMessage[],
  message: ConversationMessage,
): ConversationMessage[] {
  // A message sent again with the same id (marked interrupted, say) replaces the first.
  return [...messages.filter((existing) => existing.id !== message.id), message];
}
