/**
 * `@svc/sdk/client`: the HTTP client of the public API and the visitor identity it stores.
 *
 * @packageDocumentation
 */
export type { StorageAdapter, SvcClient, SvcClientConfig, StartSessionOptions } from './types.js';
export { SvcError } from '../errors.js';
