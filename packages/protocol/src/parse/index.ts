/**
 * `@svc/protocol/parse`: dependency-free parsers for every payload that crosses the wire. Each
 * returns `{ ok: true, value }` or `{ ok: false, error }` with an error that names the failing path
 * (`features[2].tools[0].name: expected string, got number`). Unknown fields are kept; `null` in an
 * optional field counts as absent.
 *
 * @packageDocumentation
 */
export type { ParseResult } from './reader.js';
export * from './config.js';
export * from './from-agent.js';
export * from './from-frontend.js';
export * from './event-fire.js';
export * from './feature-tool-result.js';
export * from './http.js';
export * from './requests.js';
export * from './decode.js';
export * from './curate-config.js';

/** The parser of `state:update`: a restore state. */
export { parseRestoreState as parseStateUpdatePayload } from './config.js';
