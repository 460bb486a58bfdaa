// Closes conversations whose room is gone with no end recorded: an agent that crashed or was
// killed never records one, and such a conversation would count against the session caps and
// show as running on the dashboard for hours.
import { AGENT_END_REASONS, CONVERSATION_ROOM_PREFIX } from '@svc/protocol/agent';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from './db/database.js';
import type { TransportAdmin } from './transport.js';

/** What the reaper writes as the end's detail. */
export const ROOM_GONE_DETAIL =
  "the conversation's room closed and the agent recorded no end (the agent stopped or the Transport lost the room)";

/** The conversation id of a room name (`conversation-{id}-{time}`), or undefined. */
export function conversationOfRoom(name: string): string | undefined {
  if (!name.startsWith(CONVERSATION_ROOM_PREFIX)) return undefined;
  const end = name.lastIndexOf('-');
  return end > CONVERSATION_ROOM_PREFIX.length
    ? name.slice(CONVERSATION_ROOM_PREFIX.length, end)
    : undefined;
}

/** Options of {@link createReaper}. */
export interface ReaperOptions {
  database: OpenDatabase;
  transport: Pick<TransportAdmin, 'roomNames'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /**
   * A conversation started or resumed less than this long ago is left alone: its room may not
   * be open yet. Default 60 s.
   */
  graceMs?: number;
}

/** The reaper: `sweep()` once, or `start(intervalMs)` to sweep on a timer. */
export interface Reaper {
  /** Ends every running conversation whose room is gone; answers their ids. */
  sweep(now?: number): Promise<string[]>;
  /** Sweeps every `intervalMs` until the returned function is called. */
  start(intervalMs: number): () => void;
}

/** Creates the reaper of one API process (several processes may sweep: the end is written once). */
export function createReaper(options: ReaperOptions): Reaper {
  const { db } = options.database;
  const graceMs = options.graceMs ?? 60_000;
  async function sweep(now = Date.now()): Promise<string[]> {
    const before = new Date(now - graceMs).toISOString();
    const running = await db
      .selectFrom('conversations')
      .select('id')
      .where('ended_at', 'is', null)
      .where('started_at', '<', before)
      .where((eb) => eb.or([eb('resumed_at', 'is', null), eb('resumed_at', '<', before)]))
      .execute();
    if (running.length === 0) return [];
    const open = new Set(
      (await options.transport.roomNames()).map(conversationOfRoom).filter(Boolean),
    );
    const gone = running.map((row) => row.id).filter((id) => !open.has(id));
    const endedAt = new Date(now).toISOString();
    for (const id of gone) {
      await db
        .updateTable('conversations')
        .set({
          ended_at: endedAt,
          end_reason: AGENT_END_REASONS.AGENT_ERROR,
          end_detail: ROOM_GONE_DETAIL,
        })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    }
    if (gone.length > 0)
      options.log?.info({ conversations: gone }, 'closed conversations whose room is gone');
    return gone;
  }
  return {
    sweep,
    start(intervalMs) {
      const timer = setInterval(() => {
        // The Transport unreachable for a while: nothing is closed, the next sweep tries again.
        sweep().catch((error: unknown) =>
          options.log?.warn({ err: error }, 'the conversation reaper could not sweep'),
        );
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
