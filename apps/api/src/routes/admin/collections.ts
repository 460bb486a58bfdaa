import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD_ROLES } from '@svc/protocol';
import { WEIGHT_UNITS } from '@svc/protocol/agent';
import { LANGUAGES } from '@svc/languages/search';
import { checkFieldRoles } from '../../collections/collection.js';
import { importItems, uploadRows } from '../../collections/import.js';
import {
  COLLECTION_LANGUAGE_TAG,
  DEFAULT_COLLECTION_LANGUAGE,
} from '../../collections/search-language.js';
import type { CollectionStore } from '../../collections/store.js';
import { HttpError } from '../../errors.js';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import {
  hasUnsafeSegment,
  isUnsafeKey,
  UNSAFE_KEY_REASON,
  unsafeKeyPath,
} from '../../unsafe-keys.js';
import { adminErrors, changesOf, companyOf, errorBody, idParams, MAX_ID } from './shared.js';

/** The registered languages as the API's messages list them ("en, fr, es, or de"). */
const REGISTERED = new Intl.ListFormat('en', { type: 'disjunction' }).format(LANGUAGES);

const fieldPath = z
  .string()
  .regex(/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/, 'a field name such as price or specs.weight')
  .refine((path) => !hasUnsafeSegment(path), UNSAFE_KEY_REASON);
/** A view mapping's template: `{{specs.weight}}` reads an item field, never a prototype's. */
const mappingTemplate = z
  .string()
  .max(1000)
  .refine(
    (template) =>
      [...template.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].every(
        ([, path]) => !hasUnsafeSegment(path ?? ''),
      ),
    `a {{field}} of the item; ${UNSAFE_KEY_REASON}`,
  );
const collectionBody = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  language: z
    .string()
    .regex(COLLECTION_LANGUAGE_TAG, `a BCP-47 tag of ${REGISTERED}, such as fr-FR`)
    .default(DEFAULT_COLLECTION_LANGUAGE)
    .describe(
      `BCP-47 tag of the language search stems and folds accents in: ${REGISTERED}, with an optional region (fr-FR); a change indexes the items again`,
    ),
  view: z
    .object({
      template: z.string().min(1).max(100),
      mapping: z.record(z.string(), mappingTemplate).superRefine((mapping, context) => {
        // A key issue of `z.record` answers only "Invalid key": this one says why.
        for (const key of Object.keys(mapping).filter(isUnsafeKey))
          context.addIssue({ code: 'custom', message: UNSAFE_KEY_REASON, path: [key] });
      }),
    })
    .nullable()
    .default(null),
  search_fields: z
    .array(z.object({ name: fieldPath, index_type: z.string().min(1).max(32).default('text') }))
    .max(20)
    .default([]),
  filter_fields: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        filter_key: fieldPath,
        field_type: z.enum(['enum', 'number', 'boolean', 'text']),
        enum_options: z
          .array(z.object({ value: z.string().max(200), label: z.string().max(200) }))
          .max(500)
          .optional(),
        role: z
          .string()
          .max(32)
          // Checked by the route (422 naming the field), listed here for the studio's choice.
          .meta({ enum: [...FIELD_ROLES] })
          .optional()
          .describe(
            `What the field means, so the agent ranks and reads amounts by it: one of ${FIELD_ROLES.join(', ')}; a price, weight or rating is a number field (422 otherwise)`,
          ),
        unit: z
          .string()
          .max(8)
          .optional()
          .describe(
            `A weight field's unit (${Object.keys(WEIGHT_UNITS).join(', ')}) or a price field's ISO 4217 currency (EUR)`,
          ),
      }),
    )
    .max(20)
    .default([]),
});
/** An item's fields: any JSON, but no key anywhere in it that reaches an object's prototype. */
const itemData = z.record(z.string(), z.unknown()).superRefine((data, context) => {
  const unsafe = unsafeKeyPath(data);
  if (unsafe !== undefined)
    context.addIssue({
      code: 'custom',
      message: UNSAFE_KEY_REASON,
      path: unsafe.split('.'),
    });
});
const itemBody = z.object({ data: itemData });
const itemParams = idParams.extend({ itemId: z.string().min(1).max(256) });
const item = z.object({ id: z.string(), data: z.record(z.string(), z.unknown()) });
/** A collection as answered (the contract's `Collection`, and its language). */
const collection = z.object({
  id: z.number(),
  default_view_id: z.number().optional(),
  name: z.string(),
  description: z.string(),
  company_id: z.number(),
  language: z.string().describe('BCP-47 tag of the language search stems and folds accents in'),
  view: z.object({ template: z.string(), mapping: z.record(z.string(), z.string()) }).optional(),
  // Optional as in the contract's type, though the API always answers both.
  search_fields: z.array(z.looseObject({ name: z.string(), index_type: z.string() })).optional(),
  filter_fields: z
    .array(z.looseObject({ name: z.string(), filter_key: z.string(), field_type: z.string() }))
    .optional(),
});

