import { parseBucket, type Bucket } from '@svc/protocol/agent';
import type { ParseResult } from '@svc/protocol/parse';
import { requestJson } from '../client/http.js';
import { SvcError } from '../errors.js';
import { createBucketStore, type FedBucketStore } from './bucket-store.js';
import type { BucketClient, BucketClientOptions, BucketItemRef } from './types.js';

// The visitor's bucket routes, under the API path prefix. They are the agent API's bucket routes
// (`AGENT_API_ENDPOINTS`) with the visitor's scope; written out here, as that table weighs more
// in a page's bundle than the five paths.
const BUCKETS_PATH = '/visitor/buckets';
const DEFAULT_TIMEOUT_MS = 15_000;

/** Reads the list route's answer, `{ buckets }`, each with the protocol's parser. */
function parseBucketList(value: unknown): ParseResult<Bucket[]> {
  const list = (value as { buckets?: unknown } | null | undefined)?.buckets;
  if (!Array.isArray(list)) return { ok: false, error: 'buckets: expected an array' };
  const buckets: Bucket[] = [];
  for (const [index, entry] of list.entries()) {
    const parsed = parseBucket(entry);
    if (!parsed.ok) return { ok: false, error: `buckets[${index}]: ${parsed.error}` };
    buckets.push(parsed.value);
  }
  return { ok: true, value: buckets };
}

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
  if (typeof options !== 'object' || options === null || typeof options.client !== 'object') {
    throw new TypeError('Svc: createBucketClient needs `client` (from createSvcClient)');
  }
  const { client, scenario } = options;
  const fetcher: typeof fetch = (...args) => (options.fetch ?? fetch)(...args);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stores = new Map<string, FedBucketStore>();
  let sequence = 0;

  async function token(renew: boolean, signal: AbortSignal | undefined): Promise<string> {
    if (renew || scenario === undefined) {
      return client.getValidUserToken({ renew, ...(signal ? { signal } : {}) });
    }
    return (await client.identifyUser(scenario, undefined, signal)).user_token;
  }

  /** One call: the token, the request, and once more with a new token after a 401. */
  async function call<T>(
    method: string,
    path: string,
    body: unknown,
    parse: (value: unknown) => ParseResult<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const url = client.baseUrl + path;
    // The deadline aborts the request with the error to report: `requestJson` rethrows a reason.
    const deadline = new AbortController();
    const forward = () => deadline.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    const timer = setTimeout(
      () =>
        deadline.abort(
          new SvcError('CONNECTION_LOST', `${method} ${url}: no answer within ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
    const send = async (renew: boolean) =>
      requestJson('CONNECTION_LOST', fetcher, method, url, body, parse, {
        token: await token(renew, deadline.signal),
        signal: deadline.signal,
      });
    try {
      try {
        return await send(false);
      } catch (error) {
        if (!SvcError.isInstance(error) || error.status !== 401) throw error;
      }
      return await send(true);
    } catch (error) {
      // Refused again with a new token: the visitor's identity, not the call, is what fails.
      if (!SvcError.isInstance(error) || error.status !== 401) throw error;
      throw new SvcError('IDENTIFY_FAILED', error.message, { cause: error, status: 401 });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

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
      const list = await call('GET', BUCKETS_PATH, undefined, parseBucketList, request.signal);
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
