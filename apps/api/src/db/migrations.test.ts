import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../testing/postgres.js';
import { openDatabase, type OpenDatabase } from './database.js';
import { runMigrations } from './migrations.js';

/** Migrations of a throwaway schema; the second one fails after changing schema and data. */
function throwaway(failHalfway: boolean): Record<string, Migration> {
  return {
    '001_shelves': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('shelves')
          .addColumn('name', 'text', (column) => column.primaryKey())
          .execute();
        await sql`insert into shelves (name) values ('left')`.execute(db);
      },
    },
    '002_boxes': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('boxes')
          .addColumn('name', 'text', (column) => column.primaryKey())
          .execute();
        await db.schema
          .alterTable('shelves')
          .addColumn('colour', 'text', (column) => column.notNull().defaultTo('grey'))
          .execute();
        await sql`update shelves set colour = 'red'`.execute(db);
        await sql`insert into shelves (name, colour) values ('right', 'blue')`.execute(db);
        if (failHalfway) throw new Error('the data did not convert');
      },
    },
  };
}

async function tables(database: OpenDatabase): Promise<string[]> {
  const names = (await database.db.introspection.getTables()).map((table) => table.name);
  return names.filter((name) => !name.startsWith('kysely_')).sort();
}

async function ran(database: OpenDatabase): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(database.db);
  return rows.map((row) => row.name);
}

describe('migrations', () => {
  let postgres: TestPostgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
    it('a migration that fails halfway leaves the schema and data at the previous one', async () => {
      const database = openDatabase(
        dialect === 'postgres'
          ? (postgres?.url ?? '')
          : join(mkdtempSync(join(tmpdir(), 'svc-migrations-')), 'svc.db'),
      );
      try {
        await expect(runMigrations(database, throwaway(true))).rejects.toThrow(
          /002_boxes failed: the data did not convert/,
        );
        // 001 stays (in a transaction of its own), 002 left nothing behind.
        expect(await ran(database)).toEqual(['001_shelves']);
        expect(await tables(database)).toEqual(['shelves']);
        const { rows } = await sql`select * from shelves`.execute(database.db);
        expect(rows).toEqual([{ name: 'left' }]);
        // Fixed, it runs again from its beginning.
        await runMigrations(database, throwaway(false));
        expect(await ran(database)).toEqual(['001_shelves', '002_boxes']);
        expect(await tables(database)).toEqual(['boxes', 'shelves']);
        const after = await sql`select name, colour from shelves order by name`.execute(
          database.db,
        );
        expect(after.rows).toEqual([
          { name: 'left', colour: 'red' },
          { name: 'right', colour: 'blue' },
        ]);
      } finally {
        await database.close();
      }
    });
  });
});
