/**
 * `@svc/sdk/buckets`: the visitor's buckets (carts, wishlists) on the Platform API, with one
 * observable store per bucket and a helper that refreshes it when the agent changes the cart.
 *
 * @packageDocumentation
 */
export { createBucketClient } from './bucket-client.js';
export { refreshOnCartChange } from './session-sync.js';
export type { CartChangeSource, RefreshOnCartChangeOptions } from './session-sync.js';
export type {
  BucketClient,
  BucketClientOptions,
  BucketItemRef,
  BucketRequestOptions,
  BucketSnapshot,
  BucketStore,
} from './types.js';
export type { Bucket, BucketAddRequest, BucketLine } from '@svc/protocol/content';
export { SvcError } from '../errors.js';
