import type { SchemaMigration } from './schema-migration.js';

/** When a conversation was resumed. */
export const conversationResumedAt: SchemaMigration = {
  name: '009_conversation_resumed_at',
  async up(db) {
    // A resumed conversation runs again: its next end must be recorded, and the end its old
    // room's agent sends after the resume must not close it.
    await db.schema.alterTable('conversations').addColumn('resumed_at', 'text').execute();
  },
};
