// The parsers of the content routes' answers, apart from the agent's: a page that reads items
// or buckets bundles these and nothing of the agent's runtime config.
import type { Collection } from '../config.js';
import { array, define, object } from '../parse/reader.js';
import { collection } from '../parse/shapes.js';
import { bucket, itemComparison, itemDisplay, itemList } from './shapes.js';

/** Parses the answer of a collection search: an `ItemList`. */
export const parseItemList = define(itemList);

/** Parses the answer of an item's display: an `ItemDisplay`. */
export const parseItemDisplay = define(itemDisplay);

/** Parses the answer of a comparison: an `ItemComparison`. */
export const parseItemComparison = define(itemComparison);

/** Parses the answer of every bucket route: a `Bucket`. */
export const parseBucket = define(bucket);

/** Parses the answer of the bucket list route, `{ buckets }`. */
export const parseBucketList = define(object({ buckets: array(bucket) }));

/** Parses the answer of the collections route, `{ collections }`, every entry a `Collection`. */
export const parseCollectionList = define<{ collections: Collection[] }>(
  object({ collections: array(collection) }),
);
