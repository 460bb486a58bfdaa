import type { SchemaMigration } from './schema-migration.js';

/** What each agent reported it can serve. */
export const agentCapabilities: SchemaMigration = {
  name: '011_agent_capabilities',
  async up(db) {
    // What each agent (by its dispatch name) reported it can serve, when it last started.
    await db.schema
      .createTable('agent_capabilities')
      .addColumn('agent_name', 'text', (column) => column.primaryKey())
      .addColumn('capabilities', 'text', (column) => column.notNull())
      .addColumn('reported_at', 'text', (column) => column.notNull())
      .execute();
  },
};
