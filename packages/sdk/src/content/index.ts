/**
 * `@svc/sdk/content`: the visitor's content on the Platform API (the collections the publication
 * attached, search, an item's display, comparison), each answer read by the protocol's parser.
 *
 * @packageDocumentation
 */
export { createContentClient } from './content-client.js';
export type {
  ContentClient,
  ContentClientOptions,
  ContentRequestOptions,
} from './content-client.js';
export type { Collection } from '@svc/protocol';
export type {
  ComparisonRow,
  FilterValue,
  Item,
  ItemComparison,
  ItemDisplay,
  ItemList,
  ItemSearchRequest,
} from '@svc/protocol/content';
export { SvcError } from '../errors.js';
