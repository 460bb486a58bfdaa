import { createTokenService, type ListeningTestApi } from '@svc/api/testing';
import { storageKeys } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import { createSvcClient } from '@svc/sdk/client';
import { createBucketClient } from '@svc/sdk/buckets';
import {
  FIRST_ITEM,
  SECOND_ITEM,
  line,
  sameVisitorAt,
  useBucketApi,
  startSilentServer,
  svcRejection,
  visitor,
} from './test-api.js';

// Every test is a new visitor of the demo publication on the real API, so carts never mix.
let api: ListeningTestApi;
useBucketApi((started) => (api = started));

describe('createBucketClient', () => {
  it('needs a client', () => {
    expect(() => createBucketClient(undefined as never)).toThrow(TypeError);
    expect(() => createBucketClient({} as never)).toThrow(/client/);
  });
});

describe('bucket calls on /v1/visitor/buckets', () => {
  it('get answers an empty bucket when it does not exist yet', async () => {
    const { buckets } = visitor(api);
    const cart = await buckets.get('cart');
    expect(cart).toMatchObject({ name: 'cart', items: [], total_quantity: 0 });
    expect(typeof cart.updated_at).toBe('string');
  });

  it('add answers the whole bucket; adding an item again adds to its quantity', async () => {
    const { buckets } = visitor(api);
    const once = await buckets.add('cart', line(api, FIRST_ITEM));
    expect(once.items).toEqual([
      expect.objectContaining({
        collection_id: api.seeded.collection_id,
        item_id: FIRST_ITEM,
        quantity: 1,
        data: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    await buckets.add('cart', line(api, SECOND_ITEM, 3));
    const again = await buckets.add('cart', line(api, FIRST_ITEM, 2));
    expect(again.items.map((item) => [item.item_id, item.quantity])).toEqual([
      [FIRST_ITEM, 3],
      [SECOND_ITEM, 3],
    ]);
    expect(again.total_quantity).toBe(6);
    expect(await buckets.get('cart')).toEqual(again);
  });

  it('setQuantity sets a line; 0 removes it', async () => {
    const { buckets } = visitor(api);
    await buckets.add('cart', line(api, FIRST_ITEM));
    const five = await buckets.setQuantity('cart', line(api, FIRST_ITEM), 5);
    expect(five.items[0]?.quantity).toBe(5);
    expect(five.total_quantity).toBe(5);
    const none = await buckets.setQuantity('cart', five.items[0]!, 0);
    expect(none).toMatchObject({ items: [], total_quantity: 0 });
  });

  it('remove drops one line (a BucketLine names it) and clear empties the bucket', async () => {
    const { buckets } = visitor(api);
    await buckets.add('cart', line(api, FIRST_ITEM));
    const two = await buckets.add('cart', line(api, SECOND_ITEM, 2));
    const one = await buckets.remove('cart', two.items[0]!);
    expect(one.items.map((item) => item.item_id)).toEqual([SECOND_ITEM]);
    expect(await buckets.clear('cart')).toMatchObject({ name: 'cart', items: [] });
  });

  it('list answers every bucket of the visitor, and only theirs', async () => {
    const { buckets } = visitor(api);
    expect(await buckets.list()).toEqual([]);
    await buckets.add('cart', line(api, FIRST_ITEM));
    await buckets.add('wishlist', line(api, SECOND_ITEM, 4));
    const lists = await buckets.list();
    expect(lists.map((bucket) => [bucket.name, bucket.total_quantity]).sort()).toEqual([
      ['cart', 1],
      ['wishlist', 4],
    ]);
    expect(await visitor(api).buckets.list()).toEqual([]);
  });

  it('names and item ids are URL-encoded into the path', async () => {
    const { buckets } = visitor(api);
    expect((await buckets.get('gift_list-2')).name).toBe('gift_list-2');
    // A slash stays inside the parameter: the API refuses the name, nothing else is reached.
    expect(await svcRejection(buckets.get('a/b'))).toMatchObject({ status: 400 });
  });
});

describe('failures', () => {
  it('an unknown collection or item is CONNECTION_LOST with status 404 and the API message', async () => {
    const { buckets } = visitor(api);
    const collection = await svcRejection(
      buckets.add('cart', { collection_id: 999_999, item_id: FIRST_ITEM }),
    );
    expect(collection).toMatchObject({ code: 'CONNECTION_LOST', status: 404 });
    expect(collection.message).toMatch(/unknown collection 999999/);
    const item = await svcRejection(buckets.add('cart', line(api, 'NO-SUCH-ITEM')));
    expect(item).toMatchObject({ status: 404 });
    const missingLine = await svcRejection(buckets.remove('cart', line(api, FIRST_ITEM)));
    expect(missingLine.message).toMatch(/is not in cart/);
  });

  it('a bad quantity or name is status 400 and changes nothing', async () => {
    const { buckets } = visitor(api);
    await buckets.add('cart', line(api, FIRST_ITEM));
    for (const quantity of [1000, -1, 1.5]) {
      const error = await svcRejection(
        buckets.setQuantity('cart', line(api, FIRST_ITEM), quantity),
      );
      expect(error).toMatchObject({ code: 'CONNECTION_LOST', status: 400 });
      expect(error.message).toMatch(/^PATCH http:\/\/127\.0\.0\.1:\d+\/v1\/visitor\/buckets\/cart/);
    }
    expect(await svcRejection(buckets.add('cart', line(api, FIRST_ITEM, 0)))).toMatchObject({
      status: 400,
    });
    expect(await svcRejection(buckets.get('no spaces'))).toMatchObject({ status: 400 });
    expect((await buckets.get('cart')).total_quantity).toBe(1);
  });

  it('a network failure is CONNECTION_LOST without a status, with the cause', async () => {
    const { storage, client } = visitor(api);
    await client.identifyUser(api.seeded.publicationUuid);
    const closed = await startSilentServer();
    await closed.close();
    const error = await svcRejection(sameVisitorAt(api, storage, closed.url).get('cart'));
    expect(error).toMatchObject({ code: 'CONNECTION_LOST', status: undefined });
    expect(error.message).toMatch(/network error/);
    expect(error.cause).toBeDefined();
  });

  it('a call with no answer in time is CONNECTION_LOST; every promise settles', async () => {
    const { storage, client } = visitor(api);
    await client.identifyUser(api.seeded.publicationUuid);
    const silent = await startSilentServer();
    try {
      const slow = sameVisitorAt(api, storage, silent.url, { timeoutMs: 100 });
      const error = await svcRejection(slow.add('cart', line(api, FIRST_ITEM)));
      expect(error).toMatchObject({ code: 'CONNECTION_LOST' });
      expect(error.message).toMatch(/no answer within 100 ms/);
    } finally {
      await silent.close();
    }
  });

  it('without an identity and without `scenario` it is IDENTIFY_FAILED', async () => {
    const client = createSvcClient({ apiUrl: api.url, storage: null });
    const error = await svcRejection(createBucketClient({ client }).get('cart'));
    expect(error.code).toBe('IDENTIFY_FAILED');
  });

  it('an unknown publication to identify with is IDENTIFY_FAILED with status 404', async () => {
    const client = createSvcClient({ apiUrl: api.url, storage: null });
    const buckets = createBucketClient({ client, scenario: 'no-such-publication' });
    expect(await svcRejection(buckets.list())).toMatchObject({
      code: 'IDENTIFY_FAILED',
      status: 404,
    });
  });
});

describe('abort', () => {
  it('an aborted signal rejects with its reason, before or during the call', async () => {
    const { storage, client, buckets } = visitor(api);
    const before = new AbortController();
    before.abort();
    await expect(buckets.get('cart', { signal: before.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });

    await client.identifyUser(api.seeded.publicationUuid);
    const silent = await startSilentServer();
    try {
      const hanging = sameVisitorAt(api, storage, silent.url);
      const during = new AbortController();
      const pending = hanging.add('cart', line(api, FIRST_ITEM), { signal: during.signal });
      setTimeout(() => during.abort(new Error('left the page')), 50);
      await expect(pending).rejects.toThrow('left the page');
    } finally {
      await silent.close();
    }
  });
});

describe('a token the API refuses', () => {
  const foreign = createTokenService({
    kid: 'foreign',
    secret: 'another-secret-of-at-least-32-chars',
  });
  /** A token for the visitor that looks valid here but that the API's key did not sign. */
  const forge = (userId: number) =>
    foreign.sign({
      sub: String(userId),
      company_id: api.seeded.company_id,
      application_id: api.seeded.application_id,
      scenario_uuid: api.seeded.publicationUuid,
    });

  it('a 401 identifies again once, as the same visitor, and the call goes through', async () => {
    const { storage, client, buckets } = visitor(api);
    const added = await buckets.add('cart', line(api, FIRST_ITEM, 2));
    const key = storageKeys.session(api.seeded.application_id);
    const blob = JSON.parse(storage.getItem(key)!) as { user_id: number };
    const forged = await forge(blob.user_id);
    storage.setItem(key, JSON.stringify({ ...blob, user_token: forged }));

    // The same visitor: the cart added before the token was replaced is still there.
    expect(await buckets.get('cart')).toMatchObject({ items: added.items, total_quantity: 2 });
    const renewed = client.getStoredUserToken(api.seeded.publicationUuid);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(forged);
  });

  it('refused again after identifying again, the call is IDENTIFY_FAILED with status 401', async () => {
    let identifies = 0;
    const client = createSvcClient({
      apiUrl: api.url,
      storage: null,
      fetch: (url, init) => {
        if (String(url).endsWith('/public/token')) identifies += 1;
        return fetch(url, init);
      },
    });
    const identity = await client.identifyUser(api.seeded.publicationUuid);
    const forged = await forge(identity.user_id);
    const sent: string[] = [];
    // Every bucket call carries the forged token, as if the API refused every token it is given.
    const buckets = createBucketClient({
      client,
      scenario: api.seeded.publicationUuid,
      fetch: (url, init) => {
        sent.push(new Headers(init?.headers).get('authorization') ?? '');
        return fetch(url, { ...init, headers: { authorization: `Bearer ${forged}` } });
      },
    });
    const error = await svcRejection(buckets.get('cart'));
    expect(error).toMatchObject({ code: 'IDENTIFY_FAILED', status: 401 });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(`Bearer ${identity.user_token}`);
    // The second call went out after a network identify (a token issued in the same second as
    // the first is the same string, so the count tells it, not the token).
    expect(identifies).toBe(2);
  });
});
