// The shop's catalogue, read as a visitor: the API's visitor routes (`/v1/visitor/collections`,
// search, item display, comparison) with the visitor token the SDK client holds. The SDK has a
// client for the visitor's buckets (`@svc/sdk/buckets`) but none for these routes, so this file
// is that client, for this page.
import type { SvcClient } from '@svc/sdk/client';

/** A collection item: its id and fields (the demo's: name, category, brand, color, price, ...). */
export interface Item {
  id: string;
  data: Record<string, unknown>;
}

/** An item with the collection's view rendered for it (title, subtitle, price, body). */
export interface ItemDisplay extends Item {
  collection_id: number;
  view?: Record<string, string>;
}

/** One option of an enum filter field. */
export interface FilterOption {
  value: string;
  label: string;
}

/** A collection as the visitor route answers it (the fields the shop reads). */
export interface CatalogueCollection {
  id: number;
  name: string;
  description: string;
  filter_fields?: {
    name: string;
    filter_key: string;
    field_type: string;
    enum_options?: FilterOption[];
  }[];
}

/** A search of one collection. */
export interface SearchRequest {
  query?: string;
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
}

/** What a search answers: the items and the cap it ran with (the scenario's `limit`). */
export interface SearchAnswer {
  items: Item[];
  limit: number;
}

/** The catalogue client of one visitor. */
export interface Catalogue {
  collections(signal?: AbortSignal): Promise<CatalogueCollection[]>;
  search(collectionId: number, request: SearchRequest, signal?: AbortSignal): Promise<SearchAnswer>;
  item(collectionId: number, itemId: string, signal?: AbortSignal): Promise<ItemDisplay>;
  /**
   * Every item of a category, cheapest first. The search route caps each answer at the
   * scenario's limit (5 for the demo) and has no offset, so this pages by price: each request
   * asks from the last price seen on (inclusive, as two items can cost the same) and drops the
   * items it already has.
   */
  byPrice(
    collectionId: number,
    filters: Record<string, unknown>,
    options?: { max?: number; signal?: AbortSignal },
  ): Promise<Item[]>;
}

/** A failed catalogue call, with the HTTP status when the API answered. */
export class CatalogueError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = new.target.name;
    this.status = status;
  }
}

/**
 * Creates the catalogue client. The token is the visitor's (`identifyUser` once with the
 * publication, then `getValidUserToken`); a 401 identifies again once, as the bucket client does.
 */
export function createCatalogue(client: SvcClient, publication: string): Catalogue {
  let identified: Promise<unknown> | null = null;

  async function token(renew: boolean, signal: AbortSignal | undefined): Promise<string> {
    // A visitor who never talked to the agent has no identity stored yet.
    identified ??= client.identifyUser(publication, undefined, signal).catch((error: unknown) => {
      identified = null;
      throw error;
    });
    await identified;
    return client.getValidUserToken({ renew, ...(signal ? { signal } : {}) });
  }

  async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal) {
    const send = async (renew: boolean) =>
      fetch(`${client.baseUrl}/visitor${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await token(renew, signal)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        ...(signal ? { signal } : {}),
      });
    let response = await send(false);
    if (response.status === 401) response = await send(true);
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      throw new CatalogueError(
        `${method} ${path}: ${answer.error ?? response.statusText}`,
        response.status,
      );
    }
    return (await response.json()) as T;
  }

  const catalogue: Catalogue = {
    async collections(signal) {
      return (
        await call<{ collections: CatalogueCollection[] }>('GET', '/collections', undefined, signal)
      ).collections;
    },
    search: (collectionId, request, signal) =>
      call<SearchAnswer>('POST', `/collections/${collectionId}/search`, request, signal),
    item: (collectionId, itemId, signal) =>
      call<ItemDisplay>(
        'GET',
        `/collections/${collectionId}/items/${encodeURIComponent(itemId)}`,
        undefined,
        signal,
      ),
    async byPrice(collectionId, filters, { max = 60, signal } = {}) {
      const items: Item[] = [];
      const seen = new Set<string>();
      let from: number | undefined;
      while (items.length < max) {
        const answer = await catalogue.search(
          collectionId,
          {
            filters: from === undefined ? filters : { ...filters, price: { min: from } },
            sort: { field: 'price', order: 'asc' },
          },
          signal,
        );
        const fresh = answer.items.filter((item) => !seen.has(item.id));
        for (const item of fresh) {
          seen.add(item.id);
          items.push(item);
        }
        // A short page is the last; a page of nothing new means more items share one price
        // than a page holds, and paging by price cannot get past them.
        if (answer.items.length < answer.limit || fresh.length === 0) break;
        const last = answer.items.at(-1)?.data.price;
        if (typeof last !== 'number') break;
        from = last;
      }
      return items;
    },
  };
  return catalogue;
}
