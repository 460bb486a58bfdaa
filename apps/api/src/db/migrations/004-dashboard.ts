import { sql } from 'kysely';
import type { SchemaMigration } from './schema-migration.js';

/** The dashboard's safe JSON cast on PostgreSQL (dropped by 006). */
export const dashboard: SchemaMigration = {
  name: '004_dashboard',
  async up(db, { dialect }) {
    // The dashboard reads tool results, which are text the agent wrote; a malformed one must
    // count as no result, not fail the query. SQLite has json_valid; PostgreSQL 15 has no
    // safe cast, so a function gives one.
    if (dialect === 'postgres') {
      await sql`create or replace function svc_try_jsonb(value text) returns jsonb
        language plpgsql immutable as $$
        begin return value::jsonb; exception when others then return null; end $$`.execute(db);
    }
  },
};
