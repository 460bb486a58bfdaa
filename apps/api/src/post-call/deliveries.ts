// Post-call deliveries as a durable queue in the database: a row per ended conversation of an
// application with an enabled webhook, claimed by one API process at a time, retried with
// backoff until it is delivered or has visibly failed. Rows survive a restart, so nothing
// pending is lost when the API stops.
import { randomUUID } from 'node:crypto';
import { declaresAnalysis, type ScenarioSnapshot } from '@svc/protocol/agent';
import { sql } from 'kysely';
import type { OpenDatabase } from '../db/database.js';
import { rowsFor, type Page } from '../paging.js';

/** Delays before the 2nd, 3rd, ... attempt: 10 s, 1 min, 5 min, 30 min, 2 h. */
export const DELIVERY_BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000] as const;

/** Attempts before a delivery is `failed`: the first and one per backoff step. */
export const MAX_DELIVERY_ATTEMPTS = DELIVERY_BACKOFF_MS.length + 1;

/**
 * How long a delivery waits for the conversation's analysis when its scenario declares one: the
 * agent reads the transcript after the visitor has gone, and a small model on a busy CPU takes a
 * while. Past it the payload goes without `data` and `criteria`.
 */
export const ANALYSIS_WAIT_MS = 120_000;

/**
 * How long a claim holds: longer than an attempt can take (the sender's timeout), so that only a
 * process that died mid-attempt lets another take the delivery over.
 */
export const CLAIM_MS = 60_000;

/** The states of a delivery. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One of {@link DELIVERY_STATUSES}. */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A delivery as the admin API lists it. */
export interface DeliverySummary {
  id: number;
  application_id: number;
  conversation_id: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One attempt of a delivery. */
export interface DeliveryAttempt {
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** A claimed delivery: the process holding `claim` sends it. */
export interface ClaimedDelivery {
  id: number;
  application_id: number;
  conversation_id: string;
  attempts: number;
  payload: string | null;
  claim: string;
}

/** The outcome of one attempt. */
export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const summaryColumns = [
  'id',
  'application_id',
  'conversation_id',
  'status',
  'attempts',
  'next_attempt_at',
  'last_status_code',
  'last_error',
  'delivered_at',
  'created_at',
] as const;

const summary = (row: Omit<DeliverySummary, 'status'> & { status: string }): DeliverySummary => ({
  ...row,
  status: row.status as DeliveryStatus,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
});

/** The delivery queue of one database. */
export type Deliveries = ReturnType<typeof createDeliveries>;

/** Creates the queue. */
export function createDeliveries(database: OpenDatabase) {
  const { db } = database;
  const iso = (at: number) => new Date(at).toISOString();

  return {
    /**
     * Queues the ended conversations of applications whose webhook is enabled that have no
     * delivery yet (whoever ended them: the agent, the reaper). A conversation whose scenario
     * declares an analysis not stored yet is due once the analysis arrives, or after
     * {@link ANALYSIS_WAIT_MS}. Several processes may run it: a conversation is queued once.
     */
    async enqueueEnded(now: number, limit = 100): Promise<number> {
      const rows = await db
        .selectFrom('conversations as c')
        .innerJoin('publications as p', 'p.id', 'c.publication_id')
        .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
        .innerJoin('application_webhooks as w', 'w.application_id', 's.application_id')
        .leftJoin('webhook_deliveries as d', 'd.conversation_id', 'c.id')
        .leftJoin('conversation_analyses as x', 'x.conversation_id', 'c.id')
        .select([
          'c.id',
          'c.ended_at',
          'w.application_id',
          'p.snapshot',
          'x.conversation_id as analysed',
        ])
        .where('w.enabled', '=', 1)
        .where('c.ended_at', 'is not', null)
        .whereRef('c.ended_at', '>=', 'w.enabled_at')
        .where('d.id', 'is', null)
        .orderBy('c.ended_at')
        .limit(limit)
        .execute();
      let queued = 0;
      for (const row of rows) {
        const snapshot = JSON.parse(row.snapshot) as ScenarioSnapshot;
        const waits = row.analysed === null && declaresAnalysis(snapshot.analysis);
        const due = waits ? Date.parse(row.ended_at as string) + ANALYSIS_WAIT_MS : now;
        const result = await db
          .insertInto('webhook_deliveries')
          .values({
            application_id: row.application_id,
            conversation_id: row.id,
            status: 'pending',
            next_attempt_at: iso(due),
          })
          .onConflict((conflict) => conflict.column('conversation_id').doNothing())
          .executeTakeFirst();
        queued += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return queued;
    },

    /** The analysis came: a delivery still waiting for it, before its first attempt, is due now. */
    async analysisArrived(conversationId: string, now: number): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: iso(now) })
        .where('conversation_id', '=', conversationId)
        .where('status', '=', 'pending')
        .where('attempts', '=', 0)
        .where('next_attempt_at', '>', iso(now))
        .execute();
    },

