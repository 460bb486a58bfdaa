import { loadMiniLm, loadUse, minilmFolder, useFolder, type Embedder } from '@svc/embeddings';
import { beforeAll, expect, it } from 'vitest';
import { demoProducts, DEMO_COLLECTION } from '../seed/products.js';
import { demoCollectionIn, demoProductsIn } from '../seed/products-i18n.js';
import { describeOnBothDialects } from '../test-harness.js';
import { createItemMeaning, type MeaningColumns } from './meaning.js';
import { createItemSearch } from './search.js';
import { createCollectionStore } from './store.js';

/** A model of three meanings: a text's vector marks which of the words it holds. */
function keywordModel(meanings: string[][], model = 'keywords'): Embedder & { embedded: string[] } {
  const embedded: string[] = [];
  return {
    dimension: meanings.length,
    model,
    embedded,
    async embed(text) {
      embedded.push(text);
      const lower = text.toLowerCase();
      const vector = Float32Array.from(meanings, (words) =>
        words.some((word) => lower.includes(word)) ? 1 : 0,
      );
      const norm = Math.hypot(...vector);
      return norm > 0 ? vector.map((value) => value / norm) : vector;
    },
  };
}

const SEARCH_FIELDS = [
  { name: 'name', index_type: 'text' },
  { name: 'description', index_type: 'text' },
];
const FILTER_FIELDS = [
  {
    name: 'Category',
    filter_key: 'category',
    field_type: 'enum',
    enum_options: [
      { value: 'cooking', label: 'Cooking' },
      { value: 'clothing', label: 'Clothing' },
    ],
  },
  { name: 'Price', filter_key: 'price', field_type: 'number' },
];
const ITEMS = [
  {
    id: 'K-1',
    data: { name: 'Camp Kettle', description: 'Heats water', category: 'cooking', price: 30 },
  },
  {
    id: 'K-2',
    data: { name: 'Camp Stove', description: 'Gas burner', category: 'cooking', price: 60 },
  },
  {
    id: 'K-3',
    data: { name: 'Water Filter', description: 'Clean water', category: 'cooking', price: 40 },
  },
  {
    id: 'S-1',
    data: { name: 'Wool Socks', description: 'Warm feet', category: 'clothing', price: 15 },
  },
  {
    id: 'S-2',
    data: { name: 'Rain Jacket', description: 'Stays dry', category: 'clothing', price: 90 },
  },
];
/** Heat (kettle, stove, "boil"), warmth of the feet (socks, "cold feet"), rain. */
const MEANINGS = [
  ['heat', 'burner', 'boil'],
  ['socks', 'feet'],
  ['rain', 'dry'],
];

