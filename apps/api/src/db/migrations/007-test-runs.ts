import type { SchemaMigration } from './schema-migration.js';

/** Test runs and the publish gate. */
export const testRuns: SchemaMigration = {
  name: '007_test_runs',
  async up(db, { id, now }) {
    // Runs of a scenario's tests: what they ran against and each turn's verdict, as JSON.
    await id(db.schema.createTable('test_runs'))
      .addColumn('scenario_id', 'integer', (column) =>
        column.notNull().references('scenarios.id').onDelete('cascade'),
      )
      .addColumn('target', 'text', (column) => column.notNull())
      .addColumn('publication_uuid', 'text')
      .addColumn('draft_hash', 'text')
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('error', 'text')
      .addColumn('results', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('finished_at', 'text')
      .execute();
    await db.schema
      .createIndex('test_runs_scenario')
      .on('test_runs')
      .columns(['scenario_id', 'id'])
      .execute();
    // The publish gate: 1 when publishing to production needs the draft's tests to pass.
    await db.schema
      .alterTable('scenarios')
      .addColumn('require_passing_tests', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
  },
};
