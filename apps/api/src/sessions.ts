import { randomUUID } from 'node:crypto';
import type { SessionMode } from '@svc/protocol';
import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { checkSessionCaps, type ApplicationLimits } from './limits.js';

/** The conversation a session serves: its id and the language it runs in. */
export interface SessionConversation {
  id: string;
  language: string;
}

/** A new conversation's row. */
export interface NewConversation {
  publicationId: number;
  visitorId: number;
  language: string;
  inputMode: SessionMode;
  outputMode: SessionMode;
  /** The custom metadata the page sent with session start. */
  metadata: Record<string, unknown>;
}

/** What starting a session writes: a new conversation, or the visitor's earlier one resumed. */
export interface Sessions {
  /** A new conversation, within its publication's session caps (429 past them). */
  start(conversation: NewConversation, limits: ApplicationLimits): Promise<SessionConversation>;
  /** A new conversation, whatever the caps (tests and tools that seed conversations). */
  create(conversation: NewConversation): Promise<SessionConversation>;
  /**
   * The visitor's own conversation (404 for anyone else's). A `language` becomes the
   * conversation's, since the agent reads the language from the conversation.
   */
  resume(
    conversationId: string,
    visitorId: number,
    language?: string | undefined,
  ): Promise<SessionConversation>;
}

/** Session starts on one database. */
export function createSessions(database: OpenDatabase): Sessions {
  const { db } = database;
  async function create(conversation: NewConversation): Promise<SessionConversation> {
    const id = randomUUID();
    await db
      .insertInto('conversations')
      .values({
        id,
        publication_id: conversation.publicationId,
        visitor_id: conversation.visitorId,
        language: conversation.language,
        input_mode: conversation.inputMode,
        output_mode: conversation.outputMode,
        metadata: JSON.stringify(conversation.metadata),
        started_at: new Date().toISOString(),
      })
      .execute();
    return { id, language: conversation.language };
  }
  return {
    async start(conversation, limits) {
      await checkSessionCaps(database, conversation.publicationId, limits);
      return create(conversation);
    },
    create,
    async resume(conversationId, visitorId, language) {
      if (language !== undefined) {
        await db
          .updateTable('conversations')
          .set({ language })
          .where('id', '=', conversationId)
          .where('visitor_id', '=', visitorId)
          .execute();
      }
      const row = await db
        .selectFrom('conversations')
        .select(['id', 'language'])
        .where('id', '=', conversationId)
        .where('visitor_id', '=', visitorId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `no conversation ${conversationId} for this visitor`);
      return row;
    },
  };
}
