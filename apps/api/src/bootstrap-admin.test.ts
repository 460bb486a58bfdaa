import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAuth } from './auth.js';
import { AdminCommandError, readFirstLine, runBootstrapAdmin } from './bootstrap-admin.js';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { seedDemo } from './seed/seed-demo.js';
import { postgresForSuite, type SuitePostgres } from './test-harness.js';
import { DEMO_ADMIN, startApiProcess, type ApiProcess } from './testing/index.js';

const PASSWORD = 'the operator chose this one';
const sqliteFile = () => join(mkdtempSync(join(tmpdir(), 'svc-bootstrap-')), 'svc.db');
const count = async (database: OpenDatabase, table: 'admins' | 'companies') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(['sqlite', 'postgres'] as const)('bootstrap-admin on %s', (dialect) => {
  let postgres: SuitePostgres | undefined;
  let database: OpenDatabase;
  beforeAll(async () => {
    postgres = dialect === 'postgres' ? await postgresForSuite() : undefined;
    database = openDatabase(postgres?.url ?? sqliteFile());
    await migrate(database);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  });

  it('refuses missing arguments, a bad email and a short password before creating anything', async () => {
    const attempts: [string[], string, RegExp][] = [
      [['--email', 'owner@shop.example'], PASSWORD, /usage: bootstrap-admin/],
      [['--email', 'owner@shop.example', '--company', 'Shop', '--admin'], PASSWORD, /admin/],
      [['--email', 'not an email', '--company', 'Shop'], PASSWORD, /email/],
      [['--email', 'owner@shop.example', '--company', 'Shop'], 'short', /at least 10/],
      [['--email', 'owner@shop.example', '--company', '  '], PASSWORD, /company/],
    ];
    for (const [argv, password, message] of attempts) {
      const attempt = runBootstrapAdmin(argv, async () => password, database);
      await expect(attempt).rejects.toBeInstanceOf(AdminCommandError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect([await count(database, 'admins'), await count(database, 'companies')]).toEqual([0, 0]);
  });

  it('creates the first company and admin once; a second bootstrap is refused', async () => {
    const run = (email: string) =>
      runBootstrapAdmin(
        ['--email', email, '--company', 'Shop Inc'],
        async () => PASSWORD,
        database,
      );
    const line = await run('Owner@Shop.example');
    expect(JSON.parse(line)).toEqual({
      company_id: expect.any(Number),
      admin_id: expect.any(Number),
      email: 'owner@shop.example',
    });
    // What the command prints never holds the password.
    expect(line).not.toContain(PASSWORD);
    const session = await createAdminAuth(database).login('owner@shop.example', PASSWORD);
    expect(session.company_id).toBe(JSON.parse(line).company_id);

    // Once an admin exists the bootstrap cannot be replayed, whatever it names.
    await expect(run('intruder@elsewhere.example')).rejects.toThrow(/an admin exists already/);
    expect([await count(database, 'admins'), await count(database, 'companies')]).toEqual([1, 1]);
  });
});

it('reads the password from the first line of its input', async () => {
  expect(await readFirstLine(Readable.from([`${PASSWORD}\r\nsecond line\n`]))).toBe(PASSWORD);
  expect(await readFirstLine(Readable.from(['no newline at the end']))).toBe(
    'no newline at the end',
  );
});

describe('an API process', () => {
  const livekit = {
    url: 'ws://127.0.0.1:1',
    apiKey: 'key',
    apiSecret: 'livekit-secret-0123456789abcdefghij',
  };
  const started: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((api) => api.stop()));
  });
  const signIn = (api: ApiProcess, credentials: { email: string; password: string }) =>
    fetch(`${api.url}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });

  it('in production starts with no demo and no admin, says how to bootstrap, and the bootstrap admin signs in', async () => {
    const file = sqliteFile();
    const api = await startApiProcess({
      databaseUrl: file,
      livekit,
      env: { NODE_ENV: 'production', SVC_SEED_DEMO: 'off' },
    });
    started.push(api);
    expect((await signIn(api, DEMO_ADMIN)).status).toBe(401);
    const database = openDatabase(file);
    try {
      expect([await count(database, 'admins'), await count(database, 'companies')]).toEqual([0, 0]);
      await runBootstrapAdmin(
        ['--email', 'owner@shop.example', '--company', 'Shop Inc'],
        async () => PASSWORD,
        database,
      );
    } finally {
      await database.close();
    }
    expect((await signIn(api, { email: 'owner@shop.example', password: PASSWORD })).status).toBe(
      200,
    );
    const log = api.log.join('');
    expect(log).toContain('npm run bootstrap-admin');
    expect(log).not.toContain(DEMO_ADMIN.email);
  }, 180_000);

  it('in production locks out a demo admin an earlier version seeded with the public password', async () => {
    const file = sqliteFile();
    const earlier = openDatabase(file);
    try {
      await migrate(earlier);
      await seedDemo(earlier);
    } finally {
      await earlier.close();
    }
    const api = await startApiProcess({
      databaseUrl: file,
      livekit,
      env: { NODE_ENV: 'production', SVC_SEED_DEMO: 'off' },
    });
    started.push(api);
    expect((await signIn(api, DEMO_ADMIN)).status).toBe(401);
    const log = api.log.join('');
    expect(log).toContain(`the demo admin ${DEMO_ADMIN.email} had the public demo password`);
    expect(log).not.toContain(DEMO_ADMIN.password);
  }, 180_000);

  it('seeds the demo only when asked, and never logs its password', async () => {
    const api = await startApiProcess({ databaseUrl: sqliteFile(), livekit });
    started.push(api);
    expect((await signIn(api, DEMO_ADMIN)).status).toBe(200);
    const log = api.log.join('');
    expect(log).toContain(DEMO_ADMIN.email);
    expect(log).not.toContain(DEMO_ADMIN.password);
    expect(log).not.toMatch(/svc_as_/);
  }, 180_000);
});
