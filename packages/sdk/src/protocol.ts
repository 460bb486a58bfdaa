/**
 * `@svc/sdk/protocol`: the wire contract as a page uses it, re-exported from `@svc/protocol`:
 * every type, and the values a page reads (versions, topics, RPC names and budgets, limits,
 * states, end reasons, feature types and response codes). What only the SDK or the server reads
 * (API paths, storage keys, catalog field roles) stays in `@svc/protocol`, out of this entry's
 * bundle.
 *
 * @packageDocumentation
 */
export type * from '@svc/protocol';
export {
  AGENT_STATES,
  EXPIRY_BUFFER_SECONDS,
  FEATURE_TYPES,
  LIMITS,
  MESSAGE_REFUSED_EVENT,
  PROTOCOL_VERSION,
  RESPONSE_CODES,
  RPC_METHODS,
  SDK_VERSION,
  SESSION_END_REASONS,
  SESSION_STATUSES,
  TIMINGS,
  TOPICS,
  isSuccessCode,
  rpcMethodName,
  toolDataTopic,
  toolTimeouts,
} from '@svc/protocol';
