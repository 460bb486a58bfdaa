import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import {
  adminCaller,
  adminToken,
  AGENT_KEY,
  describeOnBothDialects,
  postgresForSuite,
  type SuitePostgres,
} from '../test-harness.js';
import { patchPublicationSnapshot } from '../testing/index.js';
import { createCollectionStore } from './store.js';

const FRENCH = [
  { id: 'FR-1', data: { name: 'Chaussure de randonnée', description: 'Cuir imperméable' } },
  { id: 'FR-2', data: { name: 'Tentes', description: 'Dôme pour deux personnes' } },
  { id: 'FR-3', data: { name: 'Lampe frontale', description: '300 lumens' } },
  { id: 'FR-4', data: { name: 'Chapeau de pluie', description: 'Léger' } },
];
const SPANISH = [
  { id: 'ES-1', data: { name: 'Tienda de campaña', description: 'Para dos personas' } },
  { id: 'ES-2', data: { name: 'Saco de dormir ligero', description: 'Plumón, cálido' } },
  { id: 'ES-3', data: { name: 'Botas de montaña', description: 'Cuero impermeable' } },
];
const GERMAN = [
  { id: 'DE-1', data: { name: 'Schlafsack', description: 'Daunen, warm' } },
  { id: 'DE-2', data: { name: 'Zelt für zwei', description: 'Leichte Kuppel' } },
  { id: 'DE-3', data: { name: 'Handschuh', description: 'Wasserdicht' } },
];
/** German compounds, found under their heads. */
const GERMAN_COMPOUNDS = [
  { id: 'DE-11', data: { name: 'Daunenschlafsack', description: 'Für den Winter' } },
  { id: 'DE-12', data: { name: 'Tunnelzelte', description: 'Für Familien' } },
];
const SEARCH_FIELDS = [
  { name: 'name', index_type: 'text' },
  { name: 'description', index_type: 'text' },
];

