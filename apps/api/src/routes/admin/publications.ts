import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonDiff } from '../../json-diff.js';
import { draftSnapshot, type Publication, type Publications } from '../../publications.js';
import { HttpError } from '../../errors.js';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import type { Scenario, Scenarios } from '../../scenarios.js';
import type { PublishGate } from '../../test-runs/store.js';
import { embedSnippet } from './embed.js';
import {
  adminErrors,
  companyOf,
  idParams,
  principalOf,
  recordId,
  recordIdParam,
  refuseUnservable,
  unservable,
  type ServingProblemsCheck,
} from './shared.js';

/** The labels the studio offers; any label of the same shape may be published. */
export const STANDARD_LABELS = ['staging', 'production'] as const;

const label = z.string().regex(/^[a-z0-9][\w-]{0,31}$/, 'lower-case letters, digits, _ and -');
const publication = z.object({
  uuid: z.string(),
  label: z.string(),
  scenario_id: z.number(),
  published_at: z.string(),
  unpublished_at: z.string().nullable(),
  history_id: z.number().nullable(),
  embed: z.object({
    html: z
      .string()
      .describe('One script tag: the widget (launcher and conversation panel) on any page'),
    install: z.string(),
    module: z.string(),
    react: z.string(),
  }),
});
const uuidParams = z.object({ uuid: z.uuid() });
const historyEntry = z.object({
  id: z.number(),
  publication_uuid: z.string(),
  label: z.string(),
  action: z.enum(['publish', 'rollback', 'unpublish']),
  created_at: z.string(),
  admin: z.object({ id: z.number(), email: z.string() }).nullable(),
  api_key: z.object({ id: z.number(), name: z.string() }).nullable(),
  rollback_of: z.number().nullable(),
  live: z.boolean(),
});
const change = z.object({
  path: z.string(),
  kind: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

/** What the publication routes need. */
export interface PublicationRouteDeps {
  scenarios: Scenarios;
  publications: Publications;
  /** Whether the scenario's draft may go to production (its tests' publish gate). */
  publishGate?: (scenario: Scenario) => Promise<PublishGate>;
  /** What stops the deployment's agent from serving the scenario: publishing it answers 422. */
  servingProblems?: ServingProblemsCheck | undefined;
}

/** The label the publish gate guards. */
export const GATED_LABEL = 'production';

/**
 * Publishing a scenario's draft under a label, the labels' history with who and when, the draft's
 * differences from what each label serves, rollback, unpublish, embed snippets.
 */
export function publicationRoutes({
  scenarios,
  publications,
  publishGate,
  servingProblems,
}: PublicationRouteDeps): FastifyPluginAsyncZod {
  const tags = ['admin: publications'];
  // The snippets name the API by the address the admin reached it on.
  const withEmbed =
    (request: { protocol: string; host: string }) =>
    ({ uuid, label, scenario_id, published_at, unpublished_at, history_id }: Publication) => ({
      uuid,
      label,
      scenario_id,
      published_at,
      unpublished_at,
      history_id,
      embed: embedSnippet(`${request.protocol}://${request.host}`, uuid),
    });

  return async (app) => {
    app.post(
      '/scenarios/:id/publish',
      {
        schema: {
          operationId: 'publishScenario',
          tags,
          summary:
            'Publish the draft under a label: snapshots the scenario; publishing a label again moves it (same uuid)',
          description:
            'With the scenario’s publish gate on (`PUT …/publish-gate`), publishing to `production` answers 409 naming every test that has not passed its latest run against this draft revision.',
          params: idParams,
          body: z.object({ label: label.default('production') }),
          response: {
            200: publication,
            ...adminErrors,
            ...unservable,
          },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        await refuseUnservable(servingProblems, scenario, companyOf(request));
        if (request.body.label === GATED_LABEL && publishGate) {
          const gate = await publishGate(scenario);
          if (gate.require_passing_tests && !gate.passing)
            throw new HttpError(
              409,
              `publishing to production needs every test to pass on this draft: ${gate.reason ?? ''}`,
            );
        }
        const published = await publications.publish(
          scenario,
          request.body.label,
          principalOf(request),
        );
        return withEmbed(request)(published);
      },
    );

    app.get(
      '/scenarios/:id/publications',
      {
        schema: {
          operationId: 'listScenarioPublications',
          tags,
          summary: "A scenario's publications, one per label, by label (offset paged)",
          params: idParams,
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ publications: z.array(publication), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        const { rows, next_offset } = pageOf(
          await publications.ofScenario(scenario.id, request.query),
          request.query,
        );
        return { publications: rows.map(withEmbed(request)), next_offset };
      },
    );

    app.get(
      '/scenarios/:id/history',
      {
        schema: {
          operationId: 'listPublicationHistory',
          tags,
          summary:
            "A scenario's publication history, newest first: every publish, rollback and unpublish with who and when",
          params: idParams,
          querystring: z.object({ label: label.optional(), ...pageQuery }),
          response: {
            200: z.object({ history: z.array(historyEntry), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        const { label: only, ...page } = request.query;
        const { rows, next_offset } = pageOf(
          await publications.history(scenario.id, { label: only, page }),
          page,
        );
        return { history: rows, next_offset };
      },
    );

    app.get(
      '/scenarios/:id/history/:entryId',
      {
        schema: {
          operationId: 'getPublicationHistoryEntry',
          tags,
          summary: 'One history entry with the snapshot it served (null for an unpublish)',
          params: idParams.extend({ entryId: recordIdParam }),
          response: {
            200: historyEntry.extend({ snapshot: z.looseObject({}).nullable() }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const scenario = await scenarios.find(companyOf(request), request.params.id);
        const entry = await publications.historyEntry(scenario.id, request.params.entryId);
        return { ...entry, snapshot: entry.snapshot ? { ...entry.snapshot } : null };
      },
    );

    app.get(
      '/scenarios/:id/diff',
      {
        schema: {
          operationId: 'diffScenarioDraft',
          tags,
          summary:
            'What publishing the draft would change, per label: staging, production and any other label published',
          params: idParams,
          response: {
            200: z.object({
              labels: z.array(
                z.object({
                  label: z.string(),
                  /** Null while the label was never published. */
                  publication: publication.nullable(),
                  /** From what the label serves to the draft; empty when they are the same. */
                  changes: z.array(change),
                }),
              ),
            }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const companyId = companyOf(request);
        const scenario = await scenarios.find(companyId, request.params.id);
        const draft = draftSnapshot(scenario);
        const published = await publications.ofScenario(scenario.id);
        const labels = [...new Set([...STANDARD_LABELS, ...published.map((row) => row.label)])];
        return {
          labels: await Promise.all(
            labels.map(async (name) => {
              const row = published.find((candidate) => candidate.label === name);
              // An unpublished label serves nothing, so the draft is all new to it.
              const served =
                row && !row.unpublished_at
                  ? (await publications.find(companyId, row.uuid)).snapshot
                  : {};
              return {
                label: name,
                publication: row ? withEmbed(request)(row) : null,
                changes: jsonDiff(served, draft),
              };
            }),
          ),
        };
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
      '/publications/:uuid/rollback',
      {
        schema: {
          operationId: 'rollbackPublication',
          tags,
          summary:
            "Point the label at an earlier history entry's snapshot (any label's of the same scenario); same uuid, published again",
          params: uuidParams,
          body: z.object({ history_id: recordId }),
          response: { 200: publication, ...adminErrors, ...unservable },
        },
      },
      async (request) =>
        withEmbed(request)(
          await publications.rollback(
            companyOf(request),
            request.params.uuid,
            request.body.history_id,
            principalOf(request),
          ),
        ),
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
        withEmbed(request)(
          await publications.unpublish(
            companyOf(request),
            request.params.uuid,
            principalOf(request),
          ),
        ),
    );
  };
}
