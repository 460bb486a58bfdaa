/** The agent's `config` handshake schedule (see `docs/decisions.md`). */
export const HANDSHAKE = {
  /** Delays between `config_request` + `config` resends while no `config_ack` came. */
  CONFIG_RESEND_DELAYS_MS: [1_000, 2_000, 4_000, 8_000],
  /** The agent gives up (and ends the session with `config_timeout`) this long after its first `config`. */
  CONFIG_ACK_GIVE_UP_MS: 20_000,
} as const;
