// Deleting conversations with everything recorded of them: what retention and a visitor's erasure
// both do, so a table added beside `messages` is deleted in one place.
import type { Kysely } from 'kysely';
import type { Database } from './db/database.js';

/** The tables that hold a conversation's rows by `conversation_id`. */
const CONVERSATION_TABLES = [
  'messages',
  'tool_calls',
  'turn_metrics',
  'restore_checkpoints',
  'conversation_analyses',
  // A delivery holds the transcript in its payload: it goes with the conversation.
  'webhook_deliveries',
] as const;

/** What a deletion removed. */
export interface DeletedConversations {
  conversations: number;
  messages: number;
}

/**
 * Deletes the conversations `ids` and their messages, tool calls, turn metrics, restore
 * checkpoints, analysis and post-call deliveries. The foreign keys cascade too; the rows are deleted by name so that no table is
 * left to whether its key was declared with a cascade. Run it in a transaction.
 */
export async function deleteConversations(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<DeletedConversations> {
  if (ids.length === 0) return { conversations: 0, messages: 0 };
  let messages = 0;
  for (const table of CONVERSATION_TABLES) {
    const result = await db
      .deleteFrom(table)
      .where('conversation_id', 'in', [...ids])
      .executeTakeFirst();
    if (table === 'messages') messages = Number(result.numDeletedRows);
  }
  const result = await db
    .deleteFrom('conversations')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return { conversations: Number(result.numDeletedRows), messages };
}
