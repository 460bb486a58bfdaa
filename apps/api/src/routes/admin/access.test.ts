import { expect, it } from 'vitest';
import { ADMIN, seedFixture } from '../../test-fixtures.js';
import { adminCaller, describeOnBothDialects } from '../../test-harness.js';
import { startTestApi } from '../../testing/index.js';

// Sign-up, the company's admins and who may manage them, on SQLite and on PostgreSQL.
describeOnBothDialects('admin access', (harness) => {
  const call = adminCaller(() => harness().app);

  it('sign-up creates a company and its admin, signed in; the email is then taken', async () => {
    const email = `owner-${harness().dialect}@newco.example`;
    const signup = { company_name: 'Newco', email, password: 'a long enough password' };
    const created = await call('POST', '/signup', undefined, signup);
    expect(created).toMatchObject({
      status: 201,
      body: { token: expect.stringMatching(/^svc_as_/), company_id: expect.any(Number) },
    });
    expect(created.body.company_id).not.toBe(harness().fixture.companyId);
    const me = await call('GET', '/me', created.body.token);
    expect(me.body).toMatchObject({ company: { name: 'Newco' }, admin: { email } });
    // A new company starts empty.
    expect((await call('GET', '/applications', created.body.token)).body).toEqual({
      applications: [],
      next_offset: null,
    });
    const login = await call('POST', '/login', undefined, { email, password: signup.password });
    expect(login.body.company_id).toBe(created.body.company_id);
    expect(
      await call('POST', '/signup', undefined, { ...signup, email: email.toUpperCase() }),
    ).toMatchObject({
      status: 409,
      body: { error: expect.any(String) },
    });
    expect(
      (await call('POST', '/signup', undefined, { ...signup, password: 'short' })).body,
    ).toEqual({
      error: 'password: at least 10 characters',
    });
    expect(
      (await call('POST', '/signup', undefined, { ...signup, email: 'not-an-email' })).status,
    ).toBe(400);
  });

  it('admins: listed, added, removed with their sessions; never the last one; never by an API key', async () => {
    const token = (await call('POST', '/login', undefined, ADMIN)).body.token as string;
    const added = await call('POST', '/admins', token, {
      email: `second-${harness().dialect}@acme.example`,
      password: 'another long password',
    });
    expect(added).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const listed = await call('GET', '/admins', token);
    expect(listed.body.admins.map((admin: { email: string }) => admin.email)).toEqual([
      ADMIN.email,
      `second-${harness().dialect}@acme.example`,
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('scrypt');
    const second = (
      await call('POST', '/login', undefined, {
        email: `second-${harness().dialect}@acme.example`,
        password: 'another long password',
      })
    ).body.token as string;
    expect((await call('DELETE', `/admins/${added.body.id}`, token)).status).toBe(204);
    expect((await call('GET', '/me', second)).status).toBe(401);
    const self = (await call('GET', '/me', token)).body.admin.id as number;
    expect((await call('DELETE', `/admins/${self}`, token)).status).toBe(409);
    // Not the last admin, but the signed-in one: another admin removes them.
    const third = await call('POST', '/admins', token, {
      email: `third-${harness().dialect}@acme.example`,
      password: 'another long password',
    });
    expect(await call('DELETE', `/admins/${self}`, token)).toMatchObject({
      status: 409,
      body: { error: expect.stringContaining('cannot remove themselves') },
    });
    expect((await call('GET', '/me', token)).status).toBe(200);
    expect((await call('DELETE', `/admins/${third.body.id}`, token)).status).toBe(204);
    const other = (
      await call('POST', '/login', undefined, { ...ADMIN, email: 'admin@other.example' })
    ).body.token as string;
    expect((await call('DELETE', `/admins/${self}`, other)).status).toBe(404);
    const key = (await call('POST', '/api-keys', token, { name: 'automation' })).body;
    expect((await call('GET', '/admins', key.key)).status).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/admins', { email: 'x@acme.example', password: 'long enough password' }],
      ['DELETE', `/admins/${self}`, undefined],
      ['POST', '/api-keys', { name: 'another' }],
      ['DELETE', `/api-keys/${key.id}`, undefined],
    ] as const) {
      expect(await call(method, url, key.key, payload)).toMatchObject({
        status: 403,
        body: { error: expect.stringContaining('API key') },
      });
    }
  });
});

it('sign-up answers 403 when the server has it off', async () => {
  const api = await startTestApi({ seed: seedFixture, app: { signup: false } });
  try {
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/admin/signup',
      payload: { company_name: 'Nope', email: 'a@b.example', password: 'a long enough password' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/sign-up is off/);
  } finally {
    await api.close();
  }
}, 180_000);
