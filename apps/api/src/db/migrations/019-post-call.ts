import type { SchemaMigration } from './schema-migration.js';

/** After each conversation: its analysis, the application's post-call webhook and its deliveries. */
export const postCall: SchemaMigration = {
  name: '019_post_call',
  async up(db, { id, now }) {
    // What the agent read out of an ended conversation: one row, written once.
    await db.schema
      .createTable('conversation_analyses')
      .addColumn('conversation_id', 'text', (column) =>
        column.primaryKey().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('criteria', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    // One webhook per application; its secret sealed (`secret-box.ts`), shown once.
    await db.schema
      .createTable('application_webhooks')
      .addColumn('application_id', 'integer', (column) =>
        column.primaryKey().references('applications.id').onDelete('cascade'),
      )
      .addColumn('url', 'text', (column) => column.notNull())
      .addColumn('sealed_secret', 'text', (column) => column.notNull())
      .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
      // Conversations that ended from then on are delivered, none from before.
      .addColumn('enabled_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    // The durable queue: a row per conversation to deliver, claimed by one API process at a time.
    await id(db.schema.createTable('webhook_deliveries'))
      .addColumn('application_id', 'integer', (column) =>
        column.notNull().references('applications.id').onDelete('cascade'),
      )
      // One delivery per conversation: two processes that find it ended insert it once.
      .addColumn('conversation_id', 'text', (column) =>
        column.notNull().unique().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (column) => column.notNull())
      .addColumn('claimed_until', 'text')
      .addColumn('claim', 'text')
      .addColumn('payload', 'text')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_application')
      .on('webhook_deliveries')
      .columns(['application_id', 'id'])
      .execute();
    await id(db.schema.createTable('webhook_delivery_attempts'))
      .addColumn('delivery_id', 'integer', (column) =>
        column.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('attempted_at', 'text', (column) => column.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_delivery_attempts_delivery')
      .on('webhook_delivery_attempts')
      .columns(['delivery_id'])
      .execute();
  },
};
