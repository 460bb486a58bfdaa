import { describe, expect, it } from 'vitest';
import { ADMIN, seedFixture } from './test-fixtures.js';
import { startTestApi } from './testing/index.js';

// Per-address limits count the address a client cannot choose: the socket's, unless the operator
// names the proxies in front of the API (`SVC_TRUST_PROXY`).
async function wrongLogins(trustProxy: boolean | number | undefined, count: number) {
  const api = await startTestApi({
    seed: seedFixture,
    ...(trustProxy === undefined ? {} : { app: { trustProxy } }),
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const answer = await api.app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        payload: { email: ADMIN.email, password: 'not the password at all' },
        // A new address every time, as a client escaping the limit would claim.
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(answer.statusCode);
    }
    return statuses;
  } finally {
    await api.close();
  }
}

describe('the client address behind proxies', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted: the sign-in limit holds', async () => {
    const statuses = await wrongLogins(undefined, 21);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('counts the address a trusted proxy names', async () => {
    const statuses = await wrongLogins(1, 21);
    expect(statuses.every((status) => status === 401)).toBe(true);
  });
});
