import type { ListeningTestApi } from '@svc/api/testing';
import { describe, expect, it } from 'vitest';
import type { BucketSnapshot } from '@svc/sdk/buckets';
import { FIRST_ITEM, SECOND_ITEM, line, useBucketApi, svcRejection, visitor } from './test-api.js';

let api: ListeningTestApi;
useBucketApi((started) => (api = started));

/** A visitor whose bucket calls are counted, and every snapshot its cart store published. */
function watched(options: Parameters<typeof visitor>[1] = {}) {
  const requests: string[] = [];
  const made = visitor(api, {
    fetch: (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
    ...options,
  });
  const cart = made.buckets.store('cart');
  const snapshots: BucketSnapshot[] = [];
  cart.subscribe(() => snapshots.push(cart.getSnapshot()));
  return { ...made, cart, requests, snapshots };
}

describe('BucketStore', () => {
  it('is one store per bucket name, empty until its first answer', () => {
    const { buckets, cart } = watched();
    expect(buckets.store('cart')).toBe(cart);
    expect(buckets.store('wishlist')).not.toBe(cart);
    expect(cart.name).toBe('cart');
    expect(cart.getSnapshot()).toEqual({ bucket: null, loading: false, error: null });
  });

  it('refresh loads the bucket, showing loading meanwhile; the snapshot is stable between changes', async () => {
    const { cart, snapshots } = watched();
    const refreshed = await cart.refresh();
    expect(refreshed).toMatchObject({ name: 'cart', items: [] });
    expect(snapshots.map(({ loading, bucket }) => [loading, bucket?.name ?? null])).toEqual([
      [true, null],
      [true, 'cart'],
      [false, 'cart'],
    ]);
    expect(cart.getSnapshot()).toBe(cart.getSnapshot());
    expect(cart.getSnapshot().bucket).toEqual(refreshed);
  });

  it('every change through the client shows at once, from its answer, with no extra request', async () => {
    const { buckets, cart, requests } = watched();
    await buckets.add('cart', line(api, FIRST_ITEM, 2));
    expect(cart.getSnapshot().bucket?.total_quantity).toBe(2);
    const bucket = await buckets.setQuantity('cart', line(api, FIRST_ITEM), 4);
    expect(cart.getSnapshot().bucket).toEqual(bucket);
    await buckets.add('cart', line(api, SECOND_ITEM));
    await buckets.remove('cart', line(api, FIRST_ITEM));
    expect(cart.getSnapshot().bucket?.items.map((item) => item.item_id)).toEqual([SECOND_ITEM]);
    await buckets.add('wishlist', line(api, FIRST_ITEM));
    expect(cart.getSnapshot().bucket?.total_quantity).toBe(1);
    await buckets.list();
    await buckets.clear('cart');
    expect(cart.getSnapshot().bucket?.items).toEqual([]);
    expect(requests.filter((request) => request.startsWith('GET /v1/visitor/buckets/'))).toEqual(
      [],
    );
  });

  it('list updates the stores of the buckets it answers', async () => {
    const writer = visitor(api);
    await writer.buckets.add('cart', line(api, FIRST_ITEM, 3));
    // Another client of the same visitor (another tab) reads the list.
    const reader = watched({ client: writer.client });
    await reader.buckets.list();
    expect(reader.cart.getSnapshot().bucket?.total_quantity).toBe(3);
  });

  it('an answer to a read that started before a change never undoes the change', async () => {
    let releaseReads: () => void = () => {};
    const readsHeld = new Promise<void>((resolve) => (releaseReads = resolve));
    const { buckets, cart } = watched({
      // The API answers the read at once; its answer is handed over only after the change.
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if ((init?.method ?? 'GET') === 'GET') await readsHeld;
        return response;
      },
    });
    const read = cart.refresh();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const added = await buckets.add('cart', line(api, FIRST_ITEM));
    releaseReads();
    expect((await read).items).toEqual([]);
    expect(cart.getSnapshot()).toMatchObject({ bucket: added, loading: false });
  });

  it('a failed refresh shows its SvcError until the next answer; an abort leaves no error', async () => {
    const { buckets } = watched();
    const broken = buckets.store('not a name');
    const error = await svcRejection(broken.refresh());
    expect(broken.getSnapshot()).toMatchObject({ loading: false, error, bucket: null });
    expect(error.status).toBe(400);

    const { cart } = watched();
    const controller = new AbortController();
    controller.abort();
    await expect(cart.refresh({ signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(cart.getSnapshot()).toEqual({ bucket: null, loading: false, error: null });
  });

  it('a failure clears at the next answer', async () => {
    const { client } = visitor(api);
    await client.identifyUser(api.seeded.publicationUuid);
    let offline = true;
    const { cart } = watched({
      client,
      fetch: (url, init) =>
        offline ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init),
    });
    await svcRejection(cart.refresh());
    expect(cart.getSnapshot().error?.code).toBe('CONNECTION_LOST');
    offline = false;
    await cart.refresh();
    expect(cart.getSnapshot()).toMatchObject({ error: null, bucket: { name: 'cart' } });
  });

  it('unsubscribing stops the notifications', async () => {
    const { cart } = watched();
    let calls = 0;
    const stop = cart.subscribe(() => (calls += 1));
    await cart.refresh();
    const seen = calls;
    stop();
    await cart.refresh();
    expect(seen).toBeGreaterThan(0);
    expect(calls).toBe(seen);
  });
});
