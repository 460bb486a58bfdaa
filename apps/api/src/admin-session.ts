import { randomUUID } from 'node:crypto';
import type { SessionMode } from '@svc/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from './db/database.js';
import { createSessions } from './sessions.js';
import { openSessionRoom, type TransportAdmin } from './transport.js';
import { createVisitors } from './visitors.js';

/** What an admin-started session is opened on. */
export interface AdminSessionDeps {
  database: OpenDatabase;
  transport: TransportAdmin;
  /** Lifetime of the participant token, seconds (default 600, as session start). */
  rtTokenSeconds?: number | undefined;
}

/** A session the studio or the test runner starts on a publication, for a new visitor. */
export interface AdminSession {
  applicationId: number;
  publicationId: number;
  /** Names the visitor kind (`preview`, `test`); a random uuid follows, so no one can be it. */
  visitorPrefix: string;
  language: string;
  inputMode: SessionMode;
  outputMode: SessionMode;
  metadata: Record<string, unknown>;
}

/**
 * Opens a session as session start does (a conversation, its room, the agent dispatched), for a
 * fresh visitor no one can identify as, outside the session caps; answers session start's
 * credentials and the conversation id. 503 when the Transport does not answer.
 */
export async function openAdminSession(
  deps: AdminSessionDeps,
  session: AdminSession,
  log: FastifyBaseLogger,
): Promise<{ rt_token: string; rt_url: string; expires_in: number; conversation_id: string }> {
  // A fresh visitor: carts start empty, and no visitor token reaches the conversation.
  const visitorId = await createVisitors(deps.database).identify(
    session.applicationId,
    `${session.visitorPrefix}-${randomUUID()}`,
  );
  const conversation = await createSessions(deps.database).create({
    publicationId: session.publicationId,
    visitorId,
    language: session.language,
    inputMode: session.inputMode,
    outputMode: session.outputMode,
    metadata: session.metadata,
  });
  const credentials = await openSessionRoom(
    deps.transport,
    {
      conversation,
      visitorId,
      inputMode: session.inputMode,
      outputMode: session.outputMode,
      metadata: session.metadata,
      resumed: false,
      ttlSeconds: deps.rtTokenSeconds ?? 600,
    },
    log,
  );
  return { ...credentials, conversation_id: conversation.id };
}
