import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSvcClient } from '../client/client.js';
import { startTestApi } from '../client/test-server.js';
import { TestStorage } from '../client/test-storage.js';
import { SvcError } from '../errors.js';
import { createContentClient } from './content-client.js';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => api.reset());

const PUBLICATION = 'pub-1';
const COLLECTIONS = '/v1/visitor/collections';
const make = (options: { timeoutMs?: number } = {}) => {
  const client = createSvcClient({ apiUrl: api.url, storage: new TestStorage() });
  return createContentClient({ client, scenario: PUBLICATION, ...options });
};
const tent = { id: 'TENT-1', data: { name: 'Ridge 2', price: 249 } };
const collection = { id: 7, name: 'Gear', description: 'Outdoor gear', company_id: 3 };

async function rejection(promise: Promise<unknown>): Promise<SvcError> {
  const error = await promise.then(
    () => expect.fail('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(SvcError.isInstance(error)).toBe(true);
  return error as SvcError;
}

describe('createContentClient', () => {
  it('identifies the visitor with the publication, then reads the collections with its token', async () => {
    api.answer(COLLECTIONS, () => ({ status: 200, body: { collections: [collection] } }));
    expect(await make().collections()).toEqual([collection]);
    expect(api.requests.map((request) => request.path)).toEqual(['/v1/public/token', COLLECTIONS]);
    expect(api.requests[1]?.headers.authorization).toMatch(/^Bearer ey/);
  });

  it('searches, displays and compares on the routes of the collection, with the bodies the API takes', async () => {
    api.answer(`${COLLECTIONS}/7/search`, () => ({
      status: 200,
      body: { items: [tent], limit: 5 },
    }));
    api.answer(`${COLLECTIONS}/7/items/TENT%201`, () => ({
      status: 200,
      body: { ...tent, collection_id: 7, view: { title: 'Ridge 2' } },
    }));
    api.answer(`${COLLECTIONS}/7/compare`, () => ({
      status: 200,
      body: { collection_id: 7, items: [], rows: [{ field: 'price', values: [249, null] }] },
    }));
    const content = make();
    const search = { query: 'tent', filters: { price: { max: 300 } }, sort: { field: 'price' } };
    expect(await content.search(7, search)).toEqual({ items: [tent], limit: 5 });
    expect((await content.item(7, 'TENT 1')).view).toEqual({ title: 'Ridge 2' });
    expect((await content.compare(7, ['TENT-1', 'TENT-2'])).rows).toHaveLength(1);
    const sent = api.requests.filter((request) => request.path.startsWith(COLLECTIONS));
    expect(sent.map((request) => [request.method, request.body])).toEqual([
      ['POST', search],
      ['GET', ''],
      ['POST', { item_ids: ['TENT-1', 'TENT-2'] }],
    ]);
  });

  it('rejects an answer that is not the shape of its route, naming the field', async () => {
    api.answer(`${COLLECTIONS}/7/search`, () => ({
      status: 200,
      body: { items: [{ id: 'TENT-1' }], limit: 5 },
    }));
    const error = await rejection(make().search(7, {}));
    expect(error.code).toBe('CONNECTION_LOST');
    expect(error.message).toContain('items[0].data: required field is missing');
  });

  it("reports the API's refusal with its status, and a 401 as the identity's failure after one retry", async () => {
    api.answer(`${COLLECTIONS}/9/search`, () => ({
      status: 404,
      body: { error: 'unknown collection 9' },
    }));
    const missing = await rejection(make().search(9, {}));
    expect([missing.code, missing.status]).toEqual(['CONNECTION_LOST', 404]);
    expect(missing.message).toContain('unknown collection 9');

    api.answer(COLLECTIONS, () => ({ status: 401, body: { error: 'token expired' } }));
    const refused = await rejection(make().collections());
    expect([refused.code, refused.status]).toEqual(['IDENTIFY_FAILED', 401]);
    expect(api.requests.filter((request) => request.path === COLLECTIONS)).toHaveLength(2);
  });

  it('fails a call with no answer by its deadline, and needs a client', async () => {
    api.answer(COLLECTIONS, () => ({ status: 200, body: { collections: [] }, delayMs: 200 }));
    const late = await rejection(make({ timeoutMs: 20 }).collections());
    expect(late.code).toBe('CONNECTION_LOST');
    expect(late.message).toContain('no answer within 20 ms');
    expect(() => createContentClient({} as never)).toThrow(/createContentClient needs `client`/);
  });
});
