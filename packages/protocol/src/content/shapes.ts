/** A collection item as the API answers it: its id in the collection and its fields. */
export interface Item {
  id: string;
  data: Record<string, unknown>;
}

/** What a collection search answers. */
export interface ItemList {
  items: Item[];
  /** The cap the search ran with: the scenario's `limit`, or less when the caller asked less. */
  limit: number;
}

/** What the display feature shows for an item: its fields, and the collection's view rendered for it. */
export interface ItemDisplay extends Item {
  collection_id: number;
  /** The collection's view mapping with the item's fields filled in; absent without a view. */
  view?: Record<string, string>;
}

/** One field of a comparison, with the value of every compared item (null where one lacks it). */
export interface ComparisonRow {
  field: string;
  values: unknown[];
}

/** What the comparison feature shows: the items side by side, one row per field. */
export interface ItemComparison {
  collection_id: number;
  items: ItemDisplay[];
  rows: ComparisonRow[];
}

/** A search filter's value: an exact value, any of several, or a numeric range. */
export type FilterValue =
  string | number | boolean | (string | number)[] | { min?: number; max?: number };

/** Body of a collection search. */
export interface ItemSearchRequest {
  /** Words to search; without them every item matches the filters. */
  query?: string;
  /** Keyed by a filter field's `filter_key` (see `Collection.filter_fields`). */
  filters?: Record<string, FilterValue>;
  /** At most this many results; the scenario's limit still caps it. */
  limit?: number;
  /**
   * Orders the matches by a numeric field of the items' data first (`weight_g` ascending for
   * "the lightest"), the text rank after; items without a number come last.
   */
  sort?: { field: string; order?: 'asc' | 'desc' };
}

/** Body of a comparison: two to ten item ids. */
export interface ItemCompareRequest {
  item_ids: string[];
}

/** A line of a bucket: which item, how many, and the item's fields when it still exists. */
export interface BucketLine {
  collection_id: number;
  item_id: string;
  quantity: number;
  /** ISO timestamp. */
  added_at: string;
  /** The item's fields; null when the item has since been deleted from its collection. */
  data: Record<string, unknown> | null;
}

/** One of a visitor's lists (`cart`, `wishlist`, ...), as every bucket route answers it. */
export interface Bucket {
  name: string;
  items: BucketLine[];
  /** Sum of the quantities. */
  total_quantity: number;
  /** ISO timestamp. */
  updated_at: string;
}

/** Body of adding an item to a bucket; adding it again increases its quantity. */
export interface BucketAddRequest {
  collection_id: number;
  item_id: string;
  /** Default 1. */
  quantity?: number;
}

/** Body of setting a bucket line's quantity; 0 removes the line. */
export interface BucketQuantityRequest {
  quantity: number;
}
