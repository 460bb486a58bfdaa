import type { SchemaMigration } from './schema-migration.js';

/** Scenario tests. */
export const scenarioTests: SchemaMigration = {
  name: '005_scenario_tests',
  async up(db, { id, now }) {
    await id(db.schema.createTable('scenario_tests'))
      .addColumn('scenario_id', 'integer', (column) =>
        column.notNull().references('scenarios.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('turns', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull().defaultTo(now))
      .addColumn('updated_at', 'text', (column) => column.notNull().defaultTo(now))
      .addUniqueConstraint('scenario_tests_scenario_name', ['scenario_id', 'name'])
      .execute();
  },
};
