// Fixtures for the API's own route tests: one company with an application, a gear collection and a
// published scenario, and another company beside it to prove nothing crosses over.
import type { OpenDatabase } from './db/database.js';
import { createAdminAuth } from './auth.js';
import { createCollectionStore } from './collections/store.js';
import { TEST_PASSWORD_COST } from './testing/test-api.js';

/**
 * Seeds a migrated, empty database with the fixture's rows (a `seed` for `startTestApi`);
 * `publicationUuid` is published, on the application the ids name.
 */
export async function seedFixture(database: OpenDatabase) {
  const { db } = database;
  const now = new Date().toISOString();
  const company = await db
    .insertInto('companies')
    .values({ name: 'Acme Outdoor', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const insertApplication = (name: string, origins: string[]) =>
    db
      .insertInto('applications')
      .values({
        company_id: company.id,
        name,
        allowed_origins: JSON.stringify(origins),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const application = await insertApplication('Shop', []);
  const other = await insertApplication('Other shop', []);
  // A small gear collection on the first publication; another company's collection beside it.
  const store = createCollectionStore(database);
  const insertCollection = async (companyId: number, name: string) => {
    const row = await db
      .insertInto('collections')
      .values({
        company_id: companyId,
        name,
        description: 'Outdoor gear',
        view: JSON.stringify({
          template: 'card',
          mapping: { title: '{{name}}', price: '{{price}} USD' },
        }),
        search_fields: JSON.stringify([
          { name: 'name', index_type: 'text' },
          { name: 'description', index_type: 'text' },
        ]),
        filter_fields: JSON.stringify([
          {
            name: 'Category',
            filter_key: 'category',
            field_type: 'enum',
            enum_options: [
              { value: 'footwear', label: 'Footwear' },
              { value: 'tents', label: 'Tents' },
              { value: 'lighting', label: 'Lighting' },
            ],
          },
          { name: 'Price', filter_key: 'price', field_type: 'number' },
          { name: 'Waterproof', filter_key: 'waterproof', field_type: 'boolean' },
        ]),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return store.get(companyId, row.id);
  };
  const collection = await insertCollection(company.id, 'Gear');
  await store.upsertItems(collection, GEAR);
  const foreignCompany = await db
    .insertInto('companies')
    .values({ name: 'Other company', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const foreignCollection = await insertCollection(foreignCompany.id, 'Their gear');
  await store.upsertItems(foreignCollection, [{ id: 'X-1', data: { name: 'Secret boot' } }]);
  const auth = createAdminAuth(database, { passwordCost: TEST_PASSWORD_COST });
  await auth.createAdmin(company.id, ADMIN.email, ADMIN.password);
  await auth.createAdmin(foreignCompany.id, 'admin@other.example', ADMIN.password);

  const publish = async (applicationId: number, uuid: string, collectionIds: number[]) => {
    const scenario = await db
      .insertInto('scenarios')
      .values({
        application_id: applicationId,
        name: 'Assistant',
        definition: '{}',
        language: 'en-US',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('publications')
      .values({
        uuid,
        scenario_id: scenario.id,
        label: 'production',
        snapshot: JSON.stringify({
          name: 'Assistant',
          prompt: 'Secret prompt',
          limit: 3,
          collection_ids: collectionIds,
          // Sessions may ask for these languages besides the scenario's own.
          translations: { 'de-DE': {}, 'fr-FR': { prompt: 'Invite secrète' } },
        }),
        published_at: now,
      })
      .execute();
  };
  await publish(application.id, '11111111-1111-4111-8111-111111111111', [collection.id]);
  await publish(other.id, '22222222-2222-4222-8222-222222222222', []);
  return {
    companyId: company.id,
    applicationId: application.id,
    publicationUuid: '11111111-1111-4111-8111-111111111111',
    otherPublicationUuid: '22222222-2222-4222-8222-222222222222',
    collectionId: collection.id,
    foreignCompanyId: foreignCompany.id,
    foreignCollectionId: foreignCollection.id,
  };
}

/** The fixture company's admin. */
export const ADMIN = { email: 'admin@acme.example', password: 'correct horse battery staple' };

/** The fixture collection's items. */
export const GEAR = [
  {
    id: 'B-1',
    data: {
      name: 'Waterproof hiking boot',
      description: 'Leather boots for wet trails',
      category: 'footwear',
      price: 180,
      waterproof: true,
    },
  },
  {
    id: 'B-2',
    data: {
      name: 'Trail runner',
      description: 'Light running shoes',
      category: 'footwear',
      price: 120,
      waterproof: false,
    },
  },
  {
    id: 'B-3',
    data: {
      name: 'Winter boot',
      description: 'Warm insulated boots',
      category: 'footwear',
      price: 220,
      waterproof: true,
    },
  },
  {
    id: 'T-1',
    data: {
      name: 'Two person tent',
      description: 'Light dome tent',
      category: 'tents',
      price: 300,
      waterproof: true,
    },
  },
  {
    id: 'T-2',
    data: {
      name: 'Family tent',
      description: 'Roomy tent for six',
      category: 'tents',
      price: 450,
      waterproof: true,
    },
  },
  {
    id: 'L-1',
    data: {
      name: 'Headlamp',
      description: 'Bright light, 300 lumens',
      category: 'lighting',
      price: 40,
      waterproof: false,
    },
  },
];

/** The other company's admin (same password as {@link ADMIN}). */
export const FOREIGN_ADMIN = { email: 'admin@other.example', password: ADMIN.password };
