import { randomBytes, scryptSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../../auth.js';
import { ADMIN } from '../../test-fixtures.js';
import { adminCaller, describeOnBothDialects } from '../../test-harness.js';
import { TEST_PASSWORD_COST } from '../../testing/index.js';

/** A hash made at a lower cost than the API's (here the test kit's), for the upgrade on sign-in. */
const OLD_N = TEST_PASSWORD_COST.N / 2;
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: OLD_N, r: 8, p: 1 });
  return ['scrypt', OLD_N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

it('hashes new passwords with scrypt at N = 2^17, r = 8, p = 1', async () => {
  expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
  const hash = await hashPassword('a long enough password');
  expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
  expect(await verifyPassword('a long enough password', hash)).toBe(true);
  expect(await verifyPassword('another password', hash)).toBe(false);
});

// Changing a password and signing out everywhere, on SQLite and on PostgreSQL.
describeOnBothDialects('admin password and sessions', (harness) => {
  const call = adminCaller(() => harness().app);
  let count = 0;
  // Sign-in is limited to 20 a minute per address: the fixture's admin signs in once.
  let ownerToken: string | undefined;
  /** A fresh admin of the fixture's company, and two sessions of theirs (two devices). */
  async function freshAdmin() {
    count += 1;
    const email = `password-${count}-${harness().dialect}@acme.example`;
    const password = 'the first long password';
    const owner = (ownerToken ??= (await call('POST', '/login', undefined, ADMIN)).body
      .token as string);
    expect((await call('POST', '/admins', owner, { email, password })).status).toBe(201);
    const signIn = async () =>
      (await call('POST', '/login', undefined, { email, password })).body.token as string;
    return { email, password, owner, here: await signIn(), elsewhere: await signIn() };
  }

  it('changes the password with the current one, and ends every other session of that admin', async () => {
    const admin = await freshAdmin();
    const change = { current_password: admin.password, new_password: 'the second long password' };
    expect(await call('POST', '/password', admin.here, change)).toEqual({
      status: 204,
      body: undefined,
    });
    // The device that changed it stays signed in; the other one, and the old password, are out.
    expect((await call('GET', '/me', admin.here)).status).toBe(200);
    expect((await call('GET', '/me', admin.elsewhere)).status).toBe(401);
    expect(
      (await call('POST', '/login', undefined, { email: admin.email, password: admin.password }))
        .status,
    ).toBe(401);
    expect(
      (
        await call('POST', '/login', undefined, {
          email: admin.email,
          password: change.new_password,
        })
      ).status,
    ).toBe(200);
    // Other admins' sessions are theirs.
    expect((await call('GET', '/me', admin.owner)).status).toBe(200);
  });

  it('refuses a wrong current password, a short new one, and an API key, changing nothing', async () => {
    const admin = await freshAdmin();
    expect(
      await call('POST', '/password', admin.here, {
        current_password: 'not the password',
        new_password: 'the second long password',
      }),
    ).toEqual({ status: 403, body: { error: 'the current password is wrong' } });
    expect(
      await call('POST', '/password', admin.here, {
        current_password: admin.password,
        new_password: 'short',
      }),
    ).toEqual({ status: 400, body: { error: 'new_password: at least 10 characters' } });
    const key = (await call('POST', '/api-keys', admin.owner, { name: 'password-test' })).body;
    for (const url of ['/password', '/logout-everywhere'])
      expect(
        await call('POST', url, key.key as string, {
          current_password: ADMIN.password,
          new_password: 'the second long password',
        }),
      ).toMatchObject({ status: 403, body: { error: expect.stringContaining('API key') } });
    expect((await call('GET', '/me', admin.elsewhere)).status).toBe(200);
    expect(
      (await call('POST', '/login', undefined, { email: admin.email, password: admin.password }))
        .status,
    ).toBe(200);
  });

  it('signs the admin out everywhere, this session included, and no one else', async () => {
    const admin = await freshAdmin();
    expect(await call('POST', '/logout-everywhere', admin.here)).toEqual({
      status: 204,
      body: undefined,
    });
    expect((await call('GET', '/me', admin.here)).status).toBe(401);
    expect((await call('GET', '/me', admin.elsewhere)).status).toBe(401);
    expect((await call('GET', '/me', admin.owner)).status).toBe(200);
  });

  it("upgrades a hash of an older cost to the API's on the next successful sign-in", async () => {
    const admin = await freshAdmin();
    const { db } = harness().fixture.database;
    await db
      .updateTable('admins')
      .set({ password_hash: oldHash(admin.password) })
      .where('email', '=', admin.email)
      .execute();
    const stored = async () =>
      (
        await db
          .selectFrom('admins')
          .select('password_hash')
          .where('email', '=', admin.email)
          .executeTakeFirstOrThrow()
      ).password_hash;
    // A wrong password changes nothing; the right one signs in and rehashes.
    expect(
      (await call('POST', '/login', undefined, { email: admin.email, password: 'wrong password' }))
        .status,
    ).toBe(401);
    expect((await stored()).startsWith(`scrypt$${OLD_N}$8$1$`)).toBe(true);
    expect(
      (await call('POST', '/login', undefined, { email: admin.email, password: admin.password }))
        .status,
    ).toBe(200);
    const upgraded = await stored();
    expect(upgraded.startsWith(`scrypt$${TEST_PASSWORD_COST.N}$8$1$`)).toBe(true);
    expect(
      (await call('POST', '/login', undefined, { email: admin.email, password: admin.password }))
        .status,
    ).toBe(200);
    expect(await stored()).toBe(upgraded);
  });
});
