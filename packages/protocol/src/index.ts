/**
 * `@svc/protocol`: the wire contract of Svc. Types, topic and RPC names, limits, error codes,
 * storage keys, API paths, and dependency-free parsers for every payload that crosses the wire.
 * It imports nothing.
 *
 * @packageDocumentation
 */
export * from './version.js';
export * from './topics.js';
export * from './limits.js';
export * from './states.js';
export * from './features.js';
export * from './api-paths.js';
export * from './storage-keys.js';
export type * from './identity.js';
export type * from './config.js';
export { FIELD_ROLES } from './config.js';
export type * from './messages.js';
export * from './rpc.js';
export * from './message-refusal.js';
