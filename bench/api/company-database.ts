// A fresh database for one measurement: a file of its own on SQLite, a cluster of its own on
// PostgreSQL, migrated, with one company; removed when the measurement ends, whatever happens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, startPostgres, type OpenDatabase } from '@svc/api/testing';

/** The dialects every API benchmark measures. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Runs `measure` on a fresh migrated database of `dialect` holding one company named `company`,
 * then closes and removes the database; answers what `measure` answers.
 */
export async function onCompanyDatabase<T>(
  dialect: Dialect,
  company: string,
  measure: (database: OpenDatabase, companyId: number) => Promise<T>,
): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), `${company}-`));
  const postgres = dialect === 'postgres' ? await startPostgres() : undefined;
  const database = openDatabase(postgres ? postgres.url : join(folder, 'bench.db'));
  try {
    await migrate(database);
    const { id: companyId } = await database.db
      .insertInto('companies')
      .values({ name: company, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await measure(database, companyId);
  } finally {
    await database.close();
    await postgres?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
