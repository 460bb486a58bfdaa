import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openAdminSession, type AdminSessionDeps } from '../../admin-session.js';
import type { Publications } from '../../publications.js';
import type { Scenarios } from '../../scenarios.js';
import {
  adminErrors,
  companyOf,
  errorBody,
  idParams,
  refuseUnservable,
  unservable,
  type ServingProblemsCheck,
} from './shared.js';

/** What a preview session needs. */
export interface PreviewRouteDeps extends AdminSessionDeps {
  scenarios: Scenarios;
  publications: Publications;
  /** The same check publishing makes: a draft that could not be published is not tried either. */
  servingProblems?: ServingProblemsCheck | undefined;
}

const mode = z.enum(['audio', 'text']);

/**
 * `POST /scenarios/:id/preview`: a session on the scenario's draft for the signed-in admin, with
 * the credentials session start answers, so the SDK joins it as it joins any session.
 */
export function previewRoutes(deps: PreviewRouteDeps): FastifyPluginAsyncZod {
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
            ...unservable,
            503: errorBody('The Transport did not answer while creating the room'),
          },
        },
      },
      async (request) => {
        const scenario = await deps.scenarios.find(companyOf(request), request.params.id);
        await refuseUnservable(deps.servingProblems, scenario, companyOf(request));
        const { input_mode, output_mode, language, metadata } = request.body;
        const preview = await deps.publications.preview(scenario);
        const session = await openAdminSession(
          deps,
          {
            applicationId: scenario.application_id,
            publicationId: preview.publication_id,
            visitorPrefix: 'preview',
            language: language ?? scenario.language,
            inputMode: input_mode,
            outputMode: output_mode,
            metadata,
          },
          request.log,
        );
        return { ...session, publication_uuid: preview.uuid };
      },
    );
  };
}
