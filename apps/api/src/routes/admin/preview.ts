import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../../db/database.js';
import type { Publications } from '../../publications.js';
import type { Scenarios } from '../../scenarios.js';
import { createSessions } from '../../sessions.js';
import { openSessionRoom, type TransportAdmin } from '../../transport.js';
import { createVisitors } from '../../visitors.js';
import { adminErrors, companyOf, errorBody, idParams } from './shared.js';

/** What a preview session needs. */
export interface PreviewRouteDeps {
  database: OpenDatabase;
  scenarios: Scenarios;
  publications: Publications;
  transport: TransportAdmin;
  /** Lifetime of the participant token, seconds (default 600, as session start). */
  rtTokenSeconds?: number | undefined;
}

const mode = z.enum(['audio', 'text']);

/**
 * `POST /scenarios/:id/preview`: a session on the scenario's draft for the signed-in admin, with
 * the credentials session start answers, so the SDK joins it as it joins any session.
 */
export function previewRoutes(deps: PreviewRouteDeps): FastifyPluginAsyncZod {
  const visitors = createVisitors(deps.database);
  const sessions = createSessions(deps.database);
  return async (app) => {
    app.post(
      '/scenarios/:id/preview',
      {
        schema: {
          operationId: 'startPreviewSession',
          tags: ['admin: scenarios'],
          summary:
            'Try the draft: a session on the unpublished scenario, answered like session start (plus the conversation and preview ids)',
          description:
            'The preview is the draft frozen now under a hidden label that no public or visitor route serves. Each preview is a new visitor, so carts start empty. Previews are left out of the dashboard.',
          params: idParams,
          body: z.object({
            input_mode: mode.default('audio'),
            output_mode: mode.default('audio'),
            language: z.string().min(2).max(35).optional(),
            metadata: z.record(z.string(), z.unknown()).default({}),
          }),
          response: {
            200: z.object({
              rt_token: z.string(),
              rt_url: z.string(),
              expires_in: z.number(),
              conversation_id: z.string(),
              publication_uuid: z.string(),
            }),
            ...adminErrors,
            503: errorBody('The Transport did not answer while creating the room'),
          },
        },
      },
      async (request) => {
        const scenario = await deps.scenarios.find(companyOf(request), request.params.id);
        const { input_mode, output_mode, language, metadata } = request.body;
        const preview = await deps.publications.preview(scenario);
        // A fresh visitor no one can name: no visitor token reaches a preview's conversation.
        const visitorId = await visitors.identify(
          scenario.application_id,
          `preview-${randomUUID()}`,
        );
        const conversation = await sessions.create({
          publicationId: preview.publication_id,
          visitorId,
          language: language ?? scenario.language,
          inputMode: input_mode,
          outputMode: output_mode,
          metadata,
        });
        const credentials = await openSessionRoom(
          deps.transport,
          {
            conversation,
            visitorId,
            inputMode: input_mode,
            outputMode: output_mode,
            metadata,
            resumed: false,
            ttlSeconds: deps.rtTokenSeconds ?? 600,
          },
          request.log,
        );
        return {
          ...credentials,
          conversation_id: conversation.id,
          publication_uuid: preview.uuid,
        };
      },
    );
  };
}
