// What the router answers for an utterance, and how its rules find items nobody has shown yet:
// the vocabulary of the rules (rules/) and of the table that runs them (intents.ts).
import type { RoutedTool } from './catalog.js';
import type { SeenItem } from './context.js';
import type { RouterReply } from './small-talk.js';

/** What the router decided for one utterance. */
export type Route =
  | {
      kind: 'tool';
      tool: RoutedTool;
      args: Record<string, unknown>;
      /** The same tool again in the same turn, with these arguments ("take both socks out"). */
      also?: Record<string, unknown>[];
      /**
       * Another call of the same turn, made once this one has answered: a swap takes the item out
       * of the cart, then puts the other in.
       */
      next?: Extract<Route, { kind: 'tool' }>;
      /**
       * A search for a need said in words the catalogue does not know, with no kind named: the
       * model may place the need in a category first (./needs.ts).
       */
      need?: true;
    }
  | { kind: 'reply'; reply: RouterReply };

/** An order of search results by a numeric field ("the two lightest": `weight_g`, ascending). */
export interface LookupSort {
  field: string;
  order: 'asc' | 'desc';
}

/** Finds catalogue items by words, for requests that name items nobody has shown yet. */
export type ItemLookup = (
  tool: RoutedTool,
  query: string,
  filters: Record<string, unknown>,
  sort?: LookupSort,
) => Promise<SeenItem[]>;
