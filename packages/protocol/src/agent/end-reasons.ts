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
  /** The conversation reached its application's longest duration. */
  MAX_DURATION: 'max_duration',
  /** Nothing came from the visitor for the application's idle timeout. */
  IDLE_TIMEOUT: 'idle_timeout',
} as const;

/** An end reason the agent records; the API accepts other strings too. */
export type AgentEndReason = (typeof AGENT_END_REASONS)[keyof typeof AGENT_END_REASONS];
