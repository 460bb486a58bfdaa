import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from './testing/index.js';

// A path that exists under other methods answers 405 with those methods in `Allow`; a path that
// does not exist answers 404. Both with `{ error }`.
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('methods a route does not declare', () => {
  it('answers 405 with Allow for a known path, 404 for an unknown one', async () => {
    const put = await api.app.inject({ method: 'PUT', url: '/v1/admin/applications' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow?.toString().split(', ').sort()).toEqual(['GET', 'POST']);
    expect(put.json()).toEqual({ error: expect.stringContaining('PUT is not allowed') });

    const withParameter = await api.app.inject({ method: 'PUT', url: '/v1/public/token?x=1' });
    expect(withParameter.statusCode).toBe(405);
    expect(withParameter.headers.allow).toBe('POST');

    const unknown = await api.app.inject({ method: 'DELETE', url: '/v1/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'no route DELETE /v1/nowhere' });
    // A CORS preflight is answered, not refused.
    const preflight = await api.app.inject({
      method: 'OPTIONS',
      url: '/v1/public/token',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBeLessThan(300);
  });
});
