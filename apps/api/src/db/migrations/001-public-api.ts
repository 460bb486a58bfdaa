import type { SchemaMigration } from './schema-migration.js';

/** The public API: companies, applications, scenarios, publications, visitors, conversations. */
export const publicApi: SchemaMigration = {
  name: '001_public_api',
  async up(db, { id, now }) {
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
      .addColumn('visitor_id', 'integer', (column) => column.notNull().references('visitors.id'))
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
};
