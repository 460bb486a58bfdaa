import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import {
  collectionFromRow,
  searchText,
  type CollectionChanges,
  type CollectionDefinition,
  type Item,
  type SearchColumns,
  type SearchField,
  type StoredCollection,
} from './collection.js';
import {
  canonicalLanguageTag,
  compoundHeads,
  DEFAULT_COLLECTION_LANGUAGE,
  searchLanguage,
} from './search-language.js';
import type { MeaningColumns } from './meaning.js';
import { createItemSearch, type FilterValue, type ItemSearch, type SearchSort } from './search.js';

/** Reads and writes collections and their items, always within one company. */
export interface CollectionStore {
  /** The collection if it is the company's; 404 otherwise. */
  get(companyId: number, collectionId: number): Promise<StoredCollection>;
  /** Collections by id, in the order asked, skipping ids that are not the company's. */
  many(companyId: number, ids: number[]): Promise<StoredCollection[]>;
  items(collectionId: number, ids: string[]): Promise<Item[]>;
  /** Searches in the collection's language (stemming and accent folding). */
  search(
    collection: StoredCollection,
    options: {
      query?: string | undefined;
      filters?: Record<string, FilterValue> | undefined;
      limit: number;
      sort?: SearchSort | undefined;
    },
  ): Promise<Item[]>;
  /**
   * Inserts or replaces items by id; the search text follows the collection's search fields and is
   * indexed in its language.
   */
  upsertItems(collection: StoredCollection, items: Item[]): Promise<void>;
  /** The company's collections, oldest first. */
  list(companyId: number): Promise<StoredCollection[]>;
  create(companyId: number, definition: CollectionDefinition): Promise<StoredCollection>;
  /** Changes a collection; new search fields or a new language index every item again. */
  update(collection: StoredCollection, changes: CollectionChanges): Promise<StoredCollection>;
  /** Deletes a collection and its items. */
  remove(collection: StoredCollection): Promise<void>;
  countItems(collectionId: number): Promise<number>;
  /** A page of items in insertion order; `cursor` is the `next_cursor` of the page before. */
  pageItems(
    collectionId: number,
    options: { limit: number; cursor?: number | undefined },
  ): Promise<{ items: Item[]; next_cursor: number | null }>;
  /** Deletes an item; false when the collection has no such item. */
  removeItem(collectionId: number, itemId: string): Promise<boolean>;
}

/** Items indexed again per statement batch when a collection's search fields or language change. */
const REINDEX_BATCH = 500;

/** The JSON columns of a collection row, for the fields given. */
function definitionColumns(definition: CollectionChanges) {
  return {
    ...(definition.name !== undefined ? { name: definition.name } : {}),
    ...(definition.description !== undefined ? { description: definition.description } : {}),
    ...(definition.language !== undefined
      ? { language: canonicalLanguageTag(definition.language) }
      : {}),
    ...(definition.view !== undefined
      ? { view: definition.view ? JSON.stringify(definition.view) : null }
      : {}),
    ...(definition.search_fields !== undefined
      ? { search_fields: JSON.stringify(definition.search_fields) }
      : {}),
    ...(definition.filter_fields !== undefined
      ? { filter_fields: JSON.stringify(definition.filter_fields) }
      : {}),
  };
}

