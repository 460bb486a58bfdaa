import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, startTestApi } from './testing/index.js';

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

  it('answers 405 to QUERY, a method that carries a body, before reading one', async () => {
    const query = await api.app.inject({ method: 'QUERY', url: '/v1/admin/me' });
    expect(query.statusCode).toBe(405);
    expect(query.headers.allow).toBe('GET');
    const unknown = await api.app.inject({ method: 'QUERY', url: '/v1/nowhere' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 405 on a path another route names literally, 400 on a malformed parameter', async () => {
    const login = await api.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      payload: DEMO_ADMIN,
    });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    // `…/tests/:testId` catches this path for PUT, but it is `…/tests/from-conversation`'s.
    const shadowed = await api.app.inject({
      method: 'PUT',
      url: '/v1/admin/scenarios/1/tests/from-conversation',
      headers,
      payload: { name: 'x', turns: [{ user: 'hi' }] },
    });
    expect(shadowed.statusCode).toBe(405);
    expect(shadowed.headers.allow).toBe('POST');
    expect(shadowed.json()).toEqual({ error: expect.stringContaining('PUT is not allowed') });
    // Not a path of any other route: the parameter is at fault.
    const malformed = await api.app.inject({
      method: 'GET',
      url: '/v1/admin/scenarios/1/tests/abc',
      headers,
    });
    expect(malformed.statusCode).toBe(400);
    // The literal route's own parameter at fault: still its 400, not another route's 405.
    const outOfRange = await api.app.inject({
      method: 'POST',
      url: '/v1/admin/scenarios/2147483648/tests/from-conversation',
      headers,
      payload: { conversation_id: 'x' },
    });
    expect(outOfRange.statusCode).toBe(400);
  });
});
