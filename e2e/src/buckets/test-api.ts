// The real Platform API on a loopback port, a fresh visitor per test, and a server that never
// answers, for the bucket tests. Excluded from the build by its name.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoProducts, startTestApi, type ListeningTestApi } from '@svc/api/testing';
import { afterAll, beforeAll } from 'vitest';
import { createSvcClient } from '@svc/sdk/client';
import { TestStorage } from '@svc/sdk/testing';
import { SvcError } from '@svc/sdk';
import { createBucketClient } from '@svc/sdk/buckets';
import type { BucketClientOptions } from '@svc/sdk/buckets';

/**
 * Runs the API with the demo seed for the tests of the calling file: started before them (handed
 * to `started`), closed after them.
 */
export function useBucketApi(started: (api: ListeningTestApi) => void): void {
  let running: ListeningTestApi | undefined;
  beforeAll(async () => {
    running = await startTestApi({ listen: true });
    started(running);
  });
  afterAll(() => running?.close());
}

/** Two items of the demo collection. */
export const [FIRST_ITEM, SECOND_ITEM] = demoProducts().map((product) => product.id) as [
  string,
  string,
];

/** A new visitor (fresh storage) with a client and a bucket client on `api`. */
export function visitor(api: ListeningTestApi, options: Partial<BucketClientOptions> = {}) {
  const storage = new TestStorage();
  const client = createSvcClient({ apiUrl: api.url, storage });
  const buckets = createBucketClient({
    client,
    scenario: api.seeded.publicationUuid,
    ...options,
  });
  return { storage, client, buckets };
}

/**
 * A bucket client of the visitor stored in `storage` whose calls go to `apiUrl`: the stored
 * identity is valid, so no identify goes there, only the bucket calls.
 */
export function sameVisitorAt(
  api: ListeningTestApi,
  storage: TestStorage,
  apiUrl: string,
  options: Partial<BucketClientOptions> = {},
) {
  return createBucketClient({
    client: createSvcClient({ apiUrl, storage }),
    scenario: api.seeded.publicationUuid,
    ...options,
  });
}

/** A line of the demo collection, as `add` takes it. */
export function line(api: ListeningTestApi, itemId: string, quantity?: number) {
  return {
    collection_id: api.seeded.collection_id,
    item_id: itemId,
    ...(quantity === undefined ? {} : { quantity }),
  };
}

/** The rejection of `promise`, checked to be an `SvcError`. */
export async function svcRejection(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  if (!SvcError.isInstance(error)) throw new Error(`expected an SvcError, got ${String(error)}`);
  return error;
}

/** A loopback HTTP server that takes requests and never answers them. */
export async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
