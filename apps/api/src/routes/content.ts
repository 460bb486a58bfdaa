import type { Collection } from '@svc/protocol';
import type { Bucket, FilterValue, Item, ItemSearchRequest } from '@svc/protocol/content';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Carts } from '../carts.js';
import { comparisonData, displayData } from '../collections/collection.js';
import type { CollectionStore } from '../collections/store.js';
import { HttpError } from '../errors.js';
import { securityOf } from '../openapi.js';
import type { Holds, Same } from './protocol-match.js';
import { recordId, recordIdParam } from './record-id.js';

/** Whose collections and carts a request works on: resolved from its credentials, never its body. */
export interface ContentScope {
  companyId: number;
  visitorId: number;
  /** Collections the publication attached; no other collection is visible. */
  collectionIds: number[];
  /** The scenario's result limit. */
  limit: number;
}

/** What the collection and cart routes need. */
export interface ContentRouteDeps {
  store: CollectionStore;
  carts: Carts;
  /** Authenticates the request and answers its scope (401/403/404 otherwise). */
  scope(request: FastifyRequest): Promise<ContentScope>;
  /** Who calls them: their tag and security scheme in the OpenAPI document. */
  audience: 'visitor' | 'agent';
  /** Path parameters of the prefix the routes are mounted under (the agent's `conversationId`). */
  prefixParams?: z.ZodRawShape;
  /** Whether the per-address rate limit applies (429). */
  rateLimited: boolean;
}

