// Fixtures for the API's tests: a migrated database in a temp folder with one company, one
// application and one published scenario. Excluded from the build by its name.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type OpenDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';

/**
 * A fresh, migrated database with the demo rows: a SQLite file in a temp folder, or the
 * PostgreSQL database at `url`. `publicationUuid` is published.
 */
export async function seededDatabase(options: { url?: string; allowedOrigins?: string[] } = {}) {
  const database: OpenDatabase = openDatabase(
    options.url ?? join(mkdtempSync(join(tmpdir(), 'svc-api-')), 'svc.db'),
  );
  await migrate(database);
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
  const application = await insertApplication('Shop', options.allowedOrigins ?? []);
  const other = await insertApplication('Other shop', []);
  const publish = async (applicationId: number, uuid: string) => {
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
        snapshot: '{}',
        published_at: now,
      })
      .execute();
  };
  await publish(application.id, '11111111-1111-4111-8111-111111111111');
  await publish(other.id, '22222222-2222-4222-8222-222222222222');
  return {
    database,
    companyId: company.id,
    applicationId: application.id,
    publicationUuid: '11111111-1111-4111-8111-111111111111',
    otherPublicationUuid: '22222222-2222-4222-8222-222222222222',
  };
}