// A search with words no item holds reads them by meaning; a search whose words the items hold,
// or one in another language, stays a search by words; on both databases.
describeOnBothDialects('items found by meaning', (harness) => {
  const model = keywordModel(MEANINGS);
  let store: ReturnType<typeof createCollectionStore>;
  let collection: Awaited<ReturnType<typeof store.create>>;
  beforeAll(async () => {
    const { database, companyId } = harness().fixture;
    store = createCollectionStore(
      database,
      createItemSearch(database, { meaning: createItemMeaning(database, async () => model) }),
    );
    collection = await store.create(companyId, {
      name: 'Camp kitchen',
      description: 'Gear',
      view: null,
      search_fields: SEARCH_FIELDS,
      filter_fields: FILTER_FIELDS,
    });
    await store.upsertItems(collection, ITEMS);
  });
  const ids = async (query: string, options: object = {}) =>
    (await store.search(collection, { query, limit: 5, ...options })).map((item) => item.id);

  it("finds what a description means when its words are not the items'", async () => {
    // "boil" is in no item: the heat items, by meaning; "water" alone would have found the filter.
    expect(await ids('boil water')).toEqual(['K-1', 'K-2']);
    expect(await ids('cold feet')).toEqual(['S-1']);
    // Nothing near: nothing found, never another kind's items.
    expect(await ids('pizza oven')).toEqual([]);
    // One word is a name or a kind, not a description: what no item holds is not there.
    expect(await ids('boil')).toEqual([]);
    expect(await ids('the boil')).toEqual([]);
  });

  it('keeps to the words when the items hold them all, and embeds nothing for it', async () => {
    const before = model.embedded.length;
    expect(await ids('water')).toEqual(['K-3', 'K-1']);
    expect(await ids('socks')).toEqual(['S-1']);
    expect(model.embedded.length).toBe(before);
  });

  it('filters and sorts what meaning found', async () => {
    expect(await ids('boil water', { filters: { category: 'clothing' } })).toEqual([]);
    expect(await ids('boil water', { filters: { price: { max: 50 } } })).toEqual(['K-1']);
    expect(await ids('something to boil on', { sort: { field: 'price', order: 'desc' } })).toEqual([
      'K-2',
      'K-1',
    ]);
  });

  it('stores each vector once, and computes it again when the item changes', async () => {
    const { database } = harness().fixture;
    const vectors = () =>
      database.db
        .withTables<MeaningColumns>()
        .selectFrom('collection_items')
        .select(['item_id', 'embedding_model'])
        .where('collection_id', '=', collection.id)
        .orderBy('item_id')
        .execute();
    expect((await vectors()).every((row) => row.embedding_model === 'keywords')).toBe(true);
    // The socks become a rain hat: "cold feet" no longer finds them, a rain question does.
    await store.upsertItems(collection, [
      {
        id: 'S-1',
        data: { name: 'Rain Hat', description: 'Stays dry', category: 'clothing', price: 15 },
      },
    ]);
    expect((await vectors()).find((row) => row.item_id === 'S-1')?.embedding_model).toBeNull();
    expect(await ids('cold feet')).toEqual([]);
    expect((await ids('downpour rain')).sort()).toEqual(['S-1', 'S-2']);
  });

  it('ranks what it has computed when more are missing, and computes the rest after answering', async () => {
    const { database, companyId } = harness().fixture;
    const counting = keywordModel(MEANINGS);
    const meaning = createItemMeaning(database, async () => counting, { embeddedPerSearch: 2 });
    const patient = createCollectionStore(database, createItemSearch(database, { meaning }));
    const kitchen = await patient.create(companyId, {
      name: 'Another kitchen',
      description: 'Gear',
      view: null,
      search_fields: SEARCH_FIELDS,
      filter_fields: FILTER_FIELDS,
    });
    await patient.upsertItems(kitchen, ITEMS);
    const search = async (query: string) =>
      (await patient.search(kitchen, { query, limit: 5 })).map((item) => item.id);
    // Only the first two items (the kettle and the stove) have their vector when it answers.
    expect(await search('cold feet')).toEqual([]);
    await meaning.idle();
    // The query, two items before it answered, the three others after.
    expect(counting.embedded).toHaveLength(1 + 2 + 3);
    // The query's vector is kept: the same search again embeds nothing.
    expect(await search('cold feet')).toEqual(['S-1']);
    expect(counting.embedded).toHaveLength(1 + 2 + 3);
  });

  it('reads a French collection with the multilingual model, and none without it', async () => {
    const { database, companyId } = harness().fixture;
    const english = keywordModel(MEANINGS);
    const multilingual = keywordModel(MEANINGS, 'multilingual');
    const definition = {
      description: 'Gear',
      view: null,
      search_fields: SEARCH_FIELDS,
      filter_fields: FILTER_FIELDS,
    };
    const read = createCollectionStore(
      database,
      createItemSearch(database, {
        meaning: createItemMeaning(database, async () => english, {
          multilingual: async () => multilingual,
        }),
      }),
    );
    const french = await read.create(companyId, { ...definition, name: 'Cuisine', language: 'fr' });
    await read.upsertItems(french, ITEMS);
    const found = await read.search(french, { query: 'boil water', limit: 5 });
    expect(found.map((item) => item.id)).toEqual(['K-1', 'K-2']);
    expect(multilingual.embedded).toContain('boil water');
    expect(english.embedded).toEqual([]);

    // Without a multilingual model the French collection keeps to its words.
    const wordsOnly = createCollectionStore(
      database,
      createItemSearch(database, { meaning: createItemMeaning(database, async () => english) }),
    );
    const byWords = await wordsOnly.search(french, { query: 'boil water', limit: 5 });
    expect(byWords.map((item) => item.id)).toEqual(['K-3', 'K-1']);
  });

  it('computes at start what the items of collections read by meaning are missing, each by its model', async () => {
    const { database, companyId } = harness().fixture;
    const plain = createCollectionStore(database);
    const definition = {
      description: 'Gear',
      view: null,
      search_fields: SEARCH_FIELDS,
      filter_fields: FILTER_FIELDS,
    };
    const english = await plain.create(companyId, {
      ...definition,
      name: 'Warm',
      language: 'en-GB',
    });
    const french = await plain.create(companyId, { ...definition, name: 'Chaud', language: 'fr' });
    await plain.upsertItems(english, ITEMS);
    await plain.upsertItems(french, ITEMS);
    const warming = keywordModel(MEANINGS);
    const models = async (collectionId: number) =>
      (
        await database.db
          .withTables<MeaningColumns>()
          .selectFrom('collection_items')
          .select('embedding_model')
          .where('collection_id', '=', collectionId)
          .execute()
      ).map((row) => row.embedding_model);
    // Without a multilingual model, English only.
    await createItemMeaning(database, async () => warming).warm();
    expect(await models(english.id)).toEqual(ITEMS.map(() => 'keywords'));
    expect(await models(french.id)).toEqual(ITEMS.map(() => null));
    // With it, French too.
    const multilingual = keywordModel(MEANINGS, 'multilingual');
    await createItemMeaning(database, async () => warming, {
      multilingual: async () => multilingual,
    }).warm();
    expect(await models(english.id)).toEqual(ITEMS.map(() => 'keywords'));
    expect(await models(french.id)).toEqual(ITEMS.map(() => 'multilingual'));
  });

  it('searches by words alone when the model cannot load', async () => {
    const { database } = harness().fixture;
    const errors: unknown[] = [];
    const search = createItemSearch(database, {
      meaning: createItemMeaning(database, async () => {
        throw new Error('no model');
      }),
      onMeaningError: (error) => errors.push(error),
    });
    const found = await createCollectionStore(database, search).search(collection, {
      query: 'boil water',
      limit: 5,
    });
    expect(found.map((item) => item.id)).toEqual(['K-3', 'K-1']);
    expect(errors).toHaveLength(1);
  });
});

