import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { seedDemo } from './seed-demo.js';

describe('seedDemo', () => {
  it('creates the demo with staging and production publications; seeding twice changes nothing', async () => {
    const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-seed-')), 'svc.db'));
    await migrate(database);
    const first = await seedDemo(database);
    expect(first.publications.staging).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.publications.production).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.publications.staging).not.toBe(first.publications.production);
    const count = async () =>
      Promise.all(
        (['companies', 'applications', 'scenarios', 'publications'] as const).map(async (table) =>
          Number(
            (
              await database.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    expect(before).toEqual([1, 1, 1, 2]);
    expect(await seedDemo(database)).toEqual(first);
    expect(await count()).toEqual(before);
    const snapshot = JSON.parse(
      (await database.db.selectFrom('publications').select('snapshot').executeTakeFirstOrThrow())
        .snapshot,
    ) as { features: { type: string }[] };
    expect(snapshot.features.map((feature) => feature.type).sort()).toEqual([
      'bucket:list:crud',
      'collection:items:comparison',
      'collection:items:display',
      'collection:items:search',
      'workflow:conversation:end',
    ]);
    await database.close();
  });
});
