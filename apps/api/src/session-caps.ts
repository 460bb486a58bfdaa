// The caps on live conversations: a conversation holds a place from its start (or the resume of
// an ended one) until its end is recorded, by the agent or by the reaper. Counting the places and
// taking one happen in one transaction, under a lock on the company's row on PostgreSQL (SQLite's
// one connection runs transactions one at a time), so two starts at the cap cannot both pass.
import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { Database, OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import type { ApplicationLimits } from './limits.js';

/** Who takes a place, and the caps that apply. */
export interface SessionPlace {
  companyId: number;
  applicationId: number;
  visitorId: number;
  /** The client's address as the API sees it (after the trusted proxies). */
  clientAddress: string;
  /** The publication whose daily sessions count. */
  publicationId: number;
  limits: ApplicationLimits;
  /** Conversations running at once in the whole company. */
  companyCap: number;
}

/**
 * Runs `take` in a transaction once `place` is within every cap (429 with the cap that is full
 * otherwise); `take` writes the conversation that holds the place, so the count the next start
 * makes includes it.
 */
export async function withSessionPlace<T>(
  database: OpenDatabase,
  place: SessionPlace,
  take: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    if (database.dialect === 'postgres') {
      // Every start in the company waits here for the one before to commit its conversation.
      await trx
        .selectFrom('companies')
        .select('id')
        .where('id', '=', place.companyId)
        .forUpdate()
        .execute();
    }
    await checkPlace(trx, place);
    return take(trx);
  });
}

async function checkPlace(trx: Kysely<Database>, place: SessionPlace): Promise<void> {
  const { limits } = place;
  const live = await trx
    .selectFrom('conversations as c')
    .innerJoin('publications as p', 'p.id', 'c.publication_id')
    .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
    .innerJoin('applications as a', 'a.id', 's.application_id')
    .select((eb) => {
      // Live conversations of the company that also meet `condition`.
      const count = (condition: Expression<SqlBool>) =>
        eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      const application = eb('s.application_id', '=', place.applicationId);
      return [
        eb.fn.countAll<number>().as('company'),
        count(application).as('application'),
        count(eb.and([application, eb('c.visitor_id', '=', place.visitorId)])).as('visitor'),
        count(eb.and([application, eb('c.client_address', '=', place.clientAddress)])).as(
          'address',
        ),
      ];
    })
    .where('a.company_id', '=', place.companyId)
    .where('c.ended_at', 'is', null)
    .executeTakeFirstOrThrow();
  const full = (
    [
      ['visitor', limits.concurrent_sessions_per_visitor, 'this visitor already runs'],
      ['address', limits.concurrent_sessions_per_address, 'this address already runs'],
      ['application', limits.concurrent_sessions, 'this application already runs'],
      ['company', place.companyCap, 'this company already runs'],
    ] as const
  ).find(([key, cap]) => Number(live[key] ?? 0) >= cap);
  if (full) {
    const [, cap, who] = full;
    throw new HttpError(429, `${who} ${cap} conversations at once; end one or retry later`);
  }
  const day = new Date().toISOString().slice(0, 10);
  const today = await trx
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('publication_id', '=', place.publicationId)
    .where('started_at', '>=', `${day}T00:00:00.000Z`)
    .executeTakeFirstOrThrow();
  if (Number(today.n) >= limits.daily_sessions) {
    throw new HttpError(
      429,
      `this publication has started its ${limits.daily_sessions} sessions for today`,
    );
  }
}
