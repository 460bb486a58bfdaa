/**
 * `@svc/protocol/agent`: the contract between the Platform API and the voice agent (room metadata,
 * the runtime config, the agent API's paths and bodies, and their parsers), kept out of the main
 * entry so browsers do not download it. Zero dependencies, like the rest of the package.
 *
 * @packageDocumentation
 */
export * from './end-reasons.js';
export * from './handshake.js';
export * from './room.js';
export * from './paths.js';
export * from './message-batches.js';
export * from './tool-defaults.js';
export * from './tool-parameters.js';
export * from './webhook-tools.js';
export * from './provider-settings.js';
export * from './public-address.js';
export * from './capabilities.js';
export * from './scenario-languages.js';
export type * from './runtime-config.js';
// The agent's tools still name items through this entry; the content shapes live in
// `@svc/protocol/content`.
export type { Item } from '../content/shapes.js';
export * from './conversation-api.js';
export * from './parse.js';
export * from './tool-result.js';
export * from './field-roles.js';
export * from './compound-heads.js';
export * from './analysis.js';
export type { ParseResult } from '../parse/reader.js';
