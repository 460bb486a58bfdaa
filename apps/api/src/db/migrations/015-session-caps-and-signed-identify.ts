import type { SchemaMigration } from './schema-migration.js';

/** The room and client address of a conversation, and the key for signed identify. */
export const sessionCapsAndSignedIdentify: SchemaMigration = {
  name: '015_session_caps_and_signed_identify',
  async up(db) {
    // The room a running conversation is served in: a resume joins it instead of opening a
    // second room with a second agent.
    await db.schema.alterTable('conversations').addColumn('room', 'text').execute();
    // The address that started it: live conversations are capped per client address too.
    await db.schema.alterTable('conversations').addColumn('client_address', 'text').execute();
    // The application's key for signed identify; set, an unsigned identify is refused.
    await db.schema.alterTable('applications').addColumn('identify_secret', 'text').execute();
  },
};
