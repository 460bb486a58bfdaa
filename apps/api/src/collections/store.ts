import type { Collection } from '@svc/protocol';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import { collectionFromRow, searchText, type Item, type SearchField } from './collection.js';
import { createItemSearch, type FilterValue, type ItemSearch } from './search.js';

/** Reads and writes collections and their items, always within one company. */
export interface CollectionStore {
  /** The collection if it is the company's; 404 otherwise. */
  get(companyId: number, collectionId: number): Promise<Collection>;
  /** Collections by id, in the order asked, skipping ids that are not the company's. */
  many(companyId: number, ids: number[]): Promise<Collection[]>;
  items(collectionId: number, ids: string[]): Promise<Item[]>;
  search(
    collection: Collection,
    options: {
      query?: string | undefined;
      filters?: Record<string, FilterValue> | undefined;
      limit: number;
    },
  ): Promise<Item[]>;
  /** Inserts or replaces items by id; the search text follows the collection's search fields. */
  upsertItems(collection: Collection, items: Item[]): Promise<void>;
}

/** The store on one database. */
export function createCollectionStore(
  database: OpenDatabase,
  search: ItemSearch = createItemSearch(database),
): CollectionStore {
  const { db } = database;
  return {
    async get(companyId, collectionId) {
      const row = await db
        .selectFrom('collections')
        .selectAll()
        .where('id', '=', collectionId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `unknown collection ${collectionId}`);
      return collectionFromRow(row);
    },
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
        query: options.query,
        filters: options.filters,
        filterFields: collection.filter_fields ?? [],
        limit: options.limit,
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
            search_text: searchText(item.data, fields),
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['collection_id', 'item_id']).doUpdateSet((eb) => ({
            data: eb.ref('excluded.data'),
            search_text: eb.ref('excluded.search_text'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
  };
}
