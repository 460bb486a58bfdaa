import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OpenDatabase } from '../database.js';

/** A table being created, as Kysely's schema builder hands it out. */
export type TableBuilder = ReturnType<Kysely<unknown>['schema']['createTable']>;

/** What a migration needs to know of the database it runs on: the columns that differ by dialect. */
export interface MigrationDialect {
  /** `postgres` or `sqlite`. */
  readonly dialect: OpenDatabase['dialect'];
  /** Adds an integer `id` primary key: `serial` on PostgreSQL, autoincrement on SQLite. */
  readonly id: (table: TableBuilder) => TableBuilder;
  /** The current UTC time as ISO 8601 text with milliseconds, for a column default. */
  readonly now: RawBuilder<unknown>;
}

/**
 * One step of the schema. `name` is what the database records as run and orders the steps, so it
 * never changes once released; `up` runs in a transaction of its own (see `runMigrations`).
 */
export interface SchemaMigration {
  readonly name: string;
  up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void>;
}

/** The column helpers of a dialect. */
export function migrationDialect(dialect: OpenDatabase['dialect']): MigrationDialect {
  return {
    dialect,
    id: (table) =>
      dialect === 'postgres'
        ? table.addColumn('id', 'serial', (column) => column.primaryKey())
        : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement()),
    now:
      dialect === 'postgres'
        ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
        : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  };
}
