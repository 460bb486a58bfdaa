import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { embedSnippet } from './embed.js';
import { adminErrors, companyOf, idParams, json } from './shared.js';

const provider = z.looseObject({
  provider: z.string().min(1).max(64),
  model: z.string().max(200).optional(),
  voice: z.string().max(200).optional(),
  base_url: z.url().optional(),
});
const tool = z.object({
  name: z
    .string()
    .regex(/^[A-Za-z][\w-]{0,63}$/, 'letters, digits, _ and -, starting with a letter'),
  type: z.enum(['frontend', 'server']),
  description: z.string().max(1000).optional(),
  /** JSON Schema of the tool's arguments; the feature type gives one when absent. */
  parameters: z.record(z.string(), z.unknown()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  frontend_method: z.string().max(128).optional(),
  rpc_timeout_s: z.number().min(0.1).max(120).optional(),
});
const feature = z.object({
  name: z.union([z.string().min(1).max(200), z.record(z.string(), z.string().max(200))]),
  type: z.string().regex(/^[a-z][\w-]*(:[\w-]+)+$/, 'a feature id such as collection:items:search'),
  settings: z.record(z.string(), z.unknown()).default({}),
  tools: z.array(tool).max(50).default([]),
});
/** The authored part of a scenario (what a publication snapshots, with name and language). */
export const scenarioDefinition = z.object({
  prompt: z.string().max(20_000).default(''),
  first_message: z.string().max(2_000).default(''),
  voice_stack: z.string().min(1).max(64).default('embedded'),
  voice: z
    .object({ stt: provider.optional(), llm: provider.optional(), tts: provider.optional() })
    .default({}),
  avatar_enabled: z.boolean().default(false),
  audio_dictation: z.boolean().default(false),
  limit: z.number().int().min(1).max(50).default(5),
  features: z.array(feature).max(50).default([]),
});
const language = z
  .string()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'a BCP-47 tag such as en-US');
const createBody = scenarioDefinition.extend({
  application_id: z.number().int().positive(),
  name: z.string().min(1).max(200),
  language: language.default('en-US'),
  collection_ids: z.array(z.number().int().positive()).max(20).default([]),
});
const patchBody = z
  .object({
    name: z.string().min(1).max(200),
    language,
    collection_ids: z.array(z.number().int().positive()).max(20),
    ...scenarioDefinition.shape,
  })
  .partial();
const publication = z.object({
  uuid: z.string(),
  label: z.string(),
  scenario_id: z.number(),
  published_at: z.string(),
  unpublished_at: z.string().nullable(),
  embed: z.object({ install: z.string(), module: z.string(), react: z.string() }),
});

