import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { createCollectionStore } from '../collections/store.js';
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
    // Two scenarios (the shop in English, and in French), three publications.
    expect(before).toEqual([1, 1, 2, 3]);
    expect(first.publications.french).toMatch(/^[0-9a-f-]{36}$/);
    expect(await seedDemo(database)).toEqual(first);
    expect(await count()).toEqual(before);
    const snapshot = JSON.parse(
      (
        await database.db
          .selectFrom('publications')
          .select('snapshot')
          .where('uuid', '=', first.publications.production)
          .executeTakeFirstOrThrow()
      ).snapshot,
    ) as { features: { type: string; tools: { settings?: { operation?: string } }[] }[] };
    expect(snapshot.features.map((feature) => feature.type).sort()).toEqual([
      'bucket:list:crud',
      'collection:items:comparison',
      'collection:items:display',
      'collection:items:search',
      'workflow:conversation:end',
    ]);
    // Stored as the admin API stores a scenario: what each tool does is declared.
    const operations = snapshot.features.flatMap((feature) =>
      feature.tools.map((tool) => tool.settings?.operation),
    );
    expect(operations).not.toContain(undefined);
    expect(operations).toContain('cart_add');
    await database.close();
  });

  it('publishes the shop in French: the same catalogue with French texts, searched in French', async () => {
    const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-seed-')), 'svc.db'));
    await migrate(database);
    const seeded = await seedDemo(database);
    const publication = await database.db
      .selectFrom('publications')
      .innerJoin('scenarios', 'scenarios.id', 'publications.scenario_id')
      .select(['publications.snapshot', 'scenarios.language'])
      .where('publications.uuid', '=', seeded.publications.french)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(publication.snapshot) as {
      language: string;
      first_message: string;
      collection_ids: number[];
      voice: { tts: { voice?: string } };
    };
    expect(publication.language).toBe('fr-FR');
    expect(snapshot).toMatchObject({
      language: 'fr-FR',
      first_message: expect.stringMatching(/^Bonjour/),
      collection_ids: [seeded.french_collection_id],
    });
    // No English flite voice on a French scenario.
    expect(snapshot.voice.tts.voice).toBeUndefined();

    const store = createCollectionStore(database);
    const [french] = await store.many(seeded.company_id, [seeded.french_collection_id]);
    expect(french?.language).toBe('fr-FR');
    expect(await store.countItems(seeded.french_collection_id)).toBe(
      await store.countItems(seeded.collection_id),
    );
    // The same product under the same id, in French.
    const [english] = await store.items(seeded.collection_id, ['TH-TEN-002']);
    const [translated] = await store.items(seeded.french_collection_id, ['TH-TEN-002']);
    expect(english?.data).toMatchObject({ name: 'Blue Ridge Solo Tent' });
    expect(translated?.data).toMatchObject({
      name: 'Tente solo Blue Ridge',
      price: english?.data.price,
      weight_g: english?.data.weight_g,
    });
    // French words find French items, plurals and accents folded.
    const found = await store.search(french!, { query: 'chaussures de randonnée', limit: 5 });
    expect(found.length).toBeGreaterThan(0);
    for (const item of found) expect(String(item.data.name)).toMatch(/^Chaussure de randonnée/);
    const tents = await store.search(french!, { query: 'tentes', limit: 50 });
    expect(tents.length).toBeGreaterThan(0);
    // Every tent, and the tarps and shelters of the tents category (its value is `tents`).
    expect(tents.map((item) => item.data.category)).toEqual(tents.map(() => 'tents'));
    expect(tents.filter((item) => String(item.data.name).startsWith('Tente'))).toHaveLength(30);
    await database.close();
  });
});
