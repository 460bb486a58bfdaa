// Keeps each application's conversations no longer than it says (`retention_days`): a periodic
// sweep deletes the conversations that ended before then, with their messages and what else was
// recorded of them. An application without a retention keeps everything.
import type { FastifyBaseLogger } from 'fastify';
import { deleteConversations, type DeletedConversations } from './conversation-deletion.js';
import type { OpenDatabase } from './db/database.js';

const DAY_MS = 86_400_000;

/** Options of {@link createRetention}. */
export interface RetentionOptions {
  database: OpenDatabase;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** Conversations deleted per transaction (default 500): a sweep never holds a long lock. */
  batchSize?: number;
}

/** The retention job: `sweep()` once, or `start(intervalMs)` to sweep on a timer. */
export interface Retention {
  /** Deletes what every application keeps no longer at `now` (ms); answers what it deleted. */
  sweep(now?: number): Promise<DeletedConversations>;
  /** Sweeps now and every `intervalMs` until the returned function is called. */
  start(intervalMs: number): () => void;
}

/**
 * Creates the retention job of one API process. Several processes may sweep at once: a
 * conversation deleted by one is simply not found by the other.
 */
export function createRetention(options: RetentionOptions): Retention {
  const { db } = options.database;
  const batchSize = options.batchSize ?? 500;
  async function sweep(now = Date.now()): Promise<DeletedConversations> {
    const total = { conversations: 0, messages: 0 };
    const applications = await db
      .selectFrom('applications')
      .select(['id', 'retention_days'])
      .where('retention_days', 'is not', null)
      .execute();
    for (const application of applications) {
      // Ended conversations only: one still running is in use, and the reaper ends the ones
      // whose agent is gone.
      const before = new Date(now - (application.retention_days ?? 0) * DAY_MS).toISOString();
      for (;;) {
        const expired = await db
          .selectFrom('conversations as c')
          .innerJoin('publications as p', 'p.id', 'c.publication_id')
          .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
          .select('c.id')
          .where('s.application_id', '=', application.id)
          .where('c.ended_at', 'is not', null)
          .where('c.ended_at', '<', before)
          .limit(batchSize)
          .execute();
        if (expired.length === 0) break;
        const deleted = await db.transaction().execute((transaction) =>
          deleteConversations(
            transaction,
            expired.map((row) => row.id),
          ),
        );
        total.conversations += deleted.conversations;
        total.messages += deleted.messages;
        if (expired.length < batchSize) break;
      }
    }
    if (total.conversations > 0)
      options.log?.info(total, 'deleted conversations past their retention');
    return total;
  }
  return {
    sweep,
    start(intervalMs) {
      const run = () => {
        // The database unreachable for a while: nothing is lost, the next sweep deletes it.
        sweep().catch((error: unknown) =>
          options.log?.warn({ err: error }, 'the retention sweep failed'),
        );
      };
      run();
      const timer = setInterval(run, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
