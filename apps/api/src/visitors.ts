import type { OpenDatabase } from './db/database.js';

/** The visitors of applications: one per external id the embedding page names. */
export interface Visitors {
  /** The visitor's id for `externalId`, created the first time the application names it. */
  identify(applicationId: number, externalId: string): Promise<number>;
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
  };
}
