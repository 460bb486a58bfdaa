// The shop's catalogue: the SDK's content client (`@svc/sdk/content`) with the visitor token the
// SDK client holds, and the one read this shop adds on top of it, a whole category by price.
import type { SvcClient } from '@svc/sdk/client';
import {
  createContentClient,
  type ContentClient,
  type FilterValue,
  type Item,
} from '@svc/sdk/content';

/** The catalogue client of one visitor. */
export interface Catalogue extends ContentClient {
  /**
   * Every item of a category, cheapest first. The search route caps each answer at the
   * scenario's limit (5 for the demo) and has no offset, so this pages by price: each request
   * asks from the last price seen on (inclusive, as two items can cost the same) and drops the
   * items it already has.
   */
  byPrice(
    collectionId: number,
    filters: Record<string, FilterValue>,
    options?: { max?: number; signal?: AbortSignal },
  ): Promise<Item[]>;
}

/**
 * Creates the catalogue client. A visitor who never talked to the agent is identified with the
 * publication first; a 401 identifies again once (the SDK's content client does both).
 */
export function createCatalogue(client: SvcClient, publication: string): Catalogue {
  const content = createContentClient({ client, scenario: publication });
  return {
    ...content,
    async byPrice(collectionId, filters, { max = 60, signal } = {}) {
      const items: Item[] = [];
      const seen = new Set<string>();
      let from: number | undefined;
      while (items.length < max) {
        const answer = await content.search(
          collectionId,
          {
            filters: from === undefined ? filters : { ...filters, price: { min: from } },
            sort: { field: 'price', order: 'asc' },
          },
          signal ? { signal } : {},
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
}
