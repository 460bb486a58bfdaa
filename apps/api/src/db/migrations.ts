import { Migrator, type Migration } from 'kysely';
import type { OpenDatabase } from './database.js';
import * as steps from './migrations/index.js';
import { migrationDialect, type SchemaMigration } from './migrations/schema-migration.js';

/**
 * The schema's steps for a dialect, by name. Each step is a file in `migrations/`, listed by one
 * export line in `migrations/index.ts`; the runner orders them by name, not by that list.
 */
export function schemaMigrations(dialect: OpenDatabase['dialect']): Record<string, Migration> {
  const columns = migrationDialect(dialect);
  const list: Record<string, Migration> = {};
  for (const step of Object.values(steps) as SchemaMigration[]) {
    if (step.name in list) throw new Error(`database migration ${step.name} is declared twice`);
    list[step.name] = { up: (db) => step.up(db, columns) };
  }
  return list;
}

/**
 * Brings the schema up to date; safe to run at every start. `to` stops at a named migration
 * (tests of a later migration's data changes start there).
 */
export async function migrate(
  database: OpenDatabase,
  options: { to?: string } = {},
): Promise<void> {
  await runMigrations(database, schemaMigrations(database.dialect), options);
}

/**
 * Runs the pending ones of `list` in name order, each in a transaction of its own with the record
 * that it ran: one that fails leaves the schema and the data as the migration before it left
 * them, and the next start runs it again from its beginning. (Kysely's migrator would put every
 * pending migration in one transaction on PostgreSQL, so a failure undid the ones that had
 * worked; SQLite runs them in a transaction once its adapter says it can, see database.ts.)
 */
export async function runMigrations(
  { db }: OpenDatabase,
  list: Record<string, Migration>,
  options: { to?: string } = {},
): Promise<void> {
  if (options.to !== undefined && !(options.to in list))
    throw new Error(`database migration ${options.to} does not exist`);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const ran = (await migrator.getMigrations()).filter((migration) => migration.executedAt);
  if (options.to !== undefined && ran.some((migration) => migration.name === options.to)) return;
  for (;;) {
    // One step at a time: the migrator reads what ran under its lock, so a replica that migrated
    // meanwhile is not run twice.
    const { error, results = [] } = await migrator.migrateUp();
    const failed = results.find((result) => result.status === 'Error');
    if (error || failed) {
      throw new Error(
        `database migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
        { cause: error },
      );
    }
    const step = results.find((result) => result.status === 'Success');
    if (!step || step.migrationName === options.to) return;
  }
}
