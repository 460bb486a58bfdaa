import { randomUUID } from 'node:crypto';
import type { SessionMode } from '@svc/protocol';
import { conversationRoomName } from '@svc/protocol/agent';
import type { Kysely } from 'kysely';
import type { Database, OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import { withSessionPlace, type SessionPlace } from './session-caps.js';

/** The conversation a session serves: its id, its language and the room it runs in. */
export interface SessionConversation {
  id: string;
  language: string;
  /** The room to join. */
  room: string;
  /**
   * True when the room must be opened (and the agent dispatched); false when the conversation
   * still runs in it, so the visitor only joins it again.
   */
  open: boolean;
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
  /** The client address that starts it (counted by the per-address cap). */
  clientAddress?: string | undefined;
}

/** The caps a start or a resume takes a place under (see `session-caps.ts`). */
export type SessionCaps = Omit<SessionPlace, 'visitorId' | 'publicationId'>;

/** Who resumes a conversation, and what with. */
export interface ResumingVisitor {
  visitorId: number;
  /** The application of the visitor's token: a conversation of another is not theirs. */
  applicationId: number;
  language?: string | undefined;
  caps: SessionCaps;
  /** Whether a room is open now on the Transport (the reaper has not closed a lost one yet). */
  roomOpen(room: string): Promise<boolean>;
}

/** What starting a session writes: a new conversation, or the visitor's earlier one resumed. */
export interface Sessions {
  /** A new conversation, within the live-conversation caps (429 past them). */
  start(conversation: NewConversation, caps: SessionCaps): Promise<SessionConversation>;
  /** A new conversation, whatever the caps (tests and tools that seed conversations). */
  create(conversation: NewConversation): Promise<SessionConversation>;
  /**
   * The visitor's own conversation on the visitor's application (404 for anyone else's). One
   * that still runs in an open room is joined there: no second room, no second agent. One that
   * ended runs again in a new room, within the caps (429 past them, as a new session), with its
   * end cleared so that the next one is recorded; a `language` then becomes the conversation's,
   * since the agent reads the language from the conversation.
   */
  resume(conversationId: string, visitor: ResumingVisitor): Promise<SessionConversation>;
}

/** Session starts on one database. */
export function createSessions(database: OpenDatabase): Sessions {
  const { db } = database;
  async function insert(
    executor: Kysely<Database>,
    conversation: NewConversation,
  ): Promise<SessionConversation> {
    const id = randomUUID();
    const room = conversationRoomName(id);
    await executor
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
        room,
        client_address: conversation.clientAddress ?? null,
      })
      .execute();
    return { id, language: conversation.language, room, open: true };
  }
  const find = async (conversationId: string, visitor: ResumingVisitor) => {
    const row = await db
      .selectFrom('conversations as c')
      .innerJoin('publications as p', 'p.id', 'c.publication_id')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .select([
        'c.id',
        'c.language',
        'c.ended_at',
        'c.room',
        'c.publication_id',
        's.application_id',
      ])
      .where('c.id', '=', conversationId)
      .where('c.visitor_id', '=', visitor.visitorId)
      .executeTakeFirst();
    if (!row || row.application_id !== visitor.applicationId)
      throw new HttpError(404, `no conversation ${conversationId} for this visitor`);
    return row;
  };
  return {
    start: (conversation, caps) =>
      withSessionPlace(
        database,
        { ...caps, visitorId: conversation.visitorId, publicationId: conversation.publicationId },
        (trx) => insert(trx, { ...conversation, clientAddress: caps.clientAddress }),
      ),
    create: (conversation) => insert(db, conversation),
    async resume(conversationId, visitor) {
      const row = await find(conversationId, visitor);
      if (row.ended_at === null) {
        // It runs: it holds its place already. Its room open, the visitor joins it again.
        if (row.room && (await visitor.roomOpen(row.room)))
          return { id: row.id, language: row.language, room: row.room, open: false };
        // Its room is gone (the agent died before the reaper saw it): a new one, claimed only if
        // no concurrent resume claimed one first, so two resumes still make one room.
        const room = conversationRoomName(row.id);
        const claimed = await db
          .updateTable('conversations')
          .set({ room, resumed_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .where('ended_at', 'is', null)
          .where((eb) => (row.room === null ? eb('room', 'is', null) : eb('room', '=', row.room)))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) > 0)
          return { id: row.id, language: row.language, room, open: true };
        const current = await find(conversationId, visitor);
        return { id: row.id, language: current.language, room: current.room ?? room, open: false };
      }
      const language = visitor.language ?? row.language;
      const room = conversationRoomName(row.id);
      return withSessionPlace(
        database,
        { ...visitor.caps, visitorId: visitor.visitorId, publicationId: row.publication_id },
        async (trx) => {
          const resumed = await trx
            .updateTable('conversations')
            .set({
              language,
              ended_at: null,
              end_reason: null,
              end_detail: null,
              resumed_at: new Date().toISOString(),
              room,
              client_address: visitor.caps.clientAddress,
            })
            .where('id', '=', row.id)
            .where('ended_at', 'is not', null)
            .executeTakeFirst();
          // A concurrent resume ran it again first: this one joins the room that one opened.
          if (Number(resumed.numUpdatedRows) === 0) {
            const current = await trx
              .selectFrom('conversations')
              .select(['language', 'room'])
              .where('id', '=', row.id)
              .executeTakeFirstOrThrow();
            return {
              id: row.id,
              language: current.language,
              room: current.room ?? room,
              open: false,
            };
          }
          return { id: row.id, language, room, open: true };
        },
      );
    },
  };
}
