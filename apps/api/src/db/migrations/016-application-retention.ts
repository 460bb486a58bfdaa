import type { SchemaMigration } from './schema-migration.js';

/** How long an application keeps its ended conversations. */
export const applicationRetention: SchemaMigration = {
  name: '016_application_retention',
  async up(db) {
    // Days an application keeps its ended conversations; null keeps them.
    await db.schema.alterTable('applications').addColumn('retention_days', 'integer').execute();
    // The retention sweep finds the conversations that ended before a date.
    await db.schema
      .createIndex('conversations_ended')
      .on('conversations')
      .columns(['ended_at'])
      .execute();
  },
};