    /**
     * Claims up to `limit` due deliveries for this process: each is taken by a conditional update
     * that only one process can win (on PostgreSQL as on SQLite), and stays taken for
     * {@link CLAIM_MS}.
     */
    async claimDue(now: number, limit = 10): Promise<ClaimedDelivery[]> {
      const at = iso(now);
      const due = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((where) =>
          where.or([where('claimed_until', 'is', null), where('claimed_until', '<', at)]),
        )
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedDelivery[] = [];
      for (const { id } of due) {
        const claim = randomUUID();
        const result = await db
          .updateTable('webhook_deliveries')
          .set({ claim, claimed_until: iso(now + CLAIM_MS) })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where((where) =>
            where.or([where('claimed_until', 'is', null), where('claimed_until', '<', at)]),
          )
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) continue;
        const row = await db
          .selectFrom('webhook_deliveries')
          .select(['id', 'application_id', 'conversation_id', 'attempts', 'payload', 'claim'])
          .where('id', '=', id)
          .where('claim', '=', claim)
          .executeTakeFirst();
        if (row) claimed.push({ ...row, claim });
      }
      return claimed;
    },

    /** Freezes the body a claimed delivery sends (at its first attempt; retries send the same). */
    async freezePayload(delivery: ClaimedDelivery, payload: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ payload })
        .where('id', '=', delivery.id)
        .where('claim', '=', delivery.claim)
        .execute();
    },

    /**
     * Records an attempt and releases the claim: 2xx is delivered; otherwise the next attempt is
     * due after the backoff, or the delivery has failed after {@link MAX_DELIVERY_ATTEMPTS}.
     */
    async recordAttempt(
      delivery: ClaimedDelivery,
      outcome: AttemptOutcome,
      now: number,
    ): Promise<DeliveryStatus> {
      const attempts = delivery.attempts + 1;
      const delivered =
        outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
      const backoff = DELIVERY_BACKOFF_MS[attempts - 1];
      const status: DeliveryStatus = delivered
        ? 'delivered'
        : backoff === undefined
          ? 'failed'
          : 'pending';
      await db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('webhook_delivery_attempts')
          .values({
            delivery_id: delivery.id,
            attempted_at: iso(now),
            status_code: outcome.statusCode,
            error: outcome.error,
            duration_ms: Math.round(outcome.durationMs),
          })
          .execute();
        await transaction
          .updateTable('webhook_deliveries')
          .set({
            status,
            attempts,
            last_status_code: outcome.statusCode,
            last_error: outcome.error,
            claim: null,
            claimed_until: null,
            ...(status === 'pending' ? { next_attempt_at: iso(now + (backoff ?? 0)) } : {}),
            ...(delivered ? { delivered_at: iso(now) } : {}),
          })
          .where('id', '=', delivery.id)
          .where('claim', '=', delivery.claim)
          .execute();
      });
      return status;
    },

    /** An application's deliveries, newest first, offset paged; `status` filters. */
    async list(
      applicationId: number,
      options: { status?: DeliveryStatus | undefined; page: Page },
    ): Promise<DeliverySummary[]> {
      const { limit, offset } = rowsFor(options.page);
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select([...summaryColumns])
        .where('application_id', '=', applicationId)
        .$if(options.status !== undefined, (query) =>
          query.where('status', '=', options.status as string),
        )
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(summary);
    },

    /** One delivery of an application with its attempts (oldest first) and payload, or null. */
    async get(
      applicationId: number,
      id: number,
    ): Promise<(DeliverySummary & { payload: unknown; attempt_log: DeliveryAttempt[] }) | null> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select([...summaryColumns, 'payload'])
        .where('application_id', '=', applicationId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const attempts = await db
        .selectFrom('webhook_delivery_attempts')
        .select(['attempted_at', 'status_code', 'error', 'duration_ms'])
        .where('delivery_id', '=', id)
        .orderBy('id')
        .execute();
      const { payload, ...rest } = row;
      return {
        ...summary(rest),
        payload: payload === null ? null : (JSON.parse(payload) as unknown),
        attempt_log: attempts,
      };
    },

    /**
     * Sends a delivery again from now with a fresh round of attempts (its payload unchanged, its
     * attempt log kept). One being sent right now is left to finish: answers false.
     */
    async resend(applicationId: number, id: number, now: number): Promise<boolean> {
      const at = iso(now);
      const result = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: at, delivered_at: null })
        .where('application_id', '=', applicationId)
        .where('id', '=', id)
        .where((where) =>
          where.or([where('claimed_until', 'is', null), where('claimed_until', '<', at)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Counts by status of an application's deliveries (for the settings page). */
    async counts(applicationId: number): Promise<Record<DeliveryStatus, number>> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['status', sql<number>`count(*)`.as('count')])
        .where('application_id', '=', applicationId)
        .groupBy('status')
        .execute();
      const counts = { pending: 0, delivered: 0, failed: 0 };
      for (const row of rows) counts[row.status as DeliveryStatus] = Number(row.count);
      return counts;
    },
  };
}
