import type { OpenDatabase } from './db/database.js';
import { HttpError } from './errors.js';
import type { CollectionStore } from './collections/store.js';
import type { Collection } from '@svc/protocol';
import type { Bucket } from '@svc/protocol/content';

/** The shapes every bucket route answers, shared with the agent. */
export type { Bucket, BucketLine } from '@svc/protocol/content';

/** Limits that keep one visitor from filling the database. */
export const BUCKET_LIMITS = { buckets: 20, linesPerBucket: 200, quantity: 999 } as const;

/** What a cart change names. */
export interface BucketItemRef {
  collection_id: number;
  item_id: string;
}

/**
 * Buckets (a visitor's cart lists), always scoped by the visitor the caller authenticated, never
 * by an id a client sends. `collections` are the ones the visitor's publication may use.
 */
export interface Carts {
  list(visitorId: number): Promise<Bucket[]>;
  get(visitorId: number, name: string): Promise<Bucket>;
  /** Adds `quantity` (default 1) of an item; adding an item already there increases it. */
  add(
    visitorId: number,
    name: string,
    ref: BucketItemRef & { quantity?: number | undefined },
    collections: Collection[],
  ): Promise<Bucket>;
  /** Sets the quantity; 0 removes the line. */
  set(visitorId: number, name: string, ref: BucketItemRef & { quantity: number }): Promise<Bucket>;
  remove(visitorId: number, name: string, ref: BucketItemRef): Promise<Bucket>;
  clear(visitorId: number, name: string): Promise<Bucket>;
}