const error = z.object({ error: z.string() });
const filterValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number()])).max(50),
  z.object({ min: z.number().optional(), max: z.number().optional() }),
]);
const bucketName = z.string().regex(/^[\w-]{1,64}$/, 'letters, digits, _ and -, at most 64');
const itemId = z.string().min(1).max(256);
const item = z.object({ id: z.string(), data: z.record(z.string(), z.unknown()) });
const bucketLine = z.object({
  collection_id: z.number(),
  item_id: z.string(),
  quantity: z.number(),
  added_at: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
const bucket = z.object({
  name: z.string(),
  items: z.array(bucketLine),
  total_quantity: z.number(),
  updated_at: z.string(),
});

/** Body of a collection search (`ItemSearchRequest`), with the bounds the API takes. */
const searchRequest = z.object({
  query: z.string().max(500).optional(),
  filters: z.record(z.string(), filterValue).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  sort: z
    .object({
      field: z
        .string()
        .max(200)
        .regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/, {
          message: 'a field name or a dotted path of field names',
        }),
      order: z.enum(['asc', 'desc']).default('asc'),
    })
    .optional(),
});

/**
 * Collection search, item display and comparison data, and the cart lists. The same routes serve
 * visitors (`/v1/visitor`, visitor token) and the agent's server tools
 * (`/v1/agent/conversations/:conversationId`, service key): only the scope differs.
 */
export function contentRoutes(deps: ContentRouteDeps): FastifyPluginAsyncZod {
  const { store, carts } = deps;

  async function collection(request: FastifyRequest, id: number) {
    const scope = await deps.scope(request);
    if (!scope.collectionIds.includes(id)) throw new HttpError(404, `unknown collection ${id}`);
    return { scope, collection: await store.get(scope.companyId, id) };
  }
  const attached = (scope: ContentScope): Promise<Collection[]> =>
    store.many(scope.companyId, scope.collectionIds);

  const prefix = deps.prefixParams ?? {};
  /**
   * A route's path parameters, after the prefix's. Typed as the route's own: the handlers read
   * only those, and the prefix's are the scope's business.
   */
  const paramsOf = <Shape extends z.ZodRawShape>(shape: Shape) =>
    z.object({ ...prefix, ...shape }) as unknown as z.ZodObject<Shape>;
  const collectionParam = paramsOf({ collectionId: recordIdParam });
  const noParams = Object.keys(prefix).length > 0 ? { params: z.object(prefix) } : {};
  const errors = {
    400: error,
    401: error,
    ...(deps.audience === 'visitor' ? { 403: error } : {}),
    404: error,
    409: error,
    ...(deps.rateLimited ? { 429: error } : {}),
  };

  return async (app) => {
    const tags = [deps.audience];
    const security = securityOf(deps.audience);
    app.get(
      '/collections',
      {
        schema: {
          tags,
          security,
          summary: 'Collections the publication attached',
          ...noParams,
          response: { 200: z.object({ collections: z.array(z.unknown()) }), ...errors },
        },
      },
      async (request) => ({ collections: await attached(await deps.scope(request)) }),
    );

    app.post(
      '/collections/:collectionId/search',
      {
        schema: {
          tags,
          security,
          summary:
            "Search with filters, capped by the scenario's limit: by words, and in an English collection by meaning when some words are in no item",
          params: collectionParam,
          body: searchRequest,
          response: {
            200: z.object({ items: z.array(item), limit: z.number() }),
            ...errors,
            422: error.describe(
              'A filter the collection does not have, or a value of the wrong kind for it (the message names it: `filters.<key>`)',
            ),
          },
        },
      },
      async (request) => {
        const { scope, collection: target } = await collection(
          request,
          request.params.collectionId,
        );
        const limit = Math.min(request.body.limit ?? scope.limit, scope.limit);
        const items = await store
          .search(target, {
            query: request.body.query,
            // The protocol's `FilterValue` (see the check below), but for zod's `| undefined`.
            filters: request.body.filters as Record<string, FilterValue> | undefined,
            limit,
            sort: request.body.sort,
          })
          .catch((error: unknown) => {
            // The body fits the schema (filters are keyed by any name); what the store refuses is
            // a filter this collection lacks or a value of the wrong kind for it: 422.
            if (error instanceof HttpError && error.status === 400)
              throw new HttpError(422, error.message);
            throw error;
          });
        return { items, limit };
      },
    );

    app.get(
      '/collections/:collectionId/items/:itemId',
      {
        schema: {
          tags,
          security,
          summary: 'An item with its view rendered (display data)',
          params: collectionParam.extend({ itemId }),
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (request) => {
        const { collection: target } = await collection(request, request.params.collectionId);
        const [found] = await store.items(target.id, [request.params.itemId]);
        if (!found) throw new HttpError(404, `unknown item ${request.params.itemId}`);
        return displayData(target, found);
      },
    );

    app.post(
      '/collections/:collectionId/compare',
      {
        schema: {
          tags,
          security,
          summary: 'Items side by side (comparison data)',
          params: collectionParam,
          body: z.object({ item_ids: z.array(itemId).min(2).max(10) }),
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (request) => {
        const { collection: target } = await collection(request, request.params.collectionId);
        const ids = [...new Set(request.body.item_ids)];
        const items = await store.items(target.id, ids);
        const missing = ids.filter((id) => !items.some((found) => found.id === id));
        if (missing.length > 0) throw new HttpError(404, `unknown items ${missing.join(', ')}`);
        return comparisonData(target, items);
      },
    );

    app.get(
      '/buckets',
      {
        schema: {
          tags,
          security,
          summary: "The visitor's cart lists",
          ...noParams,
          response: { 200: z.object({ buckets: z.array(bucket) }), ...errors },
        },
      },
      async (request) => ({ buckets: await carts.list((await deps.scope(request)).visitorId) }),
    );

    const bucketParams = paramsOf({ name: bucketName });
    app.get(
      '/buckets/:name',
      {
        schema: {
          tags,
          security,
          summary: 'One cart list (empty when it does not exist yet)',
          params: bucketParams,
          response: { 200: bucket, ...errors },
        },
      },
      async (request) => carts.get((await deps.scope(request)).visitorId, request.params.name),
    );

    app.post(
      '/buckets/:name/items',
      {
        schema: {
          tags,
          security,
          summary: 'Add an item (adding it again increases its quantity)',
          params: bucketParams,
          body: z.object({
            collection_id: recordId,
            item_id: itemId,
            quantity: z.number().int().min(1).max(999).optional(),
          }),
          response: { 200: bucket, ...errors },
        },
      },
      async (request) => {
        const scope = await deps.scope(request);
        return carts.add(scope.visitorId, request.params.name, request.body, await attached(scope));
      },
    );

    const lineParams = bucketParams.extend({
      collectionId: recordIdParam,
      itemId,
    });
    app.patch(
      '/buckets/:name/items/:collectionId/:itemId',
      {
        schema: {
          tags,
          security,
          summary: 'Set the quantity of an item (0 removes it)',
          params: lineParams,
          body: z.object({ quantity: z.number().int().min(0).max(999) }),
          response: { 200: bucket, ...errors },
        },
      },
      async (request) =>
        carts.set((await deps.scope(request)).visitorId, request.params.name, {
          collection_id: request.params.collectionId,
          item_id: request.params.itemId,
          quantity: request.body.quantity,
        }),
    );

    app.delete(
      '/buckets/:name/items/:collectionId/:itemId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove an item',
          params: lineParams,
          response: { 200: bucket, ...errors },
        },
      },
      async (request) =>
        carts.remove((await deps.scope(request)).visitorId, request.params.name, {
          collection_id: request.params.collectionId,
          item_id: request.params.itemId,
        }),
    );

    app.delete(
      '/buckets/:name/items',
      {
        schema: {
          tags,
          security,
          summary: 'Empty a cart list',
          params: bucketParams,
          response: { 200: bucket, ...errors },
        },
      },
      async (request) => carts.clear((await deps.scope(request)).visitorId, request.params.name),
    );
  };
}

/**
 * The content schemas against the protocol's shapes (`@svc/protocol/content`), where each is
 * declared once: a field renamed, added or retyped on either side is a compile error. The search
 * body is checked as a client writes it (its sort order has a default).
 */
export type ContentSchemasMatchTheProtocol = [
  Holds<Same<z.output<typeof item>, Item>>,
  Holds<Same<z.output<typeof filterValue>, FilterValue>>,
  Holds<Same<z.output<typeof bucket>, Bucket>>,
  Holds<Same<z.input<typeof searchRequest>, ItemSearchRequest>>,
];