// A description that means a yes-or-no field's label puts the items that have it first: a
// preference, not a filter; on both databases.
describeOnBothDialects('a yes-or-no field a description means', (harness) => {
  const model = keywordModel([
    ['rain', 'dry', 'storm', 'waterproof'],
    ['warm', 'toasty'],
  ]);
  let store: ReturnType<typeof createCollectionStore>;
  const collections = new Map<string, Awaited<ReturnType<typeof store.create>>>();
  const FLAGGED = [
    { id: 'R-1', data: { name: 'Rain Shell', description: 'Stays dry', waterproof: false } },
    { id: 'R-2', data: { name: 'Rain Poncho', description: 'Stays dry', waterproof: true } },
    { id: 'R-3', data: { name: 'Rain Cap', description: 'Warm', waterproof: false } },
    { id: 'R-4', data: { name: 'Wool Hat', description: 'Warm', waterproof: false } },
    { id: 'R-5', data: { name: 'Heated Vest', description: 'Warm', waterproof: true } },
  ];
  beforeAll(async () => {
    const { database, companyId } = harness().fixture;
    store = createCollectionStore(
      database,
      createItemSearch(database, {
        meaning: createItemMeaning(database, async () => model, {
          multilingual: async () => model,
        }),
      }),
    );
    for (const language of ['en', 'fr']) {
      const created = await store.create(companyId, {
        name: `Rain gear ${language}`,
        description: 'Gear',
        language,
        view: null,
        search_fields: SEARCH_FIELDS,
        filter_fields: [{ name: 'Waterproof', filter_key: 'waterproof', field_type: 'boolean' }],
      });
      await store.upsertItems(created, FLAGGED);
      collections.set(language, created);
    }
  });
  const ids = async (language: string, query: string, options: object = {}) =>
    (await store.search(collections.get(language)!, { query, limit: 5, ...options })).map(
      (item) => item.id,
    );

  it('puts the items with the field first, and keeps the others', async () => {
    expect(await ids('en', 'caught outside in a storm')).toEqual(['R-2', 'R-1', 'R-3']);
    // Ranked and compared with the label by one vector of the query.
    expect(model.embedded.filter((text) => text === 'caught outside in a storm')).toHaveLength(1);
  });

  it('keeps the order of words that do not mean the field', async () => {
    expect(await ids('en', 'keeps me toasty warm')).toEqual(['R-4', 'R-5', 'R-3']);
  });

  it('leaves a field the visitor filtered on, and collections not read this way, as they are', async () => {
    expect(
      await ids('en', 'caught outside in a storm', { filters: { waterproof: false } }),
    ).toEqual(['R-1', 'R-3']);
    expect(await ids('fr', 'dehors sous la storm')).toEqual(['R-1', 'R-2', 'R-3']);
  });
});

