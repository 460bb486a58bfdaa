/**
 * A JWT within this many seconds of its expiry counts as expired (`LIMITS.EXPIRY_BUFFER_SECONDS`).
 * Also a constant of its own: a page that checks tokens bundles it without the other limits.
 */
export const EXPIRY_BUFFER_SECONDS = 90;

/** Timeouts and buffers of the contract, with the names the contract gives them. */
export const LIMITS = {
  /** A JWT within this many seconds of its expiry counts as expired. */
  EXPIRY_BUFFER_SECONDS,
  /** Default timeout of an RPC the agent initiates. */
  AGENT_DEFAULT_MS: 8_000,
  /** Budget of a frontend tool handler (session and feature tools). */
  FRONTEND_TOOL_MS: 10_000,
  /** `svc__ui_activity_check` RPC timeout. */
  UI_ACTIVITY_MS: 3_000,
  /** `composer_start_dictation` RPC timeout. */
  COMPOSER_START_MS: 10_000,
  /** `composer_end_dictation` RPC timeout. */
  COMPOSER_END_MS: 15_000,
  /** `composer_cancel_dictation` RPC timeout. */
  COMPOSER_CANCEL_MS: 8_000,
  /** Grace period after the agent participant leaves before the session ends. */
  AGENT_LEAVE_GRACE_MS: 2_000,
} as const;

/**
 * Timings the contract leaves open, settled in `docs/decisions.md` and shared by the SDK and the
 * agent so both sides of the wire agree.
 */
export const TIMINGS = {
  /** Extra time the agent waits past a tool's handler budget so the frontend's `TIMEOUT` arrives. */
  RPC_RESPONSE_MARGIN_MS: 1_000,
  /** The SDK reports `AGENT_UNAVAILABLE` when no agent `config` arrives this long after connect. */
  AGENT_JOIN_TIMEOUT_MS: 20_000,
  /** Largest RPC payload (request or response) in bytes the Transport carries. */
  MAX_RPC_PAYLOAD_BYTES: 15_360,
} as const;
