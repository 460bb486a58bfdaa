import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';

/** The visitors of applications: one per external id the embedding page names. */
export interface Visitors {
  /** The visitor's id for `externalId`, created the first time the application names it. */
  identify(applicationId: number, externalId: string): Promise<number>;
  /** Whether the visitor still exists (an admin may have erased it since its token was signed). */
  known(visitorId: number, applicationId: number): Promise<boolean>;
}

/**
 * Answers 401 for a visitor token whose visitor was erased since it was signed: the page then
 * identifies again (the SDK does so on a 401) and starts afresh as a new visitor, instead of
 * failing on records that refer to one no longer there.
 */
export async function checkVisitorKnown(
  visitors: Visitors,
  claims: { visitorId: number; application_id: number },
): Promise<void> {
  if (!(await visitors.known(claims.visitorId, claims.application_id)))
    throw new HttpError(401, 'this visitor is no longer known; identify again');
}

/** The visitors on one database. */
export function createVisitors({ db }: OpenDatabase): Visitors {
  const find = (applicationId: number, externalId: string) =>
    db
      .selectFrom('visitors')
      .select('id')
      .where('application_id', '=', applicationId)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  return {
    async identify(applicationId, externalId) {
      // Most visitors come back, so read first; a new one is inserted once, and a concurrent
      // insert of the same visitor is read back.
      const known = await find(applicationId, externalId);
      if (known) return known.id;
      await db
        .insertInto('visitors')
        .values({
          application_id: applicationId,
          external_id: externalId,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(['application_id', 'external_id']).doNothing())
        .execute();
      const created = await find(applicationId, externalId);
      if (!created) throw new Error(`visitor ${externalId} vanished right after it was created`);
      return created.id;
    },
    async known(visitorId, applicationId) {
      const row = await db
        .selectFrom('visitors')
        .select('id')
        .where('id', '=', visitorId)
        .where('application_id', '=', applicationId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
