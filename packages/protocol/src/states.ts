/** Client session statuses. */
export const SESSION_STATUSES = ['idle', 'connecting', 'connected', 'reconnecting', 'ended'] as const;
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
 * `session:end` payload carries no reason of its own.
 */
export const SESSION_END_REASONS = {
  SHUTDOWN: 'shutdown',
  AGENT_DISCONNECTED: 'agent_disconnected',
  TRANSPORT_DISCONNECTED: 'transport_disconnected',
  AGENT_ENDED: 'agent_ended',
} as const;
/** A reason the client names on `session-end` (the agent may send others on `session:end`). */
export type SessionEndReason = (typeof SESSION_END_REASONS)[keyof typeof SESSION_END_REASONS];

/**
 * Reasons the agent puts in its `session:end` payload and stores as the conversation's end reason.
 */
export const AGENT_END_REASONS = {
  /** The model called the `workflow:conversation:end` tool. */
  COMPLETED: 'completed',
  /** The visitor asked to end through `session:control`. */
  USER_REQUESTED: 'user_requested',
  /** No `config_ack` arrived within the handshake budget. */
  CONFIG_TIMEOUT: 'config_timeout',
  /** The visitor left the room. */
  VISITOR_LEFT: 'visitor_left',
  /** The agent process was told to stop. */
  AGENT_SHUTDOWN: 'agent_shutdown',
  /** The agent failed and could not go on. */
  AGENT_ERROR: 'agent_error',
} as const;

/** Error codes of `SvcError`. */
export const SVC_ERROR_CODES = [
  'IDENTIFY_FAILED',
  'SESSION_START_FAILED',
  'CONNECTION_LOST',
  'MIC_PERMISSION_DENIED',
  'TOOL_TIMEOUT',
  'AGENT_UNAVAILABLE',
] as const;
/** An error code of `SvcError`. */
export type SvcErrorCode = (typeof SVC_ERROR_CODES)[number];
