import type { SchemaMigration } from './schema-migration.js';

/** Why a conversation ended in an agent error. */
export const conversationEndDetail: SchemaMigration = {
  name: '010_conversation_end_detail',
  async up(db) {
    // Why a conversation ended in an agent error, in words an admin can act on.
    await db.schema.alterTable('conversations').addColumn('end_detail', 'text').execute();
  },
};