// Search in a collection's language, through the admin, visitor and agent routes, on both
// databases: stemming and accent folding for French, Spanish and German; English as before. Words
// alone: no embedding model, so an English word no item holds is not read by meaning
// (meaning.test.ts).
describeOnBothDialects(
  'search in the collection language',
  (harness, dialect) => {
    const admin = adminCaller(() => harness().app);
    let token: string;
    beforeAll(async () => {
      token = await adminToken(harness().app);
    });

    /** A new collection with items; answers its id and a search of it by the admin route. */
    async function collection(body: object, items: { id: string; data: object }[]) {
      const created = await admin('POST', '/collections', token, {
        search_fields: SEARCH_FIELDS,
        ...body,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as number;
      for (const item of items) {
        const saved = await admin('POST', `/collections/${id}/items`, token, item);
        expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      }
      const search = async (query: string) => {
        const found = await admin(
          'GET',
          `/collections/${id}/items?query=${encodeURIComponent(query)}`,
          token,
        );
        expect(found.status, JSON.stringify(found.body)).toBe(200);
        return (found.body.items as { id: string }[]).map((item) => item.id);
      };
      return { id, language: created.body.language as string, search };
    }

    /** FTS5's own check that the stems index matches the rows (SQLite keeps it by triggers). */
    async function stemsIndexIsConsistent(database: OpenDatabase) {
      if (dialect !== 'sqlite') return;
      await sql`insert into collection_items_stems_fts(collection_items_stems_fts, rank)
      values ('integrity-check', 1)`.execute(database.db);
    }

    it('French: "chaussures" finds the Chaussure, "tente" the Tentes, accents or not', async () => {
      const french = await collection({ name: 'Équipement', language: 'fr-FR' }, FRENCH);
      expect(french.language).toBe('fr-FR');
      expect(await french.search('chaussures')).toEqual(['FR-1']);
      expect(await french.search('tente')).toEqual(['FR-2']);
      expect(await french.search('randonnee')).toEqual(['FR-1']);
      expect(await french.search('RANDONNÉES')).toEqual(['FR-1']);
      expect(await french.search('impermeables')).toEqual(['FR-1']);
      expect(await french.search('lampes frontales')).toEqual(['FR-3']);
      expect(await french.search('sac')).toEqual([]);
      // Plurals English stemming does not know (see the English control below).
      expect(await french.search('chapeaux')).toEqual(['FR-4']);
    });

    it('finds only the items with every word said when some have them all, else those with any', async () => {
      const english = await collection({ name: 'Jackets' }, [
        { id: 'EN-1', data: { name: 'Fleece Jacket', description: 'Warm midlayer' } },
        { id: 'EN-2', data: { name: 'Rain Jacket', description: 'Packs small' } },
        { id: 'EN-3', data: { name: 'Rain Hat', description: 'Wide brim' } },
      ]);
      expect(await english.search('rain jacket')).toEqual(['EN-2']);
      // No item is a green jacket: the jackets, as before.
      expect((await english.search('green jacket')).sort()).toEqual(['EN-1', 'EN-2']);
      const french = await collection({ name: 'Vestes', language: 'fr-FR' }, [
        { id: 'FR-11', data: { name: 'Veste polaire', description: 'Chaude' } },
        { id: 'FR-12', data: { name: 'Veste de pluie', description: 'Légère' } },
      ]);
      expect(await french.search('vestes polaires')).toEqual(['FR-11']);
    });

    it('finds what has the word of what the thing is when no item has every word', async () => {
      const english = await collection({ name: 'Gear' }, [
        { id: 'EN-21', data: { name: 'Canyon Boot', description: 'Grips on rock' } },
        { id: 'EN-22', data: { name: 'Canyon Hat', description: 'Wide brim' } },
        { id: 'EN-23', data: { name: 'Kayak Paddle', description: 'Carbon shaft' } },
      ]);
      // No canyon paddle: the paddle, not the canyon boot and hat.
      expect(await english.search('canyon paddles')).toEqual(['EN-23']);
      // No item has the word of the thing asked for: any word, as before.
      expect((await english.search('canyon bikes')).sort()).toEqual(['EN-21', 'EN-22']);
      const french = await collection({ name: 'Équipement', language: 'fr-FR' }, [
        { id: 'FR-21', data: { name: 'Chaussure de canyon', description: 'Adhérente' } },
        { id: 'FR-22', data: { name: 'Pagaie de kayak', description: 'Carbone' } },
      ]);
      // French says what the thing is first.
      expect(await french.search('pagaie canyon')).toEqual(['FR-22']);
    });

    it('takes a word that names a yes-or-no field as had by the items whose field is true', async () => {
      const shells = await collection(
        {
          name: 'Shells',
          filter_fields: [{ name: 'Waterproof', filter_key: 'waterproof', field_type: 'boolean' }],
        },
        [
          {
            id: 'SH-1',
            data: { name: 'Waterproof shell', description: 'Taped seams', waterproof: true },
          },
          {
            id: 'SH-2',
            data: { name: 'Storm shell', description: 'Three layers', waterproof: true },
          },
          {
            id: 'SH-3',
            data: { name: 'Wind shell', description: 'Packs small', waterproof: false },
          },
        ],
      );
      // The storm shell is waterproof by its field, not its words; the one saying it ranks first.
      expect(await shells.search('waterproof shell')).toEqual(['SH-1', 'SH-2']);
      // A word of no field keeps to the words.
      expect(await shells.search('storm shell')).toEqual(['SH-2']);
    });

    it('Spanish: "tiendas" finds the Tienda de campaña, and "campana" without its tilde', async () => {
      const spanish = await collection({ name: 'Equipo', language: 'es-ES' }, SPANISH);
      expect(await spanish.search('tiendas')).toEqual(['ES-1']);
      expect(await spanish.search('campana')).toEqual(['ES-1']);
      expect(await spanish.search('sacos')).toEqual(['ES-2']);
      expect(await spanish.search('calido')).toEqual(['ES-2']);
      expect(await spanish.search('bota')).toEqual(['ES-3']);
      expect(await spanish.search('ligeras')).toEqual(['ES-2']);
    });

    it('German: "Schlafsäcke" finds the Schlafsack, "Zelte" the Zelt', async () => {
      const german = await collection({ name: 'Ausrüstung', language: 'de-DE' }, [
        ...GERMAN,
        ...GERMAN_COMPOUNDS,
      ]);
      // A compound is found under its head: the Daunenschlafsack is a Schlafsack too.
      expect((await german.search('Schlafsäcke')).sort()).toEqual(['DE-1', 'DE-11']);
      expect((await german.search('schlafsacke')).sort()).toEqual(['DE-1', 'DE-11']);
      expect((await german.search('Zelte')).sort()).toEqual(['DE-12', 'DE-2']);
      expect(await german.search('Daunen')).toContain('DE-11');
      expect(await german.search('Handschuhen')).toEqual(['DE-3']);
      expect(await german.search('leichten')).toEqual(['DE-2']);
    });

    it('the same items in an English collection: what only the language finds is not found', async () => {
      const english = await collection({ name: 'Mixed' }, [...FRENCH, ...SPANISH, ...GERMAN]);
      for (const query of ['chapeaux', 'ligeras', 'Handschuhen', 'leichten'])
        expect(await english.search(query), query).toEqual([]);
      // English rules that happen to fit: the porter stemmer drops a final s or e.
      expect(await english.search('tente')).toEqual(['FR-2']);
    });

    it('a collection without a language searches as English; a new language indexes its items again', async () => {
      const gear = await collection({ name: 'Handschuhe' }, GERMAN);
      expect(gear.language).toBe('en');
      // English stemming does not know German plurals in -en.
      expect(await gear.search('Handschuhen')).toEqual([]);
      const german = await admin('PATCH', `/collections/${gear.id}`, token, { language: 'de' });
      expect(german.status).toBe(200);
      expect(german.body.language).toBe('de');
      expect(await gear.search('Handschuhen')).toEqual(['DE-3']);
      // Items saved, changed and deleted after the change are indexed in German too.
      await admin('POST', `/collections/${gear.id}/items`, token, {
        id: 'DE-4',
        data: { name: 'Rucksäcke', description: 'Groß' },
      });
      await admin('PUT', `/collections/${gear.id}/items/DE-1`, token, {
        data: { name: 'Schlafsäcke', description: 'Kunstfaser' },
      });
      await admin('DELETE', `/collections/${gear.id}/items/DE-2`, token);
      expect(await gear.search('Rucksack')).toEqual(['DE-4']);
      expect(await gear.search('Schlafsack')).toEqual(['DE-1']);
      expect(await gear.search('Daunen')).toEqual([]);
      expect(await gear.search('Zelt')).toEqual([]);
      await stemsIndexIsConsistent(harness().fixture.database);
      // Another region of the same language keeps the German index.
      const swiss = await admin('PATCH', `/collections/${gear.id}`, token, { language: 'de-CH' });
      expect(swiss.body.language).toBe('de-CH');
      expect(await gear.search('Handschuhen')).toEqual(['DE-3']);
      // Back to English: the German stems leave the index.
      const english = await admin('PATCH', `/collections/${gear.id}`, token, { language: 'en-GB' });
      expect(english.body.language).toBe('en-GB');
      expect(await gear.search('Handschuhen')).toEqual([]);
      expect(await gear.search('Handschuh')).toEqual(['DE-3']);
      await stemsIndexIsConsistent(harness().fixture.database);
      expect((await admin('GET', `/collections/${gear.id}`, token)).body).toMatchObject({
        language: 'en-GB',
        item_count: 3,
      });
    });

    it('400 for a language search does not know; a tag is stored in its canonical case', async () => {
      for (const language of ['pt-BR', 'it', 'french', 'fr_FR', '', 42]) {
        const created = await admin('POST', '/collections', token, { name: 'X', language });
        expect(created.status, String(language)).toBe(400);
        expect(created.body).toEqual({ error: expect.any(String) });
      }
      const german = await collection({ name: 'Österreich', language: 'de-at' }, []);
      expect(german.language).toBe('de-AT');
      const changed = await admin('PATCH', `/collections/${german.id}`, token, { language: 'it' });
      expect(changed.status).toBe(400);
      expect((await admin('GET', `/collections/${german.id}`, token)).body.language).toBe('de-AT');
      const listed = await admin('GET', '/collections', token);
      expect(listed.body.collections).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: german.id, language: 'de-AT' })]),
      );
    });

    it("the visitor's and the agent's search go through the collection's language", async () => {
      const french = await collection({ name: 'Catalogue', language: 'fr' }, FRENCH);
      const { database, publicationUuid } = harness().fixture;
      await patchPublicationSnapshot(database, publicationUuid, (snapshot) => ({
        ...snapshot,
        collection_ids: [...(snapshot.collection_ids ?? []), french.id],
      }));
      const visitor = await harness().visitor('francophone');
      const search = async (url: string, bearer: string, query: string) => {
        const response = await harness().app.inject({
          method: 'POST',
          url,
          payload: { query },
          headers: { authorization: `Bearer ${bearer}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json().items as { id: string }[]).map((item) => item.id);
      };
      const visitorUrl = `/v1/visitor/collections/${french.id}/search`;
      expect(await search(visitorUrl, visitor.token, 'chaussures')).toEqual(['FR-1']);
      const conversation = await harness().conversation(visitor.id);
      const agentUrl = `/v1/agent/conversations/${conversation}/collections/${french.id}/search`;
      expect(await search(agentUrl, AGENT_KEY, 'tente')).toEqual(['FR-2']);
      // The config the agent hands on keeps the contract's `Collection`, without the language.
      const config = await harness().app.inject({
        method: 'GET',
        url: `/v1/agent/conversations/${conversation}/config`,
        headers: { authorization: `Bearer ${AGENT_KEY}` },
      });
      const attached = config.json().collections as { id: number }[];
      expect(attached.find((collection) => collection.id === french.id)).toEqual(
        expect.not.objectContaining({ language: expect.anything() }),
      );
      expect(attached.map((collection) => collection.id)).toContain(french.id);
      // The fixture's English collection beside it searches as before.
      const englishUrl = `/v1/visitor/collections/${harness().fixture.collectionId}/search`;
      expect(await search(englishUrl, visitor.token, 'boots')).toEqual(
        expect.arrayContaining(['B-1', 'B-3']),
      );
    });
  },
  {
    embedder: async () => {
      throw new Error('no embedding model in this suite');
    },
  },
);

// Collections and items stored before migration 012 search as English after it, on both databases.
describe('migration 012', () => {
  let postgres: SuitePostgres | undefined;
  beforeAll(async () => {
    postgres = await postgresForSuite();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });

  it.each(['sqlite', 'postgres'] as const)(
    'indexes the items stored before it in English (%s)',
    async (dialect) => {
      const database = openDatabase(
        dialect === 'postgres' && postgres
          ? postgres.url
          : join(mkdtempSync(join(tmpdir(), 'svc-language-')), 'svc.db'),
      );
      try {
        await migrate(database, { to: '011_agent_capabilities' });
        for (const statement of [
          sql`insert into companies (name) values ('Old')`,
          sql`insert into collections (company_id, name, search_fields)
            values (1, 'Old gear', ${JSON.stringify(SEARCH_FIELDS)})`,
          sql`insert into collection_items (collection_id, item_id, data, search_text) values
            (1, 'B-1', '{}', 'Waterproof hiking boot'), (1, 'C-1', '{}', 'Café press')`,
        ])
          await statement.execute(database.db);
        await migrate(database);
        const store = createCollectionStore(database);
        const gear = await store.get(1, 1);
        expect(gear.language).toBe('en');
        const search = async (query: string) =>
          (await store.search(gear, { query, limit: 10 })).map((item) => item.id);
        expect(await search('boots')).toEqual(['B-1']);
        expect(await search('hike')).toEqual(['B-1']);
        // Accents fold on both databases now (PostgreSQL's English did not fold them before).
        expect(await search('cafe')).toEqual(['C-1']);
        if (dialect === 'sqlite') {
          // The rows stored before are in the stems index (with no stems): deleting one keeps it whole.
          await store.removeItem(gear.id, 'C-1');
          await sql`insert into collection_items_stems_fts(collection_items_stems_fts, rank)
            values ('integrity-check', 1)`.execute(database.db);
        }
      } finally {
        await database.close();
      }
    },
    60_000,
  );
});
