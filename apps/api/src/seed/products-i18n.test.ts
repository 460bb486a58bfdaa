import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCollectionStore } from '../collections/store.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { demoProducts } from './products.js';
import { demoCollectionIn, demoProductsIn } from './products-i18n.js';

// The demo catalogue in French, Spanish and German: every product translated, the numbers kept,
// and the words a shopper of that language says find the items (SQLite; the search module's own
// tests cover PostgreSQL).
describe('the demo catalogue in other languages', () => {
  const english = demoProducts();

  it.each(['fr', 'es', 'de'] as const)('%s: every product, same ids and numbers', (language) => {
    const translated = demoProductsIn(language);
    expect(translated.map((product) => product.id)).toEqual(english.map((product) => product.id));
    translated.forEach((product, index) => {
      const original = english[index]!;
      expect(product).toMatchObject({
        price: original.price,
        weight_g: original.weight_g,
        category: original.category,
        brand: original.brand,
      });
      expect(product.name).not.toBe(original.name);
      expect(product.name.endsWith(original.brand)).toBe(true);
    });
    expect(new Set(translated.map((product) => product.name)).size).toBe(translated.length);
  });

  it.each([
    ['fr', 'chaussures de randonnée', /^Chaussure de randonnée /],
    ['es', 'tiendas de campana', /^Tienda de campaña /],
    ['es', 'botas de montaña', /^Bota de montaña /],
    ['de', 'Wanderschuhe', /^Wanderschuh /],
    // German compounds are found under their heads: every Schlafsack is a Daunen-, Sommer-, ...
    ['de', 'Schlafsäcke', /schlafsack /],
    ['de', 'Zelte', /zelt /],
  ] as const)('%s: "%s" finds the items it names', async (language, query, name) => {
    const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-i18n-')), 'svc.db'));
    await migrate(database);
    const company = await database.db
      .insertInto('companies')
      .values({ name: 'Shop', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const store = createCollectionStore(database);
    const collection = await store.create(company.id, demoCollectionIn(language));
    await store.upsertItems(
      collection,
      demoProductsIn(language).map(({ id, ...data }) => ({ id, data })),
    );
    const found = await store.search(collection, { query, limit: 6 });
    expect(found).toHaveLength(6);
    for (const item of found) expect(String(item.data.name)).toMatch(name);
    await database.close();
  });
});
