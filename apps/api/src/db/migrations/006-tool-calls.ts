import { sql, type Kysely } from 'kysely';
import type { ConversationMessage } from '@svc/protocol';
import { recordToolCalls } from '../../tool-calls.js';
import type { Database } from '../database.js';
import type { SchemaMigration } from './schema-migration.js';

/** Tool calls as rows, filled from the messages stored before. */
export const toolCalls: SchemaMigration = {
  name: '006_tool_calls',
  async up(db, { dialect }) {
    await db.schema
      .createTable('tool_calls')
      .addColumn('conversation_id', 'text', (column) =>
        column.notNull().references('conversations.id').onDelete('cascade'),
      )
      .addColumn('call_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text')
      .addColumn('query', 'text')
      .addColumn('result_count', 'integer')
      .addPrimaryKeyConstraint('tool_calls_pk', ['conversation_id', 'call_id'])
      .execute();
    // The dashboard reads these rows now, not the messages' JSON.
    if (dialect === 'postgres') await sql`drop function if exists svc_try_jsonb(text)`.execute(db);
    // Conversations stored before: their messages, in pages, through the same reading.
    const typed = db as unknown as Kysely<Database>;
    for (let after = -1; ;) {
      const page = await typed
        .selectFrom('messages')
        .select(['conversation_id', 'message', 'seq'])
        .where('role', 'in', ['assistant', 'tool'])
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(1000)
        .execute();
      for (const row of page)
        await recordToolCalls(
          typed,
          row.conversation_id,
          JSON.parse(row.message) as ConversationMessage,
        );
      const last = page[page.length - 1];
      if (!last) break;
      after = Number(last.seq);
    }
  },
};
