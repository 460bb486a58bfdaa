import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { adminCaller, adminToken, describeOnBothDialects } from '../test-harness.js';

// OWASP API2 for admin credentials: an expired session, a forged token with the right prefix, or a
// revoked key opens nothing, and signing out ends the session (401 `{ error }` each time).

describeOnBothDialects('admin credentials', (harness) => {
  const call = adminCaller(() => harness().app);
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
  const refused = { status: 401, body: { error: expect.any(String) } };

  it('an expired session token is refused, though it was valid a moment before', async () => {
    const token = await adminToken(harness().app);
    expect((await call('GET', '/me', token)).status).toBe(200);
    await harness()
      .fixture.database.db.updateTable('admin_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect(await call('GET', '/me', token)).toEqual(refused);
  });

  it('a token with a credential prefix but not issued, and a revoked key, are refused', async () => {
    const token = await adminToken(harness().app);
    expect(await call('GET', '/me', `svc_as_${'A'.repeat(43)}`)).toEqual(refused);
    expect(await call('GET', '/me', `svc_sk_${'A'.repeat(32)}`)).toEqual(refused);
    const key = (await call('POST', '/api-keys', token, { name: 'short-lived' })).body as {
      id: number;
      key: string;
    };
    expect((await call('GET', '/applications', key.key)).status).toBe(200);
    expect((await call('DELETE', `/api-keys/${key.id}`, token)).status).toBe(204);
    expect(await call('GET', '/applications', key.key)).toEqual(refused);
  });

  it('signing out ends the session', async () => {
    const token = await adminToken(harness().app);
    expect((await call('POST', '/logout', token)).status).toBeLessThan(300);
    expect(await call('GET', '/me', token)).toEqual(refused);
  });
});
