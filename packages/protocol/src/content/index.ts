/**
 * `@svc/protocol/content`: the visitor's content as the content routes answer it, to a page and
 * to the agent alike: collection items, searches, displays, comparisons and buckets, with their
 * parsers. Zero dependencies, like the rest of the package.
 *
 * @packageDocumentation
 */
export type {
  Bucket,
  BucketAddRequest,
  BucketLine,
  BucketQuantityRequest,
  ComparisonRow,
  FilterValue,
  Item,
  ItemCompareRequest,
  ItemComparison,
  ItemDisplay,
  ItemList,
  ItemSearchRequest,
} from './shapes.js';
export * from './parse.js';
export type { ParseResult } from '../parse/reader.js';
