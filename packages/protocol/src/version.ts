/** Version of the client SDK that speaks this protocol. */
export const SDK_VERSION = '0.3.0';

/**
 * Version of the wire protocol (topics, payloads, RPC methods). It changes only when a payload
 * changes incompatibly; `restore_state` carries a version number of its own.
 */
export const PROTOCOL_VERSION = 1;
