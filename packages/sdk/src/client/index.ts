/**
 * `@svc/sdk/client`: the HTTP client of the public API and the visitor identity it stores.
 *
 * @packageDocumentation
 */
export { createSvcClient } from './client.js';
export { getCompanyIdFromToken, getJWTExpiry, isTokenExpired } from './jwt.js';
export type {
  GetValidUserTokenOptions,
  StorageAdapter,
  SignedExternalId,
  SvcClient,
  SvcClientConfig,
  StartSessionOptions,
} from './types.js';
export { SvcError } from '../errors.js';
