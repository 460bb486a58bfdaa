import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Publication, Publications } from '../../publications.js';
import { languageTag, scenarioDefinition } from '../../scenario-definition.js';
import type { Scenarios } from '../../scenarios.js';
import { embedSnippet } from './embed.js';
import { adminErrors, companyOf, idParams } from './shared.js';

const collectionIds = z.array(z.number().int().positive()).max(20);
const createBody = scenarioDefinition.extend({
  application_id: z.number().int().positive(),
  name: z.string().min(1).max(200),
  language: languageTag.default('en-US'),
  collection_ids: collectionIds.default([]),
});
const patchBody = z
  .object({
    name: z.string().min(1).max(200),
    language: languageTag,
    collection_ids: collectionIds,
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
const uuidParams = z.object({ uuid: z.uuid() });
/** A scenario as answered: its definition with defaults filled, attached collections and times. */
const scenario = scenarioDefinition.extend({
  id: z.number(),
  application_id: z.number(),
  name: z.string(),
  language: z.string(),
  collection_ids: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
const scenarioSummary = z.object({
  id: z.number(),
  application_id: z.number(),
  name: z.string(),
  language: z.string(),
  updated_at: z.string(),
});

/** What the scenario routes need. */
export interface ScenarioRouteDeps {
  scenarios: Scenarios;
  publications: Publications;
}

/** Scenarios, and their publications (publish, unpublish, embed snippets). */
export function scenarioRoutes({
  scenarios,
  publications,
}: ScenarioRouteDeps): FastifyPluginAsyncZod {
  const tags = ['admin: scenarios'];
  // The snippets name the API by the address the admin reached it on.
  const withEmbed = (request: { protocol: string; host: string }) => (row: Publication) => ({
    ...row,
    embed: embedSnippet(`${request.protocol}://${request.host}`, row.uuid),
  });

  return async (app) => {
    app.get(
      '/scenarios',
      {
        schema: {
          operationId: 'listScenarios',
          tags,
          summary: 'List scenarios',
          querystring: z.object({ application_id: z.coerce.number().int().positive().optional() }),
          response: { 200: z.object({ scenarios: z.array(scenarioSummary) }), ...adminErrors },
        },
      },
      async (request) => ({
        scenarios: await scenarios.list(companyOf(request), {
          applicationId: request.query.application_id,
        }),
      }),
    );

    app.post(
      '/scenarios',
      {
        schema: {
          operationId: 'createScenario',
          tags,
          summary: 'Create a scenario',
          body: createBody,
          response: { 201: scenario, ...adminErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await scenarios.create(companyOf(request), request.body)),
    );

    app.get(
      '/scenarios/:id',
      {
        schema: {
          operationId: 'getScenario',
          tags,
          summary: 'One scenario, with its prompt',
          params: idParams,
          response: { 200: scenario, ...adminErrors },
        },
      },
      async (request) => scenarios.find(companyOf(request), request.params.id),
    );

    app.patch(
      '/scenarios/:id',
      {
        schema: {
          operationId: 'updateScenario',
          tags,
          summary: 'Change a scenario (publications keep their snapshots)',
          params: idParams,
          body: patchBody,
          response: { 200: scenario, ...adminErrors },
        },
      },
      async (request) => scenarios.update(companyOf(request), request.params.id, request.body),
    );

    app.delete(
      '/scenarios/:id',
      {
        schema: {
          operationId: 'deleteScenario',
          tags,
          summary: 'Delete a scenario (409 while its publications have conversations)',
          params: idParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        await scenarios.remove(companyOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/scenarios/:id/publish',
      {
        schema: {
          operationId: 'publishScenario',
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
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        return withEmbed(request)(await publications.publish(scenario, request.body.label));
      },
    );

    app.get(
      '/scenarios/:id/publications',
      {
        schema: {
          operationId: 'listScenarioPublications',
          tags,
          summary: "A scenario's publications",
          params: idParams,
          response: { 200: z.object({ publications: z.array(publication) }), ...adminErrors },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        const rows = await publications.ofScenario(scenario.id);
        return { publications: rows.map(withEmbed(request)) };
      },
    );

    app.get(
      '/publications/:uuid',
      {
        schema: {
          operationId: 'getPublication',
          tags,
          summary: 'A publication with its snapshot and embed snippets',
          params: uuidParams,
          response: {
            200: publication.extend({
              /** The frozen scenario the label serves (a `ScenarioSnapshot`). */
              snapshot: z.looseObject({}),
            }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { snapshot, ...row } = await publications.find(
          companyOf(request),
          request.params.uuid,
        );
        return { ...withEmbed(request)(row), snapshot: { ...snapshot } };
      },
    );

    app.post(
      '/publications/:uuid/unpublish',
      {
        schema: {
          operationId: 'unpublishPublication',
          tags,
          summary: 'Unpublish: the public routes answer 404 until the label is published again',
          params: uuidParams,
          response: { 200: publication, ...adminErrors },
        },
      },
      async (request) =>
        withEmbed(request)(await publications.unpublish(companyOf(request), request.params.uuid)),
    );
  };
}
