import type { Bucket } from '@svc/protocol/content';
import { SvcError } from '../errors.js';
import type { BucketRequestOptions, BucketSnapshot, BucketStore } from './types.js';

/** A {@link BucketStore} with the side its client feeds. */
export interface FedBucketStore extends BucketStore {
  /**
   * Takes an answer of the API for this bucket. `sequence` orders the requests as they started:
   * an answer to an older request than the one shown is dropped, so a slow read never undoes a
   * later change.
   */
  accept(sequence: number, bucket: Bucket): void;
}

/** A store of bucket `name` whose refresh reads through `read` (its client's `get`). */
export function createBucketStore(
  name: string,
  read: (options?: BucketRequestOptions) => Promise<Bucket>,
): FedBucketStore {
  const listeners = new Set<() => void>();
  let snapshot: BucketSnapshot = { bucket: null, loading: false, error: null };
  let shownSequence = -1;
  let refreshing = 0;

  const update = (patch: Partial<BucketSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of [...listeners]) listener();
  };

  return {
    name,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    accept(sequence, bucket) {
      if (sequence <= shownSequence) return;
      shownSequence = sequence;
      update({ bucket, error: null });
    },
    async refresh(options) {
      refreshing += 1;
      if (refreshing === 1) update({ loading: true });
      try {
        return await read(options);
      } catch (error) {
        // An abort is the caller's choice, not a state of the bucket.
        if (SvcError.isInstance(error)) update({ error });
        throw error;
      } finally {
        refreshing -= 1;
        if (refreshing === 0) update({ loading: false });
      }
    },
  };
}
