import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import type { OpenDatabase } from './database.js';

/** Builds the migrations for a dialect: ids are `serial` on PostgreSQL, autoincrement on SQLite. */
function migrations(dialect: OpenDatabase['dialect']): Record<string, Migration> {
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (column) => column.primaryKey())
      : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
  const now =
    dialect === 'postgres'
      ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
      : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  return {
    '001_public_api': {
      async up(db) {
        await id(db.schema.createTable('companies'))
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .execute();
        await id(db.schema.createTable('applications'))
          .addColumn('company_id', 'integer', (column) =>
            column.notNull().references('companies.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('allowed_origins', 'text', (column) => column.notNull().defaultTo('[]'))
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .execute();
        await id(db.schema.createTable('scenarios'))
          .addColumn('application_id', 'integer', (column) =>
            column.notNull().references('applications.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('definition', 'text', (column) => column.notNull())
          .addColumn('language', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
          .execute();
        await id(db.schema.createTable('publications'))
          .addColumn('uuid', 'text', (column) => column.notNull().unique())
          .addColumn('scenario_id', 'integer', (column) =>
            column.notNull().references('scenarios.id').onDelete('cascade'),
          )
          .addColumn('label', 'text', (column) => column.notNull())
          .addColumn('snapshot', 'text', (column) => column.notNull())
          .addColumn('published_at', 'text', (column) => column.notNull().defaultTo(now))
          .addUniqueConstraint('publications_scenario_label', ['scenario_id', 'label'])
          .execute();
        await id(db.schema.createTable('visitors'))
          .addColumn('application_id', 'integer', (column) =>
            column.notNull().references('applications.id').onDelete('cascade'),
          )
          .addColumn('external_id', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
          .addUniqueConstraint('visitors_application_external', ['application_id', 'external_id'])
          .execute();
        await db.schema
          .createTable('conversations')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('publication_id', 'integer', (column) =>
            column.notNull().references('publications.id'),
          )
          .addColumn('visitor_id', 'integer', (column) =>
            column.notNull().references('visitors.id'),
          )
          .addColumn('language', 'text', (column) => column.notNull())
          .addColumn('input_mode', 'text', (column) => column.notNull())
          .addColumn('output_mode', 'text', (column) => column.notNull())
          .addColumn('metadata', 'text', (column) => column.notNull().defaultTo('{}'))
          .addColumn('started_at', 'text', (column) => column.notNull().defaultTo(now))
          .addColumn('ended_at', 'text')
          .addColumn('end_reason', 'text')
          .execute();
        await db.schema
          .createIndex('conversations_visitor')
          .on('conversations')
          .column('visitor_id')
          .execute();
      },
    },
  };
}

/** Brings the schema up to date; safe to run at every start. */
export async function migrate({ db, dialect }: OpenDatabase): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `database migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
      { cause: error },
    );
  }
}