const badFieldRole = errorBody(
  "A filter field's role is unknown or does not fit its type, or its unit does not fit its role; the message names the field",
);

/** Collections and their items: CRUD, search, and streamed bulk import from JSON, NDJSON or CSV. */
export function collectionRoutes(store: CollectionStore): FastifyPluginAsyncZod {
  const tags = ['admin: collections'];

  return async (app) => {
    app.get(
      '/collections',
      {
        schema: {
          operationId: 'listCollections',
          tags,
          summary: 'List collections, by id (offset paged)',
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ collections: z.array(collection), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        // The store answers a company's collections whole (few: each is authored by an admin);
        // the page bounds the answer.
        const all = await store.list(companyOf(request));
        const { offset, limit } = request.query;
        const { rows, next_offset } = pageOf(all.slice(offset, offset + limit + 1), request.query);
        return { collections: rows, next_offset };
      },
    );
    app.post(
      '/collections',
      {
        schema: {
          operationId: 'createCollection',
          tags,
          summary: 'Create a collection',
          body: collectionBody,
          response: { 201: collection, ...adminErrors, 422: badFieldRole },
        },
      },
      async (request, reply) => {
        checkFieldRoles(request.body.filter_fields);
        return reply.status(201).send(await store.create(companyOf(request), request.body));
      },
    );
    app.get(
      '/collections/:id',
      {
        schema: {
          operationId: 'getCollection',
          tags,
          summary: 'One collection, with its item count',
          params: idParams,
          response: { 200: collection.extend({ item_count: z.number() }), ...adminErrors },
        },
      },
      async (request) => {
        const collection = await store.get(companyOf(request), request.params.id);
        return { ...collection, item_count: await store.countItems(collection.id) };
      },
    );
    app.patch(
      '/collections/:id',
      {
        schema: {
          operationId: 'updateCollection',
          tags,
          summary: 'Change a collection (new search fields or language reindex its items)',
          params: idParams,
          body: changesOf(collectionBody),
          response: { 200: collection, ...adminErrors, 422: badFieldRole },
        },
      },
      async (request) => {
        checkFieldRoles(request.body.filter_fields ?? []);
        const current = await store.get(companyOf(request), request.params.id);
        return store.update(current, request.body);
      },
    );
    app.delete(
      '/collections/:id',
      {
        schema: {
          operationId: 'deleteCollection',
          tags,
          summary: 'Delete a collection and its items',
          params: idParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await store.remove(await store.get(companyOf(request), request.params.id));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/collections/:id/items',
      {
        schema: {
          operationId: 'listCollectionItems',
          tags,
          summary: 'List items (cursor paginated), or search them with `query`',
          params: idParams,
          querystring: z.object({
            query: z.string().max(500).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.coerce.number().int().min(0).max(MAX_ID).optional(),
          }),
          response: {
            200: z.object({ items: z.array(item), next_cursor: z.number().nullable() }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const collection = await store.get(companyOf(request), request.params.id);
        const { query, limit, cursor } = request.query;
        if (query)
          return { items: await store.search(collection, { query, limit }), next_cursor: null };
        return store.pageItems(collection.id, { limit, cursor });
      },
    );
    app.post(
      '/collections/:id/items',
      {
        schema: {
          operationId: 'createCollectionItem',
          tags,
          summary: 'Create an item (a uuid when no id is given); 409 when the id exists',
          params: idParams,
          body: itemBody.extend({ id: z.string().min(1).max(256).optional() }),
          response: { 201: item, ...adminErrors },
        },
      },
      async (request, reply) => {
        const collection = await store.get(companyOf(request), request.params.id);
        const id = request.body.id ?? randomUUID();
        const [existing] = await store.items(collection.id, [id]);
        if (existing) throw new HttpError(409, `item ${id} exists; PUT replaces it`);
        await store.upsertItems(collection, [{ id, data: request.body.data }]);
        return reply.status(201).send({ id, data: request.body.data });
      },
    );
    app.get(
      '/collections/:id/items/:itemId',
      {
        schema: {
          operationId: 'getCollectionItem',
          tags,
          summary: 'One item',
          params: itemParams,
          response: { 200: item, ...adminErrors },
        },
      },
      async (request) => {
        const collection = await store.get(companyOf(request), request.params.id);
        const [found] = await store.items(collection.id, [request.params.itemId]);
        if (!found) throw new HttpError(404, `unknown item ${request.params.itemId}`);
        return found;
      },
    );
    app.put(
      '/collections/:id/items/:itemId',
      {
        schema: {
          operationId: 'putCollectionItem',
          tags,
          summary: 'Create or replace an item',
          params: itemParams,
          body: itemBody,
          response: { 200: item, ...adminErrors },
        },
      },
      async (request) => {
        const collection = await store.get(companyOf(request), request.params.id);
        const saved = { id: request.params.itemId, data: request.body.data };
        await store.upsertItems(collection, [saved]);
        return saved;
      },
    );
    app.delete(
      '/collections/:id/items/:itemId',
      {
        schema: {
          operationId: 'deleteCollectionItem',
          tags,
          summary: 'Delete an item',
          params: itemParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const collection = await store.get(companyOf(request), request.params.id);
        if (!(await store.removeItem(collection.id, request.params.itemId)))
          throw new HttpError(404, `unknown item ${request.params.itemId}`);
        return reply.status(204).send(null);
      },
    );

    // The import reads its body as a stream: its own scope, with parsers that hand over the raw
    // request instead of buffering it.
    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<ZodTypeProvider>();
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      scope.post(
        '/collections/:id/items/import',
        {
          bodyLimit: 512 * 1024 * 1024,
          schema: {
            operationId: 'importCollectionItems',
            tags,
            summary:
              'Bulk import (upsert by id) from a JSON array, NDJSON or CSV, streamed; errors per row',
            description:
              'Content-Type application/json (an array of objects), application/x-ndjson (one object a line) or text/csv (a header row with an id column). Each object is an item: `id` plus its fields. Valid rows are imported even when others fail. A row of more than 131,072 characters is an error of its row. No field may be named `__proto__`, `constructor` or `prototype` at any depth: such a CSV column refuses the upload (400, naming it), such a JSON field is an error of its row.',
            params: idParams,
            // Read as a stream by the handler; the schema only documents it. JSON must be an
            // array (anything else is a 400); NDJSON and CSV are text whose rows are checked as
            // they stream (an upload unreadable as a whole, such as CSV without an id column, is
            // a 422; a bad row is an error of that row).
            consumes: ['application/json', 'application/x-ndjson', 'text/csv'],
            body: z.any(),
            documentedBody: {
              content: {
                'application/json': {
                  schema: z
                    .array(z.unknown())
                    .describe(
                      'An array of items, each an object: `id` and its fields (an element that is not is an error of its row)',
                    ),
                },
                'application/x-ndjson': {
                  schema: z.string().describe('One JSON object a line, each an item'),
                },
                'text/csv': {
                  schema: z
                    .string()
                    .describe('A header row with an `id` column, then one item a row'),
                },
              },
            },
            response: {
              200: z.object({
                imported: z.number(),
                failed: z.number(),
                errors: z.array(z.object({ row: z.number(), error: z.string() })),
              }),
              ...adminErrors,
              413: errorBody('The upload is over 512 MiB'),
              422: errorBody('NDJSON or CSV unreadable as a whole (CSV without an id column)'),
              415: errorBody('Not application/json, application/x-ndjson or text/csv'),
            },
          },
        },
        async (request) => {
          const collection = await store.get(companyOf(request), request.params.id);
          const type = request.headers['content-type'] ?? '';
          const rows = uploadRows(type, request.body as Readable, collection.filter_fields ?? []);
          if (!rows)
            throw new HttpError(415, 'send application/json, application/x-ndjson or text/csv');
          // Text that is not the rows it should be (CSV without an id column) fits the
          // document's string: 422. JSON that is not an array fails its schema: 400.
          return importItems(store, collection, rows, /json/i.test(type) ? 400 : 422);
        },
      );
    });
  };
}