/** Buckets on one database. */
export function createCarts(database: OpenDatabase, store: CollectionStore): Carts {
  const { db } = database;
  const now = () => new Date().toISOString();

  async function read(visitorId: number, name: string): Promise<Bucket> {
    const bucket = await db
      .selectFrom('buckets')
      .select(['id', 'updated_at'])
      .where('visitor_id', '=', visitorId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!bucket) return { name, items: [], total_quantity: 0, updated_at: now() };
    const lines = await db
      .selectFrom('bucket_items as b')
      .leftJoin('collection_items as i', (join) =>
        join.onRef('i.collection_id', '=', 'b.collection_id').onRef('i.item_id', '=', 'b.item_id'),
      )
      .select(['b.collection_id', 'b.item_id', 'b.quantity', 'b.added_at', 'i.data'])
      .where('b.bucket_id', '=', bucket.id)
      .orderBy('b.added_at')
      .orderBy('b.item_id')
      .execute();
    const items = lines.map((line) => ({
      collection_id: line.collection_id,
      item_id: line.item_id,
      quantity: line.quantity,
      added_at: line.added_at,
      data: line.data ? (JSON.parse(line.data) as Record<string, unknown>) : null,
    }));
    return {
      name,
      items,
      total_quantity: items.reduce((sum, line) => sum + line.quantity, 0),
      updated_at: bucket.updated_at,
    };
  }

  async function bucketId(
    visitorId: number,
    name: string,
    create: boolean,
  ): Promise<number | undefined> {
    const found = await db
      .selectFrom('buckets')
      .select('id')
      .where('visitor_id', '=', visitorId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (found || !create) return found?.id;
    const count = await db
      .selectFrom('buckets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('visitor_id', '=', visitorId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= BUCKET_LIMITS.buckets) {
      throw new HttpError(409, `a visitor has at most ${BUCKET_LIMITS.buckets} buckets`);
    }
    await db
      .insertInto('buckets')
      .values({ visitor_id: visitorId, name, created_at: now(), updated_at: now() })
      .onConflict((conflict) => conflict.columns(['visitor_id', 'name']).doNothing())
      .execute();
    return bucketId(visitorId, name, false);
  }

  const touch = (id: number) =>
    db.updateTable('buckets').set({ updated_at: now() }).where('id', '=', id).execute();

  function checkQuantity(quantity: number, min: number): void {
    if (!Number.isInteger(quantity) || quantity < min || quantity > BUCKET_LIMITS.quantity) {
      throw new HttpError(
        400,
        `quantity: expected an integer from ${min} to ${BUCKET_LIMITS.quantity}`,
      );
    }
  }

  async function remove(visitorId: number, name: string, ref: BucketItemRef): Promise<Bucket> {
    const id = await bucketId(visitorId, name, false);
    const result =
      id === undefined
        ? undefined
        : await db
            .deleteFrom('bucket_items')
            .where('bucket_id', '=', id)
            .where('collection_id', '=', ref.collection_id)
            .where('item_id', '=', ref.item_id)
            .executeTakeFirst();
    if (id === undefined || !result || Number(result.numDeletedRows) === 0) {
      throw new HttpError(404, `item ${ref.item_id} is not in ${name}`);
    }
    await touch(id);
    return read(visitorId, name);
  }

  return {
    async list(visitorId) {
      const rows = await db
        .selectFrom('buckets')
        .select('name')
        .where('visitor_id', '=', visitorId)
        .orderBy('name')
        .execute();
      return Promise.all(rows.map((row) => read(visitorId, row.name)));
    },
    get: read,
    async add(visitorId, name, ref, collections) {
      const quantity = ref.quantity ?? 1;
      checkQuantity(quantity, 1);
      if (!collections.some((collection) => collection.id === ref.collection_id)) {
        throw new HttpError(404, `unknown collection ${ref.collection_id}`);
      }
      const [item] = await store.items(ref.collection_id, [ref.item_id]);
      if (!item)
        throw new HttpError(404, `unknown item ${ref.item_id} in collection ${ref.collection_id}`);
      const id = (await bucketId(visitorId, name, true)) as number;
      const existing = await db
        .selectFrom('bucket_items')
        .select('quantity')
        .where('bucket_id', '=', id)
        .where('collection_id', '=', ref.collection_id)
        .where('item_id', '=', ref.item_id)
        .executeTakeFirst();
      if (existing) {
        const total = Math.min(existing.quantity + quantity, BUCKET_LIMITS.quantity);
        await db
          .updateTable('bucket_items')
          .set({ quantity: total })
          .where('bucket_id', '=', id)
          .where('collection_id', '=', ref.collection_id)
          .where('item_id', '=', ref.item_id)
          .execute();
      } else {
        const lines = await db
          .selectFrom('bucket_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('bucket_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(lines.n) >= BUCKET_LIMITS.linesPerBucket) {
          throw new HttpError(409, `a bucket holds at most ${BUCKET_LIMITS.linesPerBucket} items`);
        }
        await db
          .insertInto('bucket_items')
          .values({
            bucket_id: id,
            collection_id: ref.collection_id,
            item_id: ref.item_id,
            quantity,
            added_at: now(),
          })
          .execute();
      }
      await touch(id);
      return read(visitorId, name);
    },
    async set(visitorId, name, ref) {
      checkQuantity(ref.quantity, 0);
      if (ref.quantity === 0) return remove(visitorId, name, ref);
      const id = await bucketId(visitorId, name, false);
      const result =
        id === undefined
          ? undefined
          : await db
              .updateTable('bucket_items')
              .set({ quantity: ref.quantity })
              .where('bucket_id', '=', id)
              .where('collection_id', '=', ref.collection_id)
              .where('item_id', '=', ref.item_id)
              .executeTakeFirst();
      if (id === undefined || !result || Number(result.numUpdatedRows) === 0) {
        throw new HttpError(404, `item ${ref.item_id} is not in ${name}`);
      }
      await touch(id);
      return read(visitorId, name);
    },
    remove,
    async clear(visitorId, name) {
      const id = await bucketId(visitorId, name, false);
      if (id !== undefined) {
        await db.deleteFrom('bucket_items').where('bucket_id', '=', id).execute();
        await touch(id);
      }
      return read(visitorId, name);
    },
  };
}
