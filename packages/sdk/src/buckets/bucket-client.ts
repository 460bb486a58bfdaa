import { parseBucket, parseBucketList, type Bucket } from '@svc/protocol/content';
import { visitorCall } from '../client/visitor-call.js';
import { createBucketStore, type FedBucketStore } from './bucket-store.js';
import type { BucketClient, BucketClientOptions, BucketItemRef } from './types.js';

// The visitor's bucket routes, under the API path prefix. They are the agent API's bucket routes
// (`AGENT_API_ENDPOINTS`) with the visitor's scope; written out here, as that table weighs more
// in a page's bundle than the five paths.
const BUCKETS_PATH = '/visitor/buckets';

/**
 * Creates the client of the visitor's buckets (`bucket:list:crud`): list, read, add, set a
 * quantity, remove, clear, each answering the whole bucket as the API does, and one observable
 * {@link BucketStore} per bucket that every answer updates.
 *
 * The visitor token comes from `client` (`getValidUserToken`, or `identifyUser` with `scenario`).
 * A call the API refuses with 401 identifies again once and is sent again. Failures are
 * `SvcError`s: `IDENTIFY_FAILED` when no token can be had, `CONNECTION_LOST` when the call fails
 * (with the HTTP `status` when the API answered: 400 a bad name or quantity, 404 an unknown
 * collection or item, 409 a limit). An aborted call rejects with its signal's reason.
 *
 * @example
 * ```ts
 * const buckets = createBucketClient({ client, scenario: publicationUuid });
 * const cart = buckets.store('cart');
 * await cart.refresh();
 * await buckets.add('cart', { collection_id: 1, item_id: 'TENT-1', quantity: 2 });
 * cart.getSnapshot().bucket?.total_quantity; // 2
 * ```
 */
export function createBucketClient(options: BucketClientOptions): BucketClient {
  const call = visitorCall(options, 'createBucketClient');
  const stores = new Map<string, FedBucketStore>();
  let sequence = 0;

  /**
   * Calls a route of bucket `name` (`suffix` after its path) that answers the bucket, and hands
   * the answer to the bucket's store.
   */
  async function bucketCall(
    method: string,
    name: string,
    suffix: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Bucket> {
    const started = (sequence += 1);
    const path = `${BUCKETS_PATH}/${encodeURIComponent(name)}${suffix}`;
    const bucket = await call(method, path, body, parseBucket, signal);
    stores.get(name)?.accept(started, bucket);
    return bucket;
  }

  const linePath = (item: BucketItemRef) =>
    `/items/${encodeURIComponent(item.collection_id)}/${encodeURIComponent(item.item_id)}`;

  const buckets: BucketClient = {
    async list(request = {}) {
      const started = (sequence += 1);
      const { buckets: list } = await call(
        'GET',
        BUCKETS_PATH,
        undefined,
        parseBucketList,
        request.signal,
      );
      for (const bucket of list) stores.get(bucket.name)?.accept(started, bucket);
      return list;
    },
    get: (name, request = {}) => bucketCall('GET', name, '', undefined, request.signal),
    add: (name, item, request = {}) => bucketCall('POST', name, '/items', item, request.signal),
    setQuantity: (name, item, quantity, request = {}) =>
      bucketCall('PATCH', name, linePath(item), { quantity }, request.signal),
    remove: (name, item, request = {}) =>
      bucketCall('DELETE', name, linePath(item), undefined, request.signal),
    clear: (name, request = {}) => bucketCall('DELETE', name, '/items', undefined, request.signal),
    store(name) {
      let store = stores.get(name);
      if (!store) {
        store = createBucketStore(name, (request) => buckets.get(name, request));
        stores.set(name, store);
      }
      return store;
    },
  };
  return buckets;
}
