// The shipped backup (deploy/backup/svc-backup.sh) and restore (svc-restore.sh) on a real
// PostgreSQL: the demo is dumped and copied "off the host" by the copy command, restored into a
// fresh database, and found there whole; the API's migrations and sign-in work on the copy.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAdminAuth } from '../auth.js';
import { seedDemo, DEMO_ADMIN } from '../seed/seed-demo.js';
import { startPostgres, type TestPostgres } from '../testing/index.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { migrate } from './migrations.js';

const run = promisify(execFile);
const backupFolder = fileURLToPath(new URL('../../../../deploy/backup/', import.meta.url));
const TABLES = [
  'companies',
  'admins',
  'applications',
  'collections',
  'collection_items',
  'scenarios',
  'publications',
] as const;

let postgres: TestPostgres;
let database: OpenDatabase;
beforeAll(async () => {
  postgres = await startPostgres();
  database = openDatabase(postgres.url);
  await migrate(database);
  await seedDemo(database);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await postgres?.stop();
});

const contents = async (target: OpenDatabase) =>
  Promise.all(
    TABLES.map(async (table) => [
      table,
      Number(
        (
          await target.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ]),
  );

const backup = (env: Record<string, string>) =>
  run('sh', [join(backupFolder, 'svc-backup.sh')], {
    env: { ...process.env, SVC_BACKUP_DATABASE: postgres.url, ...env },
  });

it('backs a real database up, copies it off the host, and restores it whole into a fresh one', async () => {
  const local = mkdtempSync(join(tmpdir(), 'svc-backup-local-'));
  const offHost = mkdtempSync(join(tmpdir(), 'svc-backup-off-host-'));
  const { stdout } = await backup({
    SVC_BACKUP_DIR: local,
    SVC_BACKUP_COPY_COMMAND: `cp "$1" '${offHost}/'`,
  });
  expect(stdout).toMatch(/made and copied off the host/);
  const copies = readdirSync(offHost);
  expect(copies).toEqual([expect.stringMatching(/^svc-\d{8}T\d{6}Z\.dump$/)]);
  expect(readdirSync(local)).toEqual(copies);

  await sql`create database restored`.execute(database.db);
  const restoredUrl = postgres.url.replace(/\/postgres$/, '/restored');
  await run('sh', [
    join(backupFolder, 'svc-restore.sh'),
    join(offHost, copies[0] ?? ''),
    restoredUrl,
  ]);
  const restored = openDatabase(restoredUrl);
  try {
    expect(await contents(restored)).toEqual(await contents(database));
    const uuids = (target: OpenDatabase) =>
      target.db.selectFrom('publications').select('uuid').orderBy('uuid').execute();
    expect(await uuids(restored)).toEqual(await uuids(database));
    // The copy is a database the API runs on: its migrations find nothing to do, and the admin
    // signs in with the password they had.
    await migrate(restored);
    const session = await createAdminAuth(restored).login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(session.token).toMatch(/^svc_as_/);
  } finally {
    await restored.close();
  }
}, 120_000);

it('fails while the dump would stay on the database host only', async () => {
  const local = mkdtempSync(join(tmpdir(), 'svc-backup-local-'));
  const failed = await backup({ SVC_BACKUP_DIR: local, SVC_BACKUP_COPY_COMMAND: '' }).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(failed?.code).toBe(1);
  expect(failed?.stderr).toMatch(/stays on this host only; set SVC_BACKUP_COPY_COMMAND/);
  // The dump is still made, so the next copy has something to take.
  expect(readdirSync(local)).toEqual([expect.stringMatching(/^svc-.*\.dump$/)]);
}, 180_000);