/** Scenarios, and their publications (publish, unpublish, embed snippets). */
export function scenarioRoutes({ db }: OpenDatabase): FastifyPluginAsyncZod {
  const tags = ['admin: scenarios'];

  async function find(companyId: number, id: number) {
    const row = await db
      .selectFrom('scenarios as s')
      .innerJoin('applications as a', 'a.id', 's.application_id')
      .select([
        's.id',
        's.application_id',
        's.name',
        's.language',
        's.definition',
        's.created_at',
        's.updated_at',
      ])
      .where('s.id', '=', id)
      .where('a.company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown scenario ${id}`);
    const collections = await db
      .selectFrom('scenario_collections')
      .select('collection_id')
      .where('scenario_id', '=', id)
      .orderBy('collection_id')
      .execute();
    return {
      id: row.id,
      application_id: row.application_id,
      name: row.name,
      language: row.language,
      ...json<z.infer<typeof scenarioDefinition>>(row.definition),
      collection_ids: collections.map((c) => c.collection_id),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** 404 for an application or a collection that is not the company's; 400 for a bad feature. */
  async function checkRefs(
    trx: Kysely<Database>,
    companyId: number,
    refs: {
      application_id?: number | undefined;
      collection_ids?: number[] | undefined;
      features?: { type: string; tools: { name: string }[] }[] | undefined;
    },
  ) {
    if (refs.application_id !== undefined) {
      const found = await trx
        .selectFrom('applications')
        .select('id')
        .where('id', '=', refs.application_id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!found) throw new HttpError(404, `unknown application ${refs.application_id}`);
    }
    if (refs.collection_ids && refs.collection_ids.length > 0) {
      const found = await trx
        .selectFrom('collections')
        .select('id')
        .where('id', 'in', refs.collection_ids)
        .where('company_id', '=', companyId)
        .execute();
      const missing = refs.collection_ids.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) throw new HttpError(404, `unknown collections ${missing.join(', ')}`);
    }
    const names = new Set<string>();
    for (const [index, current] of (refs.features ?? []).entries()) {
      for (const t of current.tools) {
        if (names.has(t.name))
          throw new HttpError(400, `features.${index}.tools: tool name ${t.name} is used twice`);
        names.add(t.name);
      }
    }
  }

  async function setCollections(trx: Kysely<Database>, scenarioId: number, ids: number[]) {
    await trx.deleteFrom('scenario_collections').where('scenario_id', '=', scenarioId).execute();
    if (ids.length > 0) {
      await trx
        .insertInto('scenario_collections')
        .values(
          [...new Set(ids)].map((collection_id) => ({ scenario_id: scenarioId, collection_id })),
        )
        .execute();
    }
  }

  const publicationFields = [
    'p.uuid',
    'p.label',
    'p.scenario_id',
    'p.published_at',
    'p.unpublished_at',
  ] as const;
  const withEmbed =
    (apiUrl: string) =>
    (row: {
      uuid: string;
      label: string;
      scenario_id: number;
      published_at: string;
      unpublished_at: string | null;
    }) => ({
      ...row,
      embed: embedSnippet(apiUrl, row.uuid),
    });
  const apiUrl = (request: { protocol: string; host: string }) =>
    `${request.protocol}://${request.host}`;

  return async (app) => {
    app.get(
      '/scenarios',
      {
        schema: {
          tags,
          summary: 'List scenarios',
          querystring: z.object({ application_id: z.coerce.number().int().positive().optional() }),
          response: { 200: z.object({ scenarios: z.array(z.unknown()) }), ...adminErrors },
        },
      },
      async (request) => {
        const rows = await db
          .selectFrom('scenarios as s')
          .innerJoin('applications as a', 'a.id', 's.application_id')
          .select(['s.id', 's.application_id', 's.name', 's.language', 's.updated_at'])
          .where('a.company_id', '=', companyOf(request))
          .$if(request.query.application_id !== undefined, (q) =>
            q.where('s.application_id', '=', request.query.application_id as number),
          )
          .orderBy('s.id')
          .execute();
        return { scenarios: rows };
      },
    );

    app.post(
      '/scenarios',
      {
        schema: {
          tags,
          summary: 'Create a scenario',
          body: createBody,
          response: { 201: z.unknown(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const companyId = companyOf(request);
        const {
          application_id,
          name,
          language: lang,
          collection_ids,
          ...definition
        } = request.body;
        const id = await db.transaction().execute(async (trx) => {
          await checkRefs(trx, companyId, {
            application_id,
            collection_ids,
            features: definition.features,
          });
          const now = new Date().toISOString();
          const row = await trx
            .insertInto('scenarios')
            .values({
              application_id,
              name,
              language: lang,
              definition: JSON.stringify(definition),
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await setCollections(trx, row.id, collection_ids);
          return row.id;
        });
        return reply.status(201).send(await find(companyId, id));
      },
    );

    app.get(
      '/scenarios/:id',
      {
        schema: {
          tags,
          summary: 'One scenario, with its prompt',
          params: idParams,
          response: { 200: z.unknown(), ...adminErrors },
        },
      },
      async (request) => find(companyOf(request), request.params.id),
    );

    app.patch(
      '/scenarios/:id',
      {
        schema: {
          tags,
          summary: 'Change a scenario (publications keep their snapshots)',
          params: idParams,
          body: patchBody,
          response: { 200: z.unknown(), ...adminErrors },
        },
      },
      async (request) => {
        const companyId = companyOf(request);
        const current = await find(companyId, request.params.id);
        const { name, language: lang, collection_ids, ...changed } = request.body;
        const {
          id,
          application_id,
          created_at,
          updated_at,
          name: _n,
          language: _l,
          collection_ids: _c,
          ...definition
        } = current;
        void [application_id, created_at, updated_at, _n, _l, _c];
        const merged = scenarioDefinition.parse({ ...definition, ...changed });
        await db.transaction().execute(async (trx) => {
          await checkRefs(trx, companyId, { collection_ids, features: merged.features });
          await trx
            .updateTable('scenarios')
            .set({
              ...(name !== undefined ? { name } : {}),
              ...(lang !== undefined ? { language: lang } : {}),
              definition: JSON.stringify(merged),
              updated_at: new Date().toISOString(),
            })
            .where('id', '=', id)
            .execute();
          if (collection_ids) await setCollections(trx, id, collection_ids);
        });
        return find(companyId, id);
      },
    );

    app.delete(
      '/scenarios/:id',
      {
        schema: {
          tags,
          summary: 'Delete a scenario (409 while its publications have conversations)',
          params: idParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const current = await find(companyOf(request), request.params.id);
        await db.deleteFrom('scenarios').where('id', '=', current.id).execute();
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/scenarios/:id/publish',
      {
        schema: {
          tags,
          summary:
            'Publish under a label: snapshots the scenario; publishing a label again moves it (same uuid)',
          params: idParams,
          body: z.object({
            label: z
              .string()
              .regex(/^[a-z0-9][\w-]{0,31}$/, 'lower-case letters, digits, _ and -')
              .default('production'),
          }),
          response: { 200: publication, ...adminErrors },
        },
      },
      async (request) => {
        const current = await find(companyOf(request), request.params.id);
        const { id, application_id, created_at, updated_at, ...snapshot } = current;
        void [application_id, created_at, updated_at];
        const now = new Date().toISOString();
        const label = request.body.label;
        await db
          .insertInto('publications')
          .values({
            uuid: randomUUID(),
            scenario_id: id,
            label,
            snapshot: JSON.stringify(snapshot),
            published_at: now,
          })
          .onConflict((conflict) =>
            conflict.columns(['scenario_id', 'label']).doUpdateSet({
              snapshot: JSON.stringify(snapshot),
              published_at: now,
              unpublished_at: null,
            }),
          )
          .execute();
        const row = await db
          .selectFrom('publications as p')
          .select([...publicationFields])
          .where('p.scenario_id', '=', id)
          .where('p.label', '=', label)
          .executeTakeFirstOrThrow();
        return withEmbed(apiUrl(request))(row);
      },
    );

    app.get(
      '/scenarios/:id/publications',
      {
        schema: {
          tags,
          summary: "A scenario's publications",
          params: idParams,
          response: { 200: z.object({ publications: z.array(publication) }), ...adminErrors },
        },
      },
      async (request) => {
        const current = await find(companyOf(request), request.params.id);
        const rows = await db
          .selectFrom('publications as p')
          .select([...publicationFields])
          .where('p.scenario_id', '=', current.id)
          .orderBy('p.label')
          .execute();
        return { publications: rows.map(withEmbed(apiUrl(request))) };
      },
    );

    const uuidParams = z.object({ uuid: z.uuid() });
    const findPublication = async (companyId: number, uuid: string) => {
      const row = await db
        .selectFrom('publications as p')
        .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select([...publicationFields, 'p.snapshot'])
        .where('p.uuid', '=', uuid)
        .where('a.company_id', '=', companyId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `unknown publication ${uuid}`);
      return row;
    };
    app.get(
      '/publications/:uuid',
      {
        schema: {
          tags,
          summary: 'A publication with its snapshot and embed snippets',
          params: uuidParams,
          response: { 200: z.unknown(), ...adminErrors },
        },
      },
      async (request) => {
        const { snapshot, ...row } = await findPublication(companyOf(request), request.params.uuid);
        return { ...withEmbed(apiUrl(request))(row), snapshot: json<unknown>(snapshot) };
      },
    );
    app.post(
      '/publications/:uuid/unpublish',
      {
        schema: {
          tags,
          summary: 'Unpublish: the public routes answer 404 until the label is published again',
          params: uuidParams,
          response: { 200: publication, ...adminErrors },
        },
      },
      async (request) => {
        const found = await findPublication(companyOf(request), request.params.uuid);
        await db
          .updateTable('publications')
          .set({ unpublished_at: found.unpublished_at ?? new Date().toISOString() })
          .where('uuid', '=', found.uuid)
          .execute();
        const { snapshot: _s, ...row } = await findPublication(
          companyOf(request),
          request.params.uuid,
        );
        void _s;
        return withEmbed(apiUrl(request))(row);
      },
    );
  };
}
