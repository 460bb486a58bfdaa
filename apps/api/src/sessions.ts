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

/** Who resumes a conversation, and what with. */
export interface ResumingVisitor {
  visitorId: number;
  /** The application of the visitor's token: a conversation of another is not theirs. */
  applicationId: number;
  language?: string | undefined;
  limits: ApplicationLimits;
}

/** What starting a session writes: a new conversation, or the visitor's earlier one resumed. */
export interface Sessions {
  /** A new conversation, within its publication's session caps (429 past them). */
  start(conversation: NewConversation, limits: ApplicationLimits): Promise<SessionConversation>;
  /** A new conversation, whatever the caps (tests and tools that seed conversations). */
  create(conversation: NewConversation): Promise<SessionConversation>;
  /**
   * The visitor's own conversation on the visitor's application (404 for anyone else's). A
   * `language` becomes the conversation's, since the agent reads the language from the
   * conversation. An ended conversation runs again: within its publication's session caps (429
   * past them, as a new session), and with its end cleared so that the next one is recorded.
   */
  resume(conversationId: string, visitor: ResumingVisitor): Promise<SessionConversation>;
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
    async resume(conversationId, visitor) {
      const row = await db
        .selectFrom('conversations as c')
        .innerJoin('publications as p', 'p.id', 'c.publication_id')
        .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
        .select(['c.id', 'c.language', 'c.ended_at', 'c.publication_id', 's.application_id'])
        .where('c.id', '=', conversationId)
        .where('c.visitor_id', '=', visitor.visitorId)
        .executeTakeFirst();
      if (!row || row.application_id !== visitor.applicationId)
        throw new HttpError(404, `no conversation ${conversationId} for this visitor`);
      // A running conversation (the page moved on) already counts against the caps.
      if (row.ended_at !== null)
        await checkSessionCaps(database, row.publication_id, visitor.limits);
      const language = visitor.language ?? row.language;
      await db
        .updateTable('conversations')
        .set({
          language,
          ended_at: null,
          end_reason: null,
          end_detail: null,
          resumed_at: new Date().toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      return { id: row.id, language };
    },
  };
}
