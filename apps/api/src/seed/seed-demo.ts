import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword, PASSWORD_COST, type PasswordCost } from '../auth.js';
import { searchText } from '../collections/collection.js';
import type { Database, OpenDatabase } from '../db/database.js';
import { createCollectionStore } from '../collections/store.js';
import { declareOperations } from '../feature-catalog.js';
import { DEMO_SCENARIO, demoScenarioIn } from './demo-scenario.js';
import { DEMO_COLLECTION, demoProducts } from './products.js';
import { demoCollectionIn, demoProductsIn, type CatalogueLanguage } from './products-i18n.js';

const COMPANY = 'Trailhead (demo)';
/** The demo admin; the password comes from `SVC_SEED_ADMIN_PASSWORD` or is this default. */
export const DEMO_ADMIN = { email: 'admin@trailhead.example', password: 'trailhead-demo' } as const;

let demoPasswordHash: Promise<string> | undefined;

/** What a developer needs next, printed by `npm run seed`. */
export interface SeedSummary {
  company_id: number;
  application_id: number;
  collection_id: number;
  /**
   * The shop's publications: its English scenario's staging and production, and the production
   * publication of its French scenario (same catalogue, French item texts).
   */
  publications: { staging: string; production: string; french: string };
  /** The French catalogue's collection. */
  french_collection_id: number;
  /** The demo admin's email; the summary is printed, so it never holds the password. */
  admin: { email: string };
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
 * scenario with the collection attached, and its staging and production publications; then the
 * same shop in French (the catalogue with French texts, searched in French, and a French scenario
 * published as production). Each part is created only when it is missing, so seeding twice
 * changes nothing.
 */
export async function seedDemo(
  database: OpenDatabase,
  options: {
    /** The demo admin's password (default `SVC_SEED_ADMIN_PASSWORD`, else the public one). */
    adminPassword?: string;
    /** Its hash's scrypt cost (default the production `PASSWORD_COST`; the test kit's is cheap). */
    passwordCost?: PasswordCost;
  } = {},
): Promise<SeedSummary> {
  const { db } = database;
  const now = new Date().toISOString();
  const adminPassword =
    options.adminPassword ?? (process.env.SVC_SEED_ADMIN_PASSWORD || DEMO_ADMIN.password);
  const cost = options.passwordCost ?? PASSWORD_COST;
  // Hashing is slow on purpose; do it before the transaction holds the database. The public demo
  // password's production hash is made once per process: tests may seed a database per suite.
  const passwordHash = await (adminPassword === DEMO_ADMIN.password && cost === PASSWORD_COST
    ? (demoPasswordHash ??= hashPassword(DEMO_ADMIN.password))
    : hashPassword(adminPassword, cost));
  const english = await db.transaction().execute(async (trx: Kysely<Database>) => {
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
    const publications = await seedScenario(trx, application.id, DEMO_SCENARIO, collection.id, [
      'staging',
      'production',
    ]);
    return {
      company: company.id,
      application: application.id,
      collection: collection.id,
      publications,
    };
  });
  const french = await seedShopIn(database, 'fr', {
    company_id: english.company,
    application_id: english.application,
  });
  return {
    company_id: english.company,
    application_id: english.application,
    collection_id: english.collection,
    publications: { ...english.publications, french: french.publication },
    french_collection_id: french.collection_id,
    admin: { email: DEMO_ADMIN.email },
  };
}

/** A scenario of the demo: its name, language and definition. */
type DemoScenario = typeof DEMO_SCENARIO | ReturnType<typeof demoScenarioIn>;

/**
 * The scenario on the application (found by name, or created) with the collection attached, and
 * a publication per label (each created only when missing); answers the publications' uuids.
 */
async function seedScenario<Label extends string>(
  trx: Kysely<Database>,
  applicationId: number,
  demo: DemoScenario,
  collectionId: number,
  labels: Label[],
): Promise<Record<Label, string>> {
  const now = new Date().toISOString();
  // Stored as the admin API stores a scenario: every tool's operation declared.
  const definition = {
    ...demo.definition,
    features: declareOperations(demo.definition.features),
  };
  const scenario = await findOrCreate(
    () =>
      trx
        .selectFrom('scenarios')
        .select('id')
        .where('application_id', '=', applicationId)
        .where('name', '=', demo.name)
        .executeTakeFirst(),
    () =>
      trx
        .insertInto('scenarios')
        .values({
          application_id: applicationId,
          name: demo.name,
          definition: JSON.stringify(definition),
          language: demo.language,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
  );
  await trx
    .insertInto('scenario_collections')
    .values({ scenario_id: scenario.id, collection_id: collectionId })
    .onConflict((conflict) => conflict.columns(['scenario_id', 'collection_id']).doNothing())
    .execute();
  const snapshot = JSON.stringify({
    name: demo.name,
    language: demo.language,
    ...definition,
    collection_ids: [collectionId],
  });
  const publications = {} as Record<Label, string>;
  for (const label of labels) {
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
  return publications;
}

/**
 * The shop in another language on the demo's application: its catalogue (searched in that
 * language) and its scenario in that language, published as production; each created only when
 * missing. `npm run seed` makes the French one; evaluations make the others.
 */
export async function seedShopIn(
  database: OpenDatabase,
  language: CatalogueLanguage,
  demo: { company_id: number; application_id: number },
): Promise<{ collection_id: number; publication: string }> {
  const store = createCollectionStore(database);
  const definition = demoCollectionIn(language);
  let collection = (await store.list(demo.company_id)).find(
    (candidate) => candidate.name === definition.name,
  );
  if (!collection) {
    collection = await store.create(demo.company_id, definition);
    await store.upsertItems(
      collection,
      demoProductsIn(language).map(({ id, ...data }) => ({ id, data })),
    );
  }
  const collectionId = collection.id;
  const { production } = await database.db
    .transaction()
    .execute((trx) =>
      seedScenario(trx, demo.application_id, demoScenarioIn(language), collectionId, [
        'production',
      ]),
    );
  return { collection_id: collectionId, publication: production };
}
