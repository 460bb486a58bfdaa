// Internal to the platform (the API and the agent): how they reach an address a tenant chose.
export {
  guardedFetch,
  type FetchLike,
  type GuardedFetchOptions,
  type Resolve,
} from './guarded-fetch.js';
export {
  cappedRequest,
  readCappedBody,
  type CappedBody,
  type CappedRequest,
  type CappedResponse,
} from './capped-request.js';
export { WebhookError, type WebhookErrorCode } from '../webhook-error.js';
