// Collection search by meaning at catalogue scale: one English collection of 10,000 items (the
// demo shop's items repeated under new ids), searched with descriptions whose words no item holds
// and with names the items hold, on SQLite and PostgreSQL. The first description computes and
// stores every item's vector (at most 400 before it answers, the rest after it); the searches
// after find them in memory. Writes a dated report under bench/results/.
//
//   npx tsx --conditions=@svc/source bench/api/item-meaning.ts [--items 10000] [--rounds 3]
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { defaultEmbedder } from '@svc/api/knowledge';
import {
  createCollectionStore,
  createItemMeaning,
  createItemSearch,
  DEMO_COLLECTION,
  demoProducts,
} from '@svc/api/testing';
import { percentiles } from '../agent/worker-kit.js';
import { onCompanyDatabase, type Dialect } from './company-database.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
  },
});
const itemCount = Number(values.items);

/** Descriptions no item's words hold (none of them from an evaluation set). */
const DESCRIPTIONS: readonly [string, string, ...string[]] = [
  'something to keep my feet warm',
  'anything for cooking dinner outdoors',
  'gear to stay dry in a storm',
  'a light for reading in the tent',
  'carry my stuff on a day hike',
  'sleep warm on a freezing night',
];
/** Names the items hold: searched by words, as before. */
const NAMES = ['headlamp', 'rain jacket', 'sleeping bag', 'camp stove', 'wool socks', 'day pack'];

function measure(dialect: Dialect) {
  return onCompanyDatabase(dialect, 'meaning', async (database, companyId) => {
    const meaning = createItemMeaning(database, defaultEmbedder());
    const store = createCollectionStore(database, createItemSearch(database, { meaning }));
    const collection = await store.create(companyId, { ...DEMO_COLLECTION, language: 'en' });
    const products = demoProducts();
    const items = Array.from({ length: itemCount }, (_, index) => index).flatMap((index) => {
      const product = products[index % products.length];
      if (!product) return [];
      const { id, ...data } = product;
      return [{ id: `${id}-${Math.floor(index / products.length)}`, data }];
    });
    for (let start = 0; start < items.length; start += 500)
      await store.upsertItems(collection, items.slice(start, start + 500));
    const search = (query: string) => store.search(collection, { query, limit: 5 });

    let started = performance.now();
    await search(DESCRIPTIONS[0]);
    const first = performance.now() - started;
    started = performance.now();
    await meaning.idle();
    const rest = performance.now() - started;
    // The next process reads the stored vectors instead of computing them.
    started = performance.now();
    const another = createCollectionStore(
      database,
      createItemSearch(database, { meaning: createItemMeaning(database, defaultEmbedder()) }),
    );
    await another.search(collection, { query: DESCRIPTIONS[1], limit: 5 });
    const stored = performance.now() - started;

    const times = { descriptions: [] as number[], names: [] as number[] };
    for (let round = 0; round < Number(values.rounds); round += 1) {
      for (const [kind, queries] of [
        ['descriptions', DESCRIPTIONS],
        ['names', NAMES],
      ] as const) {
        for (const query of queries) {
          const start = performance.now();
          await search(query);
          times[kind].push(performance.now() - start);
        }
      }
    }
    const summary = (list: number[]) => {
      const { p50, p95, n } = percentiles(list);
      return { p50, p95, count: n };
    };
    return {
      dialect,
      first,
      rest,
      stored,
      descriptions: summary(times.descriptions),
      names: summary(times.names),
    };
  });
}

const results = [await measure('sqlite'), await measure('postgres')];
const stamp = new Date().toISOString();
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const lines = [
  `# Collection search by meaning, ${itemCount.toLocaleString('en-US')} items, ${stamp.slice(0, 10)}`,
  '',
  `\`npx tsx --conditions=@svc/source bench/api/item-meaning.ts --items ${itemCount} --rounds ${values.rounds}\`,`,
  `${cpus().length} cores, Node ${process.version}, run at ${stamp}. One English collection of the`,
  "demo shop's items repeated to that count; top 5. A description is a query with words no item",
  'holds (read by meaning); a name is one the items hold (searched by words, as before).',
  '',
  '| database | first description (400 vectors computed) | the rest computed after it | first description of a new process (vectors stored) | descriptions p50 / p95 | names p50 / p95 |',
  '|---|---|---|---|---|---|',
  ...results.map(
    (result) =>
      `| ${result.dialect} | ${ms(result.first)} | ${ms(result.rest)} | ${ms(result.stored)} | ${ms(result.descriptions.p50)} / ${ms(result.descriptions.p95)} (${result.descriptions.count}) | ${ms(result.names.p50)} / ${ms(result.names.p95)} (${result.names.count}) |`,
  ),
  '',
];
const file = new URL(
  `../results/item-meaning-${stamp.slice(0, 16).replace(/[T:]/g, '-')}.md`,
  import.meta.url,
);
writeFileSync(file, lines.join('\n'));
console.log(lines.join('\n'));
