import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/index.js';

describe('visitor routes', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ app: { publicRateLimit: 3 } });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('answer 429 past the per-IP limit, counted per route', async () => {
    const visitor = await api.visitor('busy');
    const get = (url: string) =>
      api.app.inject({ url, headers: { authorization: `Bearer ${visitor.token}` } });
    const statuses: number[] = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await get('/v1/visitor/collections')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await get('/v1/visitor/collections')).json()).toEqual({
      error: expect.stringMatching(/^rate limited/),
    });
    expect((await get('/v1/visitor/buckets')).statusCode).toBe(200);
  });
});