// The real model (MiniLM, installed by the set-up) over the demo shop's items: needs in a visitor's
// words find the kind of item that meets them.
describeOnBothDialects('the demo shop searched by meaning with MiniLM', (harness) => {
  let store: ReturnType<typeof createCollectionStore>;
  let collection: Awaited<ReturnType<typeof store.create>>;
  beforeAll(async () => {
    const { database, companyId } = harness().fixture;
    const minilm = loadMiniLm(minilmFolder());
    store = createCollectionStore(
      database,
      createItemSearch(database, { meaning: createItemMeaning(database, () => minilm) }),
    );
    collection = await store.create(companyId, { ...DEMO_COLLECTION, name: 'Demo gear' });
    await store.upsertItems(
      collection,
      demoProducts().map(({ id, ...data }) => ({ id, data })),
    );
  }, 120_000);
  const names = async (query: string) =>
    (await store.search(collection, { query, limit: 3 })).map((item) => String(item.data.name));

  it('finds socks to keep feet warm and a jacket for the rain, and nothing for a laptop charger', async () => {
    for (const name of await names('something to keep my feet warm')) expect(name).toMatch(/Socks/);
    expect((await names('anything for the rain'))[0]).toMatch(/Rain Jacket/);
    expect(await names('a laptop charger')).toEqual([]);
  }, 120_000);

  it('shows waterproof tents first for tents that stay dry in a storm', async () => {
    // As the agent's router sends it: the kind is the category, the rest the query.
    const found = await store.search(collection, {
      query: 'stays dry in a storm',
      filters: { category: 'tents' },
      limit: 5,
    });
    expect(found).toHaveLength(5);
    for (const item of found) expect(item.data.waterproof, String(item.data.name)).toBe(true);
  }, 120_000);
});

// The real multilingual model (Universal Sentence Encoder Multilingual, installed by the set-up)
// over the demo shop's French, Spanish and German items: a need in a visitor's words finds the
// kind that meets it, and an ask the shop has nothing for finds nothing.
describeOnBothDialects(
  'the demo shop searched by meaning in French, Spanish and German',
  (harness) => {
    const ASKS = [
      {
        language: 'fr',
        need: 'quelque chose pour garder les pieds au chaud',
        first: /^Chaussettes en laine/,
        nothing: 'un chargeur pour mon ordinateur portable',
      },
      {
        language: 'es',
        need: 'algo para no mojarme cuando llueve',
        first: /^Chaqueta impermeable/,
        nothing: 'un cargador para el portátil',
      },
      {
        language: 'de',
        need: 'etwas, damit die Füße warm bleiben',
        first: /^Wollsocken/,
        nothing: 'ein Ladegerät für den Laptop',
      },
    ] as const;
    let store: ReturnType<typeof createCollectionStore>;
    const collections = new Map<string, Awaited<ReturnType<typeof store.create>>>();
    beforeAll(async () => {
      const { database, companyId } = harness().fixture;
      const minilm = loadMiniLm(minilmFolder());
      const use = loadUse(useFolder());
      store = createCollectionStore(
        database,
        createItemSearch(database, {
          meaning: createItemMeaning(database, () => minilm, { multilingual: () => use }),
        }),
      );
      for (const { language } of ASKS) {
        const collection = await store.create(companyId, {
          ...demoCollectionIn(language),
          name: `Demo gear ${language}`,
        });
        await store.upsertItems(
          collection,
          demoProductsIn(language).map(({ id, ...data }) => ({ id, data })),
        );
        collections.set(language, collection);
      }
    }, 120_000);

    it.each(ASKS)(
      '$language: a need finds its kind, a charger nothing',
      async (ask) => {
        const collection = collections.get(ask.language);
        if (!collection) throw new Error(`no ${ask.language} collection`);
        const names = async (query: string) =>
          (await store.search(collection, { query, limit: 3 })).map((item) =>
            String(item.data.name),
          );
        expect((await names(ask.need))[0]).toMatch(ask.first);
        expect(await names(ask.nothing)).toEqual([]);
      },
      120_000,
    );
  },
);
