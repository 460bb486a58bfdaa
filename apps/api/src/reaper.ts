// Closes conversations whose room is gone with no end recorded: an agent that crashed or was
// killed never records one, and such a conversation would count against the session caps and
// show as running on the dashboard for hours.
import { AGENT_END_REASONS, CONVERSATION_ROOM_PREFIX } from '@svc/protocol/agent';
import type { FastifyBaseLogger } from 'fastify';
import type { OpenDatabase } from './db/database.js';
import { parseLimits } from './limits.js';
import type { TransportAdmin } from './transport.js';

/** What the reaper writes as the end's detail. */
export const ROOM_GONE_DETAIL =
  "the conversation's room closed and the agent recorded no end (the agent stopped or the Transport lost the room)";

/** What the reaper writes as the end's detail of a conversation past its limits. */
export const PAST_LIMIT_DETAIL =
  'the conversation ran past its limit and the agent recorded no end (the API ended it)';

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
  transport: Pick<TransportAdmin, 'roomNames' | 'closeRoom'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /**
   * A conversation started or resumed less than this long ago is left alone: its room may not
   * be open yet. Default 60 s.
   */
  graceMs?: number;
}

/** The reaper: `sweep()` once, or `start(intervalMs)` to sweep on a timer. */
export interface Reaper {
  /**
   * Ends every running conversation whose room is gone, or that ran past its application's
   * `max_duration_seconds` or `idle_timeout_seconds` (plus the grace) with no end from the agent;
   * answers their ids.
   */
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
      .selectFrom('conversations as c')
      .innerJoin('publications as p', 'p.id', 'c.publication_id')
      .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select((eb) => [
        'c.id',
        'c.room',
        'c.started_at',
        'c.resumed_at',
        'a.limits',
        eb
          .selectFrom('messages as m')
          .select((inner) => inner.fn.max('m.timestamp').as('at'))
          .whereRef('m.conversation_id', '=', 'c.id')
          .where('m.role', '=', 'user')
          .as('last_visitor_message'),
      ])
      .where('c.ended_at', 'is', null)
      .where('c.started_at', '<', before)
      .where((eb) => eb.or([eb('c.resumed_at', 'is', null), eb('c.resumed_at', '<', before)]))
      .execute();
    if (running.length === 0) return [];
    const endedAt = new Date(now).toISOString();
    const close = async (id: string, reason: string, detail: string) =>
      db
        .updateTable('conversations')
        .set({ ended_at: endedAt, end_reason: reason, end_detail: detail })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    // The agent ends a conversation at its limits; one still running a grace later has an agent
    // that hung or died, and must not hold a place under the session caps any longer.
    const past: string[] = [];
    for (const row of running) {
      const limits = parseLimits(row.limits);
      const since = Date.parse(row.resumed_at ?? row.started_at);
      const active = Math.max(since, Date.parse(String(row.last_visitor_message ?? '')) || 0);
      const reason =
        now - since > limits.max_duration_seconds * 1000 + graceMs
          ? AGENT_END_REASONS.MAX_DURATION
          : now - active > limits.idle_timeout_seconds * 1000 + graceMs
            ? AGENT_END_REASONS.IDLE_TIMEOUT
            : undefined;
      if (!reason) continue;
      await close(row.id, reason, PAST_LIMIT_DETAIL);
      past.push(row.id);
      // Its agent did not end it: the room goes too, so nobody keeps talking in it unmetered.
      if (row.room)
        await options.transport.closeRoom(row.room).catch((error: unknown) => {
          options.log?.warn({ err: error, conversation: row.id }, 'closing the room failed');
        });
    }
    const open = new Set(
      (await options.transport.roomNames()).map(conversationOfRoom).filter(Boolean),
    );
    const gone = running.map((row) => row.id).filter((id) => !open.has(id) && !past.includes(id));
    for (const id of gone) await close(id, AGENT_END_REASONS.AGENT_ERROR, ROOM_GONE_DETAIL);
    if (gone.length > 0)
      options.log?.info({ conversations: gone }, 'closed conversations whose room is gone');
    if (past.length > 0)
      options.log?.info({ conversations: past }, 'closed conversations past their limits');
    return [...past, ...gone];
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
