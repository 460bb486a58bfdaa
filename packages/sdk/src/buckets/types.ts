import type { Bucket, BucketAddRequest, BucketLine } from '@svc/protocol/content';
import type { VisitorCallOptions } from '../client/visitor-call.js';
import type { SvcError } from '../errors.js';

/** Which line of a bucket: a {@link BucketLine} fits, so a cart row can be passed as it is. */
export type BucketItemRef = Pick<BucketLine, 'collection_id' | 'item_id'>;

/** Options of every {@link BucketClient} call. */
export interface BucketRequestOptions {
  /** Aborts the call: it rejects with the signal's reason, as `fetch` does. */
  signal?: AbortSignal;
}

/** Options of {@link createBucketClient}. */
export type BucketClientOptions = VisitorCallOptions;

/**
 * The visitor's buckets (`cart`, `wishlist`, ...) on `/v1/visitor/buckets`. Every change answers
 * the whole bucket, as the API does, and updates the client's {@link BucketStore} of that bucket.
 */
export interface BucketClient {
  /** Every bucket of the visitor. */
  list(options?: BucketRequestOptions): Promise<Bucket[]>;
  /** One bucket; empty (no items) when it does not exist yet. */
  get(name: string, options?: BucketRequestOptions): Promise<Bucket>;
  /** Adds `quantity` (default 1) of an item; an item already there gets the sum. */
  add(name: string, item: BucketAddRequest, options?: BucketRequestOptions): Promise<Bucket>;
  /** Sets a line's quantity (0 to 999); 0 removes the line. */
  setQuantity(
    name: string,
    item: BucketItemRef,
    quantity: number,
    options?: BucketRequestOptions,
  ): Promise<Bucket>;
  /** Removes a line. */
  remove(name: string, item: BucketItemRef, options?: BucketRequestOptions): Promise<Bucket>;
  /** Empties a bucket. */
  clear(name: string, options?: BucketRequestOptions): Promise<Bucket>;
  /** The observable store of one bucket: the same object for the same name. */
  store(name: string): BucketStore;
}

/** What a {@link BucketStore} holds; a new object whenever something changed. */
export interface BucketSnapshot {
  /** The bucket as the API last answered it; null before the first answer. */
  readonly bucket: Bucket | null;
  /** A refresh is running. */
  readonly loading: boolean;
  /** The last refresh's failure; cleared by the next answer. */
  readonly error: SvcError | null;
}

/**
 * One bucket as observable state, for `useSyncExternalStore(store.subscribe, store.getSnapshot)`.
 * It takes every answer its client gets for the bucket, so a change made anywhere through the
 * client shows at once; {@link BucketStore.refresh} reads it again (after the agent changed it).
 */
export interface BucketStore {
  /** The bucket's name. */
  readonly name: string;
  /** Calls `listener` after every change of the snapshot; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot. */
  getSnapshot(): BucketSnapshot;
  /**
   * Reads the bucket from the API. Resolves with it, or rejects with the failure, which the
   * snapshot's `error` also shows.
   */
  refresh(options?: BucketRequestOptions): Promise<Bucket>;
}
