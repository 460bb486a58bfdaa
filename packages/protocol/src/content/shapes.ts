// The visitor's content: collection items, searches, comparisons and buckets (carts, wishlists),
// as the content routes answer them to a page and to the agent alike. Each shape is written once,
// as a reader; its type is what the reader produces, so the type and its parser cannot drift.
import {
  array,
  either,
  nonEmptyString,
  nullable,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
  type ReaderOutput,
} from '../parse/reader.js';
import { settings } from '../parse/shapes.js';

/** Reads an {@link Item}. */
export const item = object({ id: nonEmptyString, data: settings });

/** A collection item as the API answers it: its id in the collection and its fields. */
export type Item = ReaderOutput<typeof item>;

/** Reads an {@link ItemList}. */
export const itemList = object({
  items: array(item),
  // The cap the search ran with: the scenario's `limit`, or less when the caller asked less.
  limit: number,
});

/** What a collection search answers: the items and the cap the search ran with. */
export type ItemList = ReaderOutput<typeof itemList>;

/** Reads an {@link ItemDisplay}. */
export const itemDisplay = object(
  { collection_id: number, id: nonEmptyString, data: settings },
  // The collection's view mapping with the item's fields filled in; absent without a view.
  { view: record(string) },
);

/**
 * What the display feature shows for an item: its fields, and the collection's view mapping
 * rendered for it (`view`, absent when the collection has none).
 */
export type ItemDisplay = ReaderOutput<typeof itemDisplay>;

/** Reads a {@link ComparisonRow}. */
export const comparisonRow = object({ field: string, values: array(unknownValue) });

/** One field of a comparison, with the value of every compared item (null where one lacks it). */
export type ComparisonRow = ReaderOutput<typeof comparisonRow>;

/** Reads an {@link ItemComparison}. */
export const itemComparison = object({
  collection_id: number,
  items: array(itemDisplay),
  rows: array(comparisonRow),
});

/** What the comparison feature shows: the items side by side, one row per field. */
export type ItemComparison = ReaderOutput<typeof itemComparison>;

const scalar = either(string, number, 'string or number');

/** Reads a {@link FilterValue}. */
export const filterValue = either(
  either(scalar, oneOf([true, false]), 'string, number or boolean'),
  either(array(scalar), object({}, { min: number, max: number }), 'array or range'),
  'string, number, boolean, array or range',
);

/** A search filter's value: an exact value, any of several, or a numeric range. */
export type FilterValue = ReaderOutput<typeof filterValue>;

/** Reads an {@link ItemSearchRequest}. */
export const itemSearchRequest = object(
  {},
  {
    query: string,
    filters: record(filterValue),
    limit: number,
    sort: object({ field: string }, { order: oneOf(['asc', 'desc']) }),
  },
);

/**
 * Body of a collection search. `query`: words to search (without them every item matches the
 * filters); `filters`: keyed by a filter field's `filter_key` (see `Collection.filter_fields`);
 * `limit`: at most this many results (the scenario's limit still caps it); `sort`: orders the
 * matches by a numeric field of the items' data first (`weight_g` ascending for "the lightest"),
 * the text rank after; items without a number come last.
 */
export type ItemSearchRequest = ReaderOutput<typeof itemSearchRequest>;

/** Body of a comparison: two to ten item ids. */
export interface ItemCompareRequest {
  item_ids: string[];
}

/** Reads a {@link BucketLine}. */
export const bucketLine = object({
  collection_id: number,
  item_id: nonEmptyString,
  quantity: number,
  // ISO timestamp.
  added_at: string,
  // The item's fields; null when the item has since been deleted from its collection.
  data: nullable(settings),
});

/**
 * A line of a bucket: which item, how many, when it was added (ISO timestamp), and the item's
 * fields (`data`, null when the item has since been deleted from its collection).
 */
export type BucketLine = ReaderOutput<typeof bucketLine>;

/** Reads a {@link Bucket}. */
export const bucket = object({
  name: string,
  items: array(bucketLine),
  // Sum of the quantities.
  total_quantity: number,
  // ISO timestamp.
  updated_at: string,
});

/**
 * One of a visitor's lists (`cart`, `wishlist`, ...), as every bucket route answers it, with the
 * sum of its quantities and when it last changed (ISO timestamp).
 */
export type Bucket = ReaderOutput<typeof bucket>;

/** Body of adding an item to a bucket; adding it again increases its quantity (default 1). */
export interface BucketAddRequest {
  collection_id: number;
  item_id: string;
  quantity?: number;
}

/** Body of setting a bucket line's quantity; 0 removes the line. */
export interface BucketQuantityRequest {
  quantity: number;
}
