import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeProblems, voiceSettingProblems, type VoiceSettings } from '@svc/protocol/agent';
import { z } from 'zod';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import { HttpError } from '../../errors.js';
import {
  analysisNamedTwice,
  badTranslationTag,
  languageTag,
  scenarioDefinition,
} from '../../scenario-definition.js';
import type { Scenarios } from '../../scenarios.js';
import {
  adminErrors,
  changesOf,
  companyOf,
  errorBody,
  idParams,
  recordId,
  recordIdParam,
} from './shared.js';

const collectionIds = z.array(recordId).max(20);
const createBody = scenarioDefinition.extend({
  application_id: recordId,
  name: z.string().min(1).max(200),
  language: languageTag.default('en-US'),
  collection_ids: collectionIds.default([]),
});
// Defaults apply on create only: a PATCH that leaves a field out keeps its stored value.
const patchBody = changesOf(
  z.object({
    name: z.string().min(1).max(200),
    language: languageTag,
    collection_ids: collectionIds,
    ...scenarioDefinition.shape,
  }),
);
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

const toolNamedTwice = errorBody(
  'Two tools of the scenario have the same name, a cart tool neither declares `settings.operation` nor is named as a tool of the catalog, a key of `translations` is not a language tag, an analysis field or criterion is named twice, a page tool lacks a description or arguments, declares arguments outside the JSON Schema subset the models follow, a timeout out of bounds or the page method of another tool, or a voice setting names a key or an environment variable, gives an address to a provider other than openai-compatible, or an address that is not https on a public host; the message names the field',
);

/**
 * 422 for a `translations` key that is not a BCP-47 tag (the schema takes any key), and for voice
 * settings that name a key or a variable or send a key to an address the scenario chose (the
 * rules the agent applies again, `providerSettingProblems`).
 */
function checkDefinition(body: {
  translations?: Record<string, unknown> | undefined;
  voice?: object | undefined;
  analysis?: { fields?: { name: string }[]; criteria?: { name: string }[] } | undefined;
}): void {
  const bad = badTranslationTag(body.translations);
  if (bad) throw new HttpError(422, `${bad}: a BCP-47 tag such as fr-FR`);
  const twice = analysisNamedTwice(body.analysis);
  if (twice) throw new HttpError(422, `${twice}: named twice`);
  const problems = voiceSettingProblems(body.voice as VoiceSettings | undefined);
  if (problems.length > 0) throw new HttpError(422, describeProblems(problems));
}

/** Scenarios: the drafts that publications freeze (see `publications.ts` for publishing). */
export function scenarioRoutes({ scenarios }: { scenarios: Scenarios }): FastifyPluginAsyncZod {
  const tags = ['admin: scenarios'];

  return async (app) => {
    app.get(
      '/scenarios',
      {
        schema: {
          operationId: 'listScenarios',
          tags,
          summary: 'List scenarios, by id (offset paged)',
          querystring: z.object({ application_id: recordIdParam.optional(), ...pageQuery }),
          response: {
            200: z.object({ scenarios: z.array(scenarioSummary), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { application_id, ...page } = request.query;
        const { rows, next_offset } = pageOf(
          await scenarios.list(companyOf(request), { applicationId: application_id, page }),
          page,
        );
        return { scenarios: rows, next_offset };
      },
    );

    app.post(
      '/scenarios',
      {
        schema: {
          operationId: 'createScenario',
          tags,
          summary: 'Create a scenario',
          body: createBody,
          response: { 201: scenario, ...adminErrors, 422: toolNamedTwice },
        },
      },
      async (request, reply) => {
        checkDefinition(request.body);
        return reply.status(201).send(await scenarios.create(companyOf(request), request.body));
      },
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
          response: { 200: scenario, ...adminErrors, 422: toolNamedTwice },
        },
      },
      async (request) => {
        checkDefinition(request.body);
        return scenarios.update(companyOf(request), request.params.id, request.body);
      },
    );

    app.post(
      '/scenarios/:id/duplicate',
      {
        schema: {
          operationId: 'duplicateScenario',
          tags,
          summary:
            'Copy a scenario with its collections and tests (not its publications); the name defaults to "<name> (copy)"',
          params: idParams,
          body: z.object({ name: z.string().min(1).max(200).optional() }),
          response: { 201: scenario, ...adminErrors },
        },
      },
      async (request, reply) => {
        const companyId = companyOf(request);
        const source = await scenarios.find(companyId, request.params.id);
        const name = request.body.name ?? `${source.name} (copy)`.slice(0, 200);
        return reply.status(201).send(await scenarios.duplicate(companyId, source.id, name));
      },
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
  };
}
