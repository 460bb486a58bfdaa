/** Client session statuses. */
export const SESSION_STATUSES = [
  'idle',
  'connecting',
  'connected',
  'reconnecting',
  'ended',
] as const;
/** A client session status. */
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Agent states, read from the agent participant's `lk.agent.state` attribute. */
export const AGENT_STATES = ['idle', 'listening', 'thinking', 'speaking'] as const;
/** An agent state. */
export type AgentState = (typeof AGENT_STATES)[number];

/** Name of the Transport participant attribute that carries the agent state. */
export const AGENT_STATE_ATTRIBUTE = 'lk.agent.state';

/**
 * Reasons on the client's `session-end` event. `agent_ended` is used when the agent's
 * `session:end` payload carries no reason of its own; `agent_unavailable` when no agent joined.
 */
export const SESSION_END_REASONS = {
  SHUTDOWN: 'shutdown',
  AGENT_DISCONNECTED: 'agent_disconnected',
  TRANSPORT_DISCONNECTED: 'transport_disconnected',
  AGENT_ENDED: 'agent_ended',
  AGENT_UNAVAILABLE: 'agent_unavailable',
} as const;
/** A reason the client names on `session-end` (the agent may send others on `session:end`). */
export type SessionEndReason = (typeof SESSION_END_REASONS)[keyof typeof SESSION_END_REASONS];

/**
 * Error codes of `SvcError`: `start()` throws the first two; after connection the others are
 * emitted on `error`.
 */
export type SvcErrorCode =
  | 'IDENTIFY_FAILED'
  | 'SESSION_START_FAILED'
  | 'CONNECTION_LOST'
  | 'MIC_PERMISSION_DENIED'
  | 'TOOL_TIMEOUT'
  | 'AGENT_UNAVAILABLE'
  /** The agent refused a message the visitor sent (too many a minute, or too large). */
  | 'MESSAGE_REFUSED';