/** The store on one database. */
export function createCollectionStore(
  database: OpenDatabase,
  search: ItemSearch = createItemSearch(database),
): CollectionStore {
  const db = database.db.withTables<SearchColumns & MeaningColumns>();
  /** What a row stores for search: its search text, and the dialect's index column for it. */
  const indexed = (language: string, text: string) => {
    // German compounds are indexed under their heads too ("Daunenschlafsack" under "schlafsack").
    const heads = compoundHeads(text, searchLanguage(language));
    const searched = heads.length > 0 ? `${text} ${heads.join(' ')}` : text;
    return { search_text: searched, ...search.indexColumns(language, searched) };
  };
  async function get(companyId: number, collectionId: number): Promise<StoredCollection> {
    const row = await db
      .selectFrom('collections')
      .selectAll()
      .where('id', '=', collectionId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown collection ${collectionId}`);
    return collectionFromRow(row);
  }
  return {
    get,
    async many(companyId, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .where('id', 'in', ids)
        .where('company_id', '=', companyId)
        .execute();
      return ids.flatMap((id) => {
        const row = rows.find((candidate) => candidate.id === id);
        return row ? [collectionFromRow(row)] : [];
      });
    },
    async items(collectionId, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('collection_items')
        .select(['item_id', 'data'])
        .where('collection_id', '=', collectionId)
        .where('item_id', 'in', ids)
        .execute();
      return ids.flatMap((id) => {
        const row = rows.find((candidate) => candidate.item_id === id);
        return row ? [{ id, data: JSON.parse(row.data) as Record<string, unknown> }] : [];
      });
    },
    search: (collection, options) =>
      search.search({
        collectionId: collection.id,
        language: collection.language,
        query: options.query,
        filters: options.filters,
        filterFields: collection.filter_fields ?? [],
        limit: options.limit,
        sort: options.sort,
      }),
    async upsertItems(collection, items) {
      if (items.length === 0) return;
      const now = new Date().toISOString();
      const fields = (collection.search_fields ?? []) as SearchField[];
      await db
        .insertInto('collection_items')
        .values(
          items.map((item) => ({
            collection_id: collection.id,
            item_id: item.id,
            data: JSON.stringify(item.data),
            ...indexed(collection.language, searchText(item.data, fields)),
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['collection_id', 'item_id']).doUpdateSet((eb) => ({
            data: eb.ref('excluded.data'),
            search_text: eb.ref('excluded.search_text'),
            // The dialect's index column follows the search text (see `IndexColumns`).
            ...('search_stems' in search.indexColumns(collection.language, '')
              ? { search_stems: eb.ref('excluded.search_stems') }
              : { search_language: eb.ref('excluded.search_language') }),
            updated_at: eb.ref('excluded.updated_at'),
            // Its meaning is computed again from the new search text when next needed.
            embedding: null,
            embedding_model: null,
          })),
        )
        .execute();
    },
    async list(companyId) {
      const rows = await db
        .selectFrom('collections')
        .selectAll()
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute();
      return rows.map(collectionFromRow);
    },
    async create(companyId, definition) {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('collections')
        .values({
          company_id: companyId,
          name: definition.name,
          description: definition.description,
          language: canonicalLanguageTag(definition.language ?? DEFAULT_COLLECTION_LANGUAGE),
          view: definition.view ? JSON.stringify(definition.view) : null,
          search_fields: JSON.stringify(definition.search_fields),
          filter_fields: JSON.stringify(definition.filter_fields),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return collectionFromRow(row);
    },
    async update(collection, changes) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('collections')
          .set({ ...definitionColumns(changes), updated_at: new Date().toISOString() })
          .where('id', '=', collection.id)
          .execute();
        const language = changes.language ?? collection.language;
        // The indexed text follows the search fields and the language's rules (a region alone,
        // `en-US` to `en-GB`, changes none), so every item is indexed again when they change.
        const sameRules = searchLanguage(language) === searchLanguage(collection.language);
        if (changes.search_fields === undefined && sameRules) return;
        const fields = (changes.search_fields ?? collection.search_fields ?? []) as SearchField[];
        let after = 0;
        for (;;) {
          const rows = await trx
            .selectFrom('collection_items')
            .select(['id', 'data'])
            .where('collection_id', '=', collection.id)
            .where('id', '>', after)
            .orderBy('id')
            .limit(REINDEX_BATCH)
            .execute();
          if (rows.length === 0) break;
          for (const row of rows) {
            const data = JSON.parse(row.data) as Record<string, unknown>;
            await trx
              .updateTable('collection_items')
              .set(indexed(language, searchText(data, fields)))
              .where('id', '=', row.id)
              .execute();
          }
          after = rows[rows.length - 1]?.id ?? after;
        }
      });
      return get(collection.company_id, collection.id);
    },
    async remove(collection) {
      await db.deleteFrom('collections').where('id', '=', collection.id).execute();
    },
    async countItems(collectionId) {
      const count = await db
        .selectFrom('collection_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('collection_id', '=', collectionId)
        .executeTakeFirstOrThrow();
      return Number(count.n);
    },
    async pageItems(collectionId, { limit, cursor }) {
      // One row more than the page says whether another page follows.
      const rows = await db
        .selectFrom('collection_items')
        .select(['id', 'item_id', 'data'])
        .where('collection_id', '=', collectionId)
        .$if(cursor !== undefined, (query) => query.where('id', '>', cursor as number))
        .orderBy('id')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          id: row.item_id,
          data: JSON.parse(row.data) as Record<string, unknown>,
        })),
        next_cursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
      };
    },
    async removeItem(collectionId, itemId) {
      const result = await db
        .deleteFrom('collection_items')
        .where('collection_id', '=', collectionId)
        .where('item_id', '=', itemId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
