import type { SchemaMigration } from './schema-migration.js';

/** The company's header secrets and the key its webhook calls are signed with. */
export const webhookTools: SchemaMigration = {
  name: '017_webhook_tools',
  async up(db, { id, now }) {
    // Values a webhook tool's headers name (`{{secret:name}}`), sealed (`secret-box.ts`): opened
    // only in the API, only into the header of that company's tool call.
    await id(db.schema.createTable('company_secrets'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('sealed_value', 'text', (column) => column.notNull())
      .addColumn('value_hint', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .addUniqueConstraint('company_secrets_company_name', ['company_id', 'name'])
      .execute();
    // One signing secret per company, shown once; after a rotation the previous one still signs
    // (a second `v1`) until `previous_until`, so the business can switch without losing calls.
    await id(db.schema.createTable('webhook_signing_secrets'))
      .addColumn('company_id', 'integer', (column) =>
        column.notNull().unique().references('companies.id').onDelete('cascade'),
      )
      .addColumn('sealed_secret', 'text', (column) => column.notNull())
      .addColumn('secret_hint', 'text', (column) => column.notNull())
      .addColumn('sealed_previous', 'text')
      .addColumn('previous_until', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('rotated_at', 'text')
      .execute();
  },
};
