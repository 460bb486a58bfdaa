import type { Collection } from '@svc/protocol';
import {
  parseCollectionList,
  parseItemComparison,
  parseItemDisplay,
  parseItemList,
  type ItemComparison,
  type ItemDisplay,
  type ItemList,
  type ItemSearchRequest,
} from '@svc/protocol/content';
import { visitorCall, type VisitorCallOptions } from '../client/visitor-call.js';

/** Options of every {@link ContentClient} call. */
export interface ContentRequestOptions {
  /** Aborts the call: it rejects with the signal's reason, as `fetch` does. */
  signal?: AbortSignal;
}

/** Options of {@link createContentClient}. */
export type ContentClientOptions = VisitorCallOptions;

/**
 * The collections the visitor's publication attached, as `/v1/visitor/collections` serves them:
 * search, an item's display and a comparison, each answer read by the protocol's parser.
 */
export interface ContentClient {
  /** The collections the publication attached. */
  collections(options?: ContentRequestOptions): Promise<Collection[]>;
  /** Searches a collection; the scenario's `limit` caps the answer (its `limit` says which). */
  search(
    collectionId: number,
    request: ItemSearchRequest,
    options?: ContentRequestOptions,
  ): Promise<ItemList>;
  /** An item with the collection's view rendered for it. */
  item(collectionId: number, itemId: string, options?: ContentRequestOptions): Promise<ItemDisplay>;
  /** Two to ten items side by side, one row per field. */
  compare(
    collectionId: number,
    itemIds: string[],
    options?: ContentRequestOptions,
  ): Promise<ItemComparison>;
}

/**
 * Creates the client of the visitor's content routes. The token and its failures are the bucket
 * client's: `IDENTIFY_FAILED` when no token can be had, `CONNECTION_LOST` when a call fails (with
 * the HTTP `status` when the API answered: 404 an unknown collection or item, 400 a bad search).
 *
 * @example
 * ```ts
 * const content = createContentClient({ client, scenario: publicationUuid });
 * const [shop] = await content.collections();
 * const { items } = await content.search(shop.id, { query: 'tent', sort: { field: 'price' } });
 * ```
 */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const call = visitorCall(options, 'createContentClient');
  const collection = (id: number) => `/visitor/collections/${encodeURIComponent(id)}`;
  return {
    collections: async (request = {}) =>
      (await call('GET', '/visitor/collections', undefined, parseCollectionList, request.signal))
        .collections,
    search: (collectionId, body, request = {}) =>
      call('POST', `${collection(collectionId)}/search`, body, parseItemList, request.signal),
    item: (collectionId, itemId, request = {}) =>
      call(
        'GET',
        `${collection(collectionId)}/items/${encodeURIComponent(itemId)}`,
        undefined,
        parseItemDisplay,
        request.signal,
      ),
    compare: (collectionId, itemIds, request = {}) =>
      call(
        'POST',
        `${collection(collectionId)}/compare`,
        { item_ids: itemIds },
        parseItemComparison,
        request.signal,
      ),
  };
}
