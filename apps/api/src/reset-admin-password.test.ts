import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAuth } from './auth.js';
import { AdminCommandError } from './bootstrap-admin.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { runResetAdminPassword } from './reset-admin-password.js';
import { lockPublicDemoAdmin } from './seed/public-demo-admin.js';
import { DEMO_ADMIN, seedDemo } from './seed/seed-demo.js';
import { TEST_PASSWORD_COST } from './testing/index.js';

const NEW_PASSWORD = 'the operator chose this one';
let database: OpenDatabase;
beforeAll(async () => {
  database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-reset-')), 'svc.db'));
  await migrate(database);
  await seedDemo(database, { passwordCost: TEST_PASSWORD_COST });
}, 60_000);
afterAll(() => database?.close());

const signIn = (password: string) =>
  createAdminAuth(database, { passwordCost: TEST_PASSWORD_COST })
    .login(DEMO_ADMIN.email, password)
    .then(
      (session) => session.token,
      () => undefined,
    );
const signedIn = async (token: string) =>
  Boolean(
    await database.db
      .selectFrom('admin_sessions')
      .select('admin_id')
      .where('expires_at', '>', new Date().toISOString())
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirst(),
  );

describe('in production, the demo admin with the public password', () => {
  it('is locked out at start, its sessions ended; the host gives it a password of its own', async () => {
    const session = await signIn(DEMO_ADMIN.password);
    expect(session).toBeDefined();
    expect(await lockPublicDemoAdmin(database)).toBe(true);
    expect(await signIn(DEMO_ADMIN.password)).toBeUndefined();
    expect(await signedIn(session ?? '')).toBe(false);
    // A second replica starting finds it done.
    expect(await lockPublicDemoAdmin(database)).toBe(false);

    const line = await runResetAdminPassword(
      ['--email', DEMO_ADMIN.email.toUpperCase()],
      async () => NEW_PASSWORD,
      database,
    );
    expect(JSON.parse(line)).toEqual({
      admin_id: expect.any(Number),
      email: DEMO_ADMIN.email,
      sessions_ended: 0,
    });
    expect(line).not.toContain(NEW_PASSWORD);
    const own = await signIn(NEW_PASSWORD);
    expect(own).toBeDefined();
    // A password of its own is not the public one: nothing is locked.
    expect(await lockPublicDemoAdmin(database)).toBe(false);
    expect(await signedIn(own ?? '')).toBe(true);
  });

  it('reset-admin-password ends every session, and refuses an unknown email or a short password', async () => {
    const session = await signIn(NEW_PASSWORD);
    const reset = await runResetAdminPassword(
      ['--email', DEMO_ADMIN.email],
      async () => `${NEW_PASSWORD} again`,
      database,
    );
    expect(JSON.parse(reset).sessions_ended).toBeGreaterThanOrEqual(1);
    expect(await signedIn(session ?? '')).toBe(false);
    for (const [argv, password, message] of [
      [['--email', 'nobody@shop.example'], NEW_PASSWORD, /no admin has the email/],
      [['--email', DEMO_ADMIN.email], 'short', /password: at least 10 characters/],
      [[], NEW_PASSWORD, /usage: reset-admin-password/],
    ] as const) {
      const attempt = runResetAdminPassword([...argv], async () => password, database);
      await expect(attempt).rejects.toBeInstanceOf(AdminCommandError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await signIn(`${NEW_PASSWORD} again`)).toBeDefined();
  });
});
