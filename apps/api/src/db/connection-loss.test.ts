// PostgreSQL closing a connection the API holds (a restart, a failover, an operator's
// pg_terminate_backend) while no query runs on it: the API process lives on, the request that
// held it answers 503, and the next one gets a new connection.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postgresForSuite, type SuitePostgres } from '../test-harness.js';
import { DatabaseUnavailableError, openDatabase, type OpenDatabase } from './database.js';

let postgres: SuitePostgres;
let database: OpenDatabase;

beforeAll(async () => {
  postgres = await postgresForSuite();
  database = openDatabase(postgres.url);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await postgres?.stop();
});

/** Ends the server side of the connection whose backend is `pid`, from another connection. */
async function terminate(pid: number): Promise<void> {
  const operator = new pg.Client({ connectionString: postgres.url });
  await operator.connect();
  try {
    await operator.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await operator.end();
  }
}

it('a connection closed by the server between two queries of a transaction does not end the process', async () => {
  // Node ends the process on an `error` event nobody listens to; vitest reports it as an error.
  const uncaught: unknown[] = [];
  const hear = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', hear);
  try {
    const held = database.db.transaction().execute(async (transaction) => {
      const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(
        transaction,
      );
      await terminate(rows[0]!.pid);
      // The server's notice and the closed socket reach the idle client meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`SELECT 1`.execute(transaction);
    });
    await expect(held).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(uncaught).toEqual([]);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  } finally {
    process.off('uncaughtException', hear);
  }
});
