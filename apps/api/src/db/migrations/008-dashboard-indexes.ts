import type { SchemaMigration } from './schema-migration.js';

/** The dashboard's covering indexes. */
export const dashboardIndexes: SchemaMigration = {
  name: '008_dashboard_indexes',
  async up(db) {
    // The dashboard walks from a company to its conversations (`stats.ts`), then reads what
    // it counts of each conversation, its turn latencies and tool calls from these indexes
    // alone, without the rows.
    const index = (name: string, table: string, columns: string[]) =>
      db.schema.createIndex(name).on(table).columns(columns).execute();
    await index('applications_company', 'applications', ['company_id']);
    await index('scenarios_application', 'scenarios', ['application_id']);
    // Starts with the columns of `conversations_publication`, which it replaces.
    await index('conversations_dashboard', 'conversations', [
      'publication_id',
      'started_at',
      'id',
      'ended_at',
      'end_reason',
    ]);
    await db.schema.dropIndex('conversations_publication').execute();
    await index('turn_metrics_latency', 'turn_metrics', ['conversation_id', 'e2e_ms']);
    await index('tool_calls_dashboard', 'tool_calls', [
      'conversation_id',
      'name',
      'result_count',
      'query',
    ]);
  },
};
