import { randomUUID } from 'node:crypto';
import type { OpenDatabase } from '../db/database.js';
import { DEMO_SCENARIO } from './demo-scenario.js';

const COMPANY = 'Trailhead (demo)';

/** What a developer needs next, printed by `npm run seed`. */
export interface SeedSummary {
  company_id: number;
  application_id: number;
  publications: { staging: string; production: string };
}

/**
 * Creates the demo company, application, scenario and its staging and production publications.
 * Seeding twice changes nothing: an existing demo company is left as it is.
 */
export async function seedDemo({ db }: OpenDatabase): Promise<SeedSummary> {
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    let company = await trx
      .selectFrom('companies')
      .select('id')
      .where('name', '=', COMPANY)
      .executeTakeFirst();
    if (!company) {
      company = await trx
        .insertInto('companies')
        .values({ name: COMPANY, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const application = await trx
        .insertInto('applications')
        .values({
          company_id: company.id,
          name: 'Demo shop',
          allowed_origins: '[]',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const definition = JSON.stringify(DEMO_SCENARIO.definition);
      const scenario = await trx
        .insertInto('scenarios')
        .values({
          application_id: application.id,
          name: DEMO_SCENARIO.name,
          definition,
          language: DEMO_SCENARIO.language,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const snapshot = JSON.stringify({
        name: DEMO_SCENARIO.name,
        language: DEMO_SCENARIO.language,
        ...DEMO_SCENARIO.definition,
      });
      for (const label of ['staging', 'production']) {
        await trx
          .insertInto('publications')
          .values({
            uuid: randomUUID(),
            scenario_id: scenario.id,
            label,
            snapshot,
            published_at: now,
          })
          .execute();
      }
    }
    const rows = await trx
      .selectFrom('publications')
      .innerJoin('scenarios', 'scenarios.id', 'publications.scenario_id')
      .innerJoin('applications', 'applications.id', 'scenarios.application_id')
      .select(['publications.uuid', 'publications.label', 'applications.id as application_id'])
      .where('applications.company_id', '=', company.id)
      .where('scenarios.name', '=', DEMO_SCENARIO.name)
      .execute();
    const uuid = (label: string) => rows.find((row) => row.label === label)?.uuid ?? '';
    return {
      company_id: company.id,
      application_id: rows[0]?.application_id ?? 0,
      publications: { staging: uuid('staging'), production: uuid('production') },
    };
  });
}
