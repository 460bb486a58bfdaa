import type { SchemaMigration } from './schema-migration.js';

/** Companies' sealed provider credentials. */
export const credentials: SchemaMigration = {
  name: '013_credentials',
  async up(db, { id, now }) {
    // A company's provider keys, sealed (`secret-box.ts`): a scenario names one, and only the
    // agent of that company's conversations receives it, opened.
    await id(db.schema.createTable('credentials'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('base_url', 'text')
      .addColumn('sealed_key', 'text', (column) => column.notNull())
      .addColumn('key_hint', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .addUniqueConstraint('credentials_company_name', ['company_id', 'name'])
      .execute();
  },
};
