import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth.js';
import { searchText } from '../collections/collection.js';
import type { Database, OpenDatabase } from '../db/database.js';
import { DEMO_SCENARIO } from './demo-scenario.js';
import { DEMO_COLLECTION, demoProducts } from './products.js';

const COMPANY = 'Trailhead (demo)';
/** The demo admin; the password comes from `SVC_SEED_ADMIN_PASSWORD` or is this default. */
export const DEMO_ADMIN = { email: 'admin@trailhead.example', password: 'trailhead-demo' } as const;

/** What a developer needs next, printed by `npm run seed`. */
export interface SeedSummary {
  company_id: number;
  application_id: number;
  collection_id: number;
  publications: { staging: string; production: string };
  admin: { email: string; password: string };
}

/** Finds a row by a lookup, or inserts it; answers its id. */
async function findOrCreate(
  find: () => Promise<{ id: number } | undefined>,
  create: () => Promise<{ id: number }>,
): Promise<{ id: number; created: boolean }> {
  const found = await find();
  return found ? { id: found.id, created: false } : { id: (await create()).id, created: true };
}

/**
 * Creates the demo: company, admin, application, the product collection (294 items), the shop
 * scenario with the collection attached, and its staging and production publications. Each part
 * is created only when it is missing, so seeding twice changes nothing.
 */
export async function seedDemo(
  { db }: OpenDatabase,
  adminPassword = process.env.SVC_SEED_ADMIN_PASSWORD || DEMO_ADMIN.password,
): Promise<SeedSummary> {
  const now = new Date().toISOString();
  // Hashing is slow on purpose; do it before the transaction holds the database.
  const passwordHash = await hashPassword(adminPassword);
  return db.transaction().execute(async (trx: Kysely<Database>) => {
    const company = await findOrCreate(
      () => trx.selectFrom('companies').select('id').where('name', '=', COMPANY).executeTakeFirst(),
      () =>
        trx
          .insertInto('companies')
          .values({ name: COMPANY, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    await findOrCreate(
      () =>
        trx
          .selectFrom('admins')
          .select('id')
          .where('email', '=', DEMO_ADMIN.email)
          .executeTakeFirst(),
      () =>
        trx
          .insertInto('admins')
          .values({
            company_id: company.id,
            email: DEMO_ADMIN.email,
            password_hash: passwordHash,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    const application = await findOrCreate(
      () =>
        trx
          .selectFrom('applications')
          .select('id')
          .where('company_id', '=', company.id)
          .where('name', '=', 'Demo shop')
          .executeTakeFirst(),
      () =>
        trx
          .insertInto('applications')
          .values({
            company_id: company.id,
            name: 'Demo shop',
            allowed_origins: '[]',
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    const collection = await findOrCreate(
      () =>
        trx
          .selectFrom('collections')
          .select('id')
          .where('company_id', '=', company.id)
          .where('name', '=', DEMO_COLLECTION.name)
          .executeTakeFirst(),
      () =>
        trx
          .insertInto('collections')
          .values({
            company_id: company.id,
            name: DEMO_COLLECTION.name,
            description: DEMO_COLLECTION.description,
            view: JSON.stringify(DEMO_COLLECTION.view),
            search_fields: JSON.stringify(DEMO_COLLECTION.search_fields),
            filter_fields: JSON.stringify(DEMO_COLLECTION.filter_fields),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    if (collection.created) {
      const products = demoProducts();
      for (let start = 0; start < products.length; start += 100) {
        await trx
          .insertInto('collection_items')
          .values(
            products.slice(start, start + 100).map(({ id, ...data }) => ({
              collection_id: collection.id,
              item_id: id,
              data: JSON.stringify(data),
              search_text: searchText(data, DEMO_COLLECTION.search_fields),
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
      }
    }
    const scenario = await findOrCreate(
      () =>
        trx
          .selectFrom('scenarios')
          .select('id')
          .where('application_id', '=', application.id)
          .where('name', '=', DEMO_SCENARIO.name)
          .executeTakeFirst(),
      () =>
        trx
          .insertInto('scenarios')
          .values({
            application_id: application.id,
            name: DEMO_SCENARIO.name,
            definition: JSON.stringify(DEMO_SCENARIO.definition),
            language: DEMO_SCENARIO.language,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
    );
    await trx
      .insertInto('scenario_collections')
      .values({ scenario_id: scenario.id, collection_id: collection.id })
      .onConflict((conflict) => conflict.columns(['scenario_id', 'collection_id']).doNothing())
      .execute();
    const snapshot = JSON.stringify({
      name: DEMO_SCENARIO.name,
      language: DEMO_SCENARIO.language,
      ...DEMO_SCENARIO.definition,
      collection_ids: [collection.id],
    });
    const publications = { staging: '', production: '' };
    for (const label of ['staging', 'production'] as const) {
      const found = await trx
        .selectFrom('publications')
        .select('uuid')
        .where('scenario_id', '=', scenario.id)
        .where('label', '=', label)
        .executeTakeFirst();
      publications[label] = found?.uuid ?? randomUUID();
      if (!found) {
        await trx
          .insertInto('publications')
          .values({
            uuid: publications[label],
            scenario_id: scenario.id,
            label,
            snapshot,
            published_at: now,
          })
          .execute();
      }
    }
    return {
      company_id: company.id,
      application_id: application.id,
      collection_id: collection.id,
      publications,
      admin: { email: DEMO_ADMIN.email, password: adminPassword },
    };
  });
}
