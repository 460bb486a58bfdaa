// What an API process does to its database before it serves, run by one process at a time: two
// replicas started together on an empty PostgreSQL would otherwise both run the migrations (and
// race on the migrator's lock row) and both seed the demo (and fail on its unique rows).
import { sql } from 'kysely';
import type { OpenDatabase } from './database.js';

/** The advisory lock's key: any constant the service's other locks do not use. */
const STARTUP_LOCK = 0x5_76_63_01;

/**
 * Runs `work` while holding the database's start-up lock: on PostgreSQL a session advisory lock
 * (other processes wait for it; PostgreSQL frees it when the holder's connection dies), on SQLite
 * nothing (one process owns a SQLite file).
 */
export async function withStartupLock<T>(
  database: OpenDatabase,
  work: () => Promise<T>,
): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
