// Erasing a visitor: everything the service keeps of one external id in one application.
import { deleteConversations } from './conversation-deletion.js';
import type { OpenDatabase } from './db/database.js';

/** What an erasure deleted; all zero (and `visitor` false) when there was nothing to erase. */
export interface VisitorErasure {
  /** Whether the visitor record existed. */
  visitor: boolean;
  conversations: number;
  messages: number;
  /** The visitor's carts and other buckets, with their items. */
  buckets: number;
}

/** Conversations deleted per statement: well under either database's bound on parameters. */
const PAGE = 500;

/**
 * Deletes the visitor `externalId` of the application and everything keyed by it: its
 * conversations with their messages, tool calls, turn metrics and restore checkpoints, its
 * buckets with their items, and the visitor record. One transaction: an erasure is whole or not
 * at all. Idempotent: erasing again finds nothing and answers zeros.
 */
export async function eraseVisitor(
  { db }: OpenDatabase,
  applicationId: number,
  externalId: string,
): Promise<VisitorErasure> {
  return db.transaction().execute(async (transaction) => {
    const erased: VisitorErasure = { visitor: false, conversations: 0, messages: 0, buckets: 0 };
    const visitor = await transaction
      .selectFrom('visitors')
      .select('id')
      .where('application_id', '=', applicationId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    if (!visitor) return erased;
    for (;;) {
      const page = await transaction
        .selectFrom('conversations')
        .select('id')
        .where('visitor_id', '=', visitor.id)
        .limit(PAGE)
        .execute();
      if (page.length === 0) break;
      const deleted = await deleteConversations(
        transaction,
        page.map((row) => row.id),
      );
      erased.conversations += deleted.conversations;
      erased.messages += deleted.messages;
    }
    const buckets = transaction
      .selectFrom('buckets')
      .select('id')
      .where('visitor_id', '=', visitor.id);
    await transaction.deleteFrom('bucket_items').where('bucket_id', 'in', buckets).execute();
    const deletedBuckets = await transaction
      .deleteFrom('buckets')
      .where('visitor_id', '=', visitor.id)
      .executeTakeFirst();
    erased.buckets = Number(deletedBuckets.numDeletedRows);
    await transaction.deleteFrom('visitors').where('id', '=', visitor.id).execute();
    return { ...erased, visitor: true };
  });
}
