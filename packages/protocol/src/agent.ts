/**
 * `@svc/protocol/agent`: vocabulary only the agent side (the agent and the API that stores its
 * results) needs, kept out of the main entry so browsers do not download it.
 *
 * @packageDocumentation
 */

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

/** The agent's `config` handshake schedule (see `docs/decisions.md`). */
export const HANDSHAKE = {
  /** Delays between `config_request` + `config` resends while no `config_ack` came. */
  CONFIG_RESEND_DELAYS_MS: [1_000, 2_000, 4_000, 8_000],
  /** The agent gives up (and ends the session with `config_timeout`) this long after its first `config`. */
  CONFIG_ACK_GIVE_UP_MS: 20_000,
} as const;
