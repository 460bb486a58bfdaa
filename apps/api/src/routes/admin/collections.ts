import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searchText, type SearchField } from '../../collections/collection.js';
import {
  csvRows,
  jsonArrayRows,
  ndjsonRows,
  type ParsedRow,
  type RowError,
} from '../../collections/import.js';
import type { CollectionStore } from '../../collections/store.js';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { adminErrors, companyOf, idParams } from './shared.js';

const fieldPath = z
  .string()
  .regex(/^[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*$/, 'a field name such as price or specs.weight');
const collectionBody = z.object({
  name: z.string().min(1).max(200),
  description: z.string().max(2000).default(''),
  view: z
    .object({
      template: z.string().min(1).max(100),
      mapping: z.record(z.string(), z.string().max(1000)),
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
      }),
    )
    .max(20)
    .default([]),
});
const itemBody = z.object({ data: z.record(z.string(), z.unknown()) });
const itemParams = idParams.extend({ itemId: z.string().min(1).max(256) });
const item = z.object({ id: z.string(), data: z.record(z.string(), z.unknown()) });

/** Rows written per statement during an import. */
const IMPORT_BATCH = 500;
/** Row errors an import answers in full; the count covers the rest. */
const MAX_REPORTED_ERRORS = 100;

/** Collections and their items: CRUD, search, and streamed bulk import from JSON, NDJSON or CSV. */
export function collectionRoutes(
  database: OpenDatabase,
  store: CollectionStore,
): FastifyPluginAsyncZod {
  const { db } = database;
  const tags = ['admin: collections'];

  return async (app) => {
    app.get(
      '/collections',
      {
        schema: {
          tags,
          summary: 'List collections',
          response: { 200: z.object({ collections: z.array(z.unknown()) }), ...adminErrors },
        },
      },
      async (request) => {
        const companyId = companyOf(request);
        const rows = await db
          .selectFrom('collections')
          .select('id')
          .where('company_id', '=', companyId)
          .orderBy('id')
          .execute();
        return {
          collections: await store.many(
            companyId,
            rows.map((row) => row.id),
          ),
        };
      },
    );
    app.post(
      '/collections',
      {
        schema: {
          tags,
          summary: 'Create a collection',
          body: collectionBody,
          response: { 201: z.unknown(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const now = new Date().toISOString();
        const body = request.body;
        const row = await db
          .insertInto('collections')
          .values({
            company_id: companyOf(request),
            name: body.name,
            description: body.description,
            view: body.view ? JSON.stringify(body.view) : null,
            search_fields: JSON.stringify(body.search_fields),
            filter_fields: JSON.stringify(body.filter_fields),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return reply.status(201).send(await store.get(companyOf(request), row.id));
      },
    );
    app.get(
      '/collections/:id',
      {
        schema: {
          tags,
          summary: 'One collection, with its item count',
          params: idParams,
          response: { 200: z.unknown(), ...adminErrors },
        },
      },
      async (request) => {
        const collection = await store.get(companyOf(request), request.params.id);
        const count = await db
          .selectFrom('collection_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('collection_id', '=', collection.id)
          .executeTakeFirstOrThrow();
        return { ...collection, item_count: Number(count.n) };
      },
    );
    app.patch(
      '/collections/:id',
      {
        schema: {
          tags,
          summary: 'Change a collection (new search fields reindex its items)',
          params: idParams,
          body: collectionBody.partial(),
          response: { 200: z.unknown(), ...adminErrors },
        },
      },
      async (request) => {
        const current = await store.get(companyOf(request), request.params.id);
        const body = request.body;
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('collections')
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.description !== undefined ? { description: body.description } : {}),
              ...(body.view !== undefined
                ? { view: body.view ? JSON.stringify(body.view) : null }
                : {}),
              ...(body.search_fields !== undefined
                ? { search_fields: JSON.stringify(body.search_fields) }
                : {}),
              ...(body.filter_fields !== undefined
                ? { filter_fields: JSON.stringify(body.filter_fields) }
                : {}),
              updated_at: new Date().toISOString(),
            })
            .where('id', '=', current.id)
            .execute();
          if (body.search_fields !== undefined) {
            // The indexed text follows the search fields, so every item is indexed again.
            const fields = body.search_fields as SearchField[];
            let after = 0;
            for (;;) {
              const rows = await trx
                .selectFrom('collection_items')
                .select(['id', 'data'])
                .where('collection_id', '=', current.id)
                .where('id', '>', after)
                .orderBy('id')
                .limit(IMPORT_BATCH)
                .execute();
              if (rows.length === 0) break;
              for (const row of rows) {
                await trx
                  .updateTable('collection_items')
                  .set({
                    search_text: searchText(
                      JSON.parse(row.data) as Record<string, unknown>,
                      fields,
                    ),
                  })
                  .where('id', '=', row.id)
                  .execute();
              }
              after = rows[rows.length - 1]?.id ?? after;
            }
          }
        });
        return store.get(companyOf(request), current.id);
      },
    );
    app.delete(
      '/collections/:id',
      {
        schema: {
          tags,
          summary: 'Delete a collection and its items',
          params: idParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const current = await store.get(companyOf(request), request.params.id);
        await db.deleteFrom('collections').where('id', '=', current.id).execute();
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/collections/:id/items',
      {
        schema: {
          tags,
          summary: 'List items (cursor paginated), or search them with `query`',
          params: idParams,
          querystring: z.object({
            query: z.string().max(500).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
            cursor: z.coerce.number().int().min(0).optional(),
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
        const rows = await db
          .selectFrom('collection_items')
          .select(['id', 'item_id', 'data'])
          .where('collection_id', '=', collection.id)
          .$if(cursor !== undefined, (q) => q.where('id', '>', cursor as number))
          .orderBy('id')
          .limit(limit + 1)
          .execute();
        const pageRows = rows.slice(0, limit);
        return {
          items: pageRows.map((row) => ({
            id: row.item_id,
            data: JSON.parse(row.data) as Record<string, unknown>,
          })),
          next_cursor: rows.length > limit ? (pageRows[pageRows.length - 1]?.id ?? null) : null,
        };
      },
    );
    app.post(
      '/collections/:id/items',
      {
        schema: {
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
          tags,
          summary: 'Delete an item',
          params: itemParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const collection = await store.get(companyOf(request), request.params.id);
        const result = await db
          .deleteFrom('collection_items')
          .where('collection_id', '=', collection.id)
          .where('item_id', '=', request.params.itemId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0)
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
            tags,
            summary:
              'Bulk import (upsert by id) from a JSON array, NDJSON or CSV, streamed; errors per row',
            description:
              'Content-Type application/json (an array of objects), application/x-ndjson (one object a line) or text/csv (a header row with an id column). Each object is an item: `id` plus its fields. Valid rows are imported even when others fail.',
            params: idParams,
            response: {
              200: z.object({
                imported: z.number(),
                failed: z.number(),
                errors: z.array(z.object({ row: z.number(), error: z.string() })),
              }),
              ...adminErrors,
              415: z.object({ error: z.string() }),
            },
          },
        },
        async (request) => {
          const collection = await store.get(companyOf(request), request.params.id);
          const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
          const body = request.body as Readable;
          body.setEncoding('utf8');
          let rows: AsyncGenerator<ParsedRow>;
          if (type === 'application/json') rows = jsonArrayRows(body);
          else if (type === 'application/x-ndjson' || type === 'application/jsonl')
            rows = ndjsonRows(body);
          else if (type === 'text/csv') rows = csvRows(body, collection.filter_fields ?? []);
          else throw new HttpError(415, 'send application/json, application/x-ndjson or text/csv');
          let imported = 0;
          let failed = 0;
          const errors: RowError[] = [];
          let batch: { id: string; data: Record<string, unknown> }[] = [];
          const flush = async () => {
            // A later row with the same id replaces an earlier one, as a second import would.
            const unique = [...new Map(batch.map((entry) => [entry.id, entry])).values()];
            await store.upsertItems(collection, unique);
            imported += batch.length;
            batch = [];
          };
          try {
            for await (const row of rows) {
              if ('error' in row) {
                failed += 1;
                if (errors.length < MAX_REPORTED_ERRORS)
                  errors.push({ row: row.row, error: row.error });
                continue;
              }
              batch.push(row.item);
              if (batch.length >= IMPORT_BATCH) await flush();
            }
          } catch (error) {
            // The upload itself is malformed: what came before is kept, and the answer says where.
            await flush();
            throw new HttpError(
              400,
              `${(error as Error).message} (after ${imported} imported rows)`,
            );
          }
          await flush();
          return { imported, failed, errors };
        },
      );
    });
  };
}
