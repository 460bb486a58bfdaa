import { tenantUrlProblem } from '@svc/protocol/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import type { AnalysisStore } from '../../post-call/analysis-store.js';
import { DELIVERY_STATUSES, type Deliveries } from '../../post-call/deliveries.js';
import type { WebhookSettingsStore } from '../../post-call/webhook-settings.js';
import { conversationAnalysis } from '../agent-schemas.js';
import { adminErrors, companyOf, errorBody, idParams, recordIdParam } from './shared.js';
import { DEFAULT_DAYS } from './stats.js';

/** What the post-call routes need. */
export interface PostCallRouteDeps {
  database: OpenDatabase;
  webhooks: WebhookSettingsStore;
  deliveries: Deliveries;
  analyses: AnalysisStore;
  /** The clock (tests move it). */
  now?: () => number;
}

const webhook = z.object({
  application_id: z.number(),
  url: z.string(),
  enabled: z.boolean(),
  enabled_at: z.string().describe('Conversations that ended from then on are delivered'),
  updated_at: z.string(),
  secret: z
    .string()
    .optional()
    .describe(
      'The signing secret: answered only when the webhook is created or its secret rotated',
    ),
});
const webhookBody = z.object({
  url: z.string().min(1).max(2048).describe('An https address on a public host'),
  enabled: z.boolean().default(true),
});
const status = z.enum(DELIVERY_STATUSES);
const delivery = z.object({
  id: z.number(),
  application_id: z.number(),
  conversation_id: z.string(),
  status,
  attempts: z.number(),
  next_attempt_at: z
    .string()
    .nullable()
    .describe('When the next attempt is due; null unless pending'),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
const deliveryDetail = delivery.extend({
  payload: z.unknown().describe('The JSON body sent (null before the first attempt)'),
  attempt_log: z.array(
    z.object({
      attempted_at: z.string(),
      status_code: z.number().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number(),
    }),
  ),
});
const deliveryParams = z.object({ id: recordIdParam, deliveryId: recordIdParam });
const badUrl = errorBody(
  'The URL is not https, holds a user name, or names a host that is not public',
);
const noSecretsKey = errorBody('The server has no SVC_SECRETS_KEY to seal the signing secret');

/**
 * An application's post-call webhook, its delivery log with a resend, a conversation's analysis
 * and the criteria's success rates.
 */
export function postCallRoutes(deps: PostCallRouteDeps): FastifyPluginAsyncZod {
  const { webhooks, deliveries, analyses } = deps;
  const now = deps.now ?? Date.now;
  const tags = ['admin: post-call'];
  const ownApplication = async (companyId: number, id: number) => {
    const row = await deps.database.db
      .selectFrom('applications')
      .select('id')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown application ${id}`);
  };
  return async (app) => {
    app.get(
      '/applications/:id/webhook',
      {
        schema: {
          operationId: 'getWebhook',
          tags,
          summary: "The application's post-call webhook (404 when it has none)",
          params: idParams,
          response: { 200: webhook, ...adminErrors },
        },
      },
      async (request) => {
        await ownApplication(companyOf(request), request.params.id);
        const settings = await webhooks.get(request.params.id);
        if (!settings) throw new HttpError(404, 'the application has no webhook');
        return settings;
      },
    );

    app.put(
      '/applications/:id/webhook',
      {
        schema: {
          operationId: 'putWebhook',
          tags,
          summary: 'Create or change the post-call webhook (a new one answers its secret once)',
          params: idParams,
          body: webhookBody,
          response: { 200: webhook, ...adminErrors, 422: badUrl, 503: noSecretsKey },
        },
      },
      async (request) => {
        await ownApplication(companyOf(request), request.params.id);
        const problem = tenantUrlProblem(request.body.url);
        if (problem) throw new HttpError(422, `url: ${problem}`);
        return webhooks.put(request.params.id, request.body, new Date(now()));
      },
    );

    app.post(
      '/applications/:id/webhook/rotate-secret',
      {
        schema: {
          operationId: 'rotateWebhookSecret',
          tags,
          summary: 'A new signing secret, answered once; the old one stops signing at once',
          params: idParams,
          response: { 200: webhook, ...adminErrors, 503: noSecretsKey },
        },
      },
      async (request) => {
        await ownApplication(companyOf(request), request.params.id);
        const settings = await webhooks.rotate(request.params.id, new Date(now()));
        if (!settings) throw new HttpError(404, 'the application has no webhook');
        return settings;
      },
    );

    app.delete(
      '/applications/:id/webhook',
      {
        schema: {
          operationId: 'deleteWebhook',
          tags,
          summary: 'Remove the webhook (its delivery log stays)',
          params: idParams,
          response: { 204: z.null().describe('Removed'), ...adminErrors },
        },
      },
      async (request, reply) => {
        await ownApplication(companyOf(request), request.params.id);
        if (!(await webhooks.remove(request.params.id)))
          throw new HttpError(404, 'the application has no webhook');
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/applications/:id/webhook/deliveries',
      {
        schema: {
          operationId: 'listWebhookDeliveries',
          tags,
          summary: "The application's post-call deliveries, newest first (offset paged)",
          params: idParams,
          querystring: z.object({ status: status.optional(), ...pageQuery }),
          response: {
            200: z.object({ deliveries: z.array(delivery), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        await ownApplication(companyOf(request), request.params.id);
        const { status: filter, ...page } = request.query;
        const { rows, next_offset } = pageOf(
          await deliveries.list(request.params.id, { status: filter, page }),
          page,
        );
        return { deliveries: rows, next_offset };
      },
    );

    app.get(
      '/applications/:id/webhook/deliveries/:deliveryId',
      {
        schema: {
          operationId: 'getWebhookDelivery',
          tags,
          summary: 'One delivery with its payload and every attempt',
          params: deliveryParams,
          response: { 200: deliveryDetail, ...adminErrors },
        },
      },
      async (request) => {
        await ownApplication(companyOf(request), request.params.id);
        const found = await deliveries.get(request.params.id, request.params.deliveryId);
        if (!found) throw new HttpError(404, `unknown delivery ${request.params.deliveryId}`);
        return found;
      },
    );

    app.post(
      '/applications/:id/webhook/deliveries/:deliveryId/resend',
      {
        schema: {
          operationId: 'resendWebhookDelivery',
          tags,
          summary: 'Send a delivery again now, with a fresh round of attempts and the same payload',
          params: deliveryParams,
          response: {
            202: delivery,
            ...adminErrors,
            409: errorBody('The delivery is being sent right now; try again when it is done'),
          },
        },
      },
      async (request, reply) => {
        const { id, deliveryId } = request.params;
        await ownApplication(companyOf(request), id);
        if (!(await deliveries.get(id, deliveryId)))
          throw new HttpError(404, `unknown delivery ${deliveryId}`);
        if (!(await deliveries.resend(id, deliveryId, now())))
          throw new HttpError(409, 'the delivery is being sent right now');
        const resent = await deliveries.get(id, deliveryId);
        if (!resent) throw new HttpError(404, `unknown delivery ${deliveryId}`);
        const { payload: _payload, attempt_log: _log, ...summary } = resent;
        return reply.status(202).send(summary);
      },
    );

    app.get(
      '/conversations/:conversationId/analysis',
      {
        schema: {
          operationId: 'getConversationAnalysis',
          tags,
          summary:
            'What the agent read out of the conversation: declared fields and criteria (null until it has)',
          params: z.object({ conversationId: z.string().min(1).max(128) }),
          response: {
            200: z.object({ analysis: conversationAnalysis.nullable() }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const row = await deps.database.db
          .selectFrom('conversations as c')
          .innerJoin('publications as p', 'p.id', 'c.publication_id')
          .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
          .innerJoin('applications as a', 'a.id', 's.application_id')
          .select('c.id')
          .where('c.id', '=', request.params.conversationId)
          .where('a.company_id', '=', companyOf(request))
          .executeTakeFirst();
        if (!row) throw new HttpError(404, `unknown conversation ${request.params.conversationId}`);
        return { analysis: await analyses.get(row.id) };
      },
    );

    app.get(
      '/stats/criteria',
      {
        schema: {
          operationId: 'getCriteriaRates',
          tags,
          summary:
            'Success, failure and unknown counts of each criterion over conversations started in [from, to)',
          description: `The dashboard's window: conversations started in [from, to), by default the last ${DEFAULT_DAYS} days.`,
          querystring: z.object({
            from: z.iso.datetime({ offset: true }).optional(),
            to: z.iso.datetime({ offset: true }).optional(),
            scenario_id: recordIdParam.optional(),
          }),
          response: {
            200: z.object({
              criteria: z.array(
                z.object({
                  name: z.string(),
                  success: z.number(),
                  failure: z.number(),
                  unknown: z.number(),
                }),
              ),
            }),
            ...adminErrors,
            422: errorBody('`from` is not before `to`'),
          },
        },
      },
      async (request) => {
        const { scenario_id } = request.query;
        const to = request.query.to ? new Date(request.query.to) : new Date();
        const from = request.query.from
          ? new Date(request.query.from)
          : new Date(to.getTime() - DEFAULT_DAYS * 86_400_000);
        if (from >= to) throw new HttpError(422, 'from: not before to');
        return {
          criteria: await analyses.criteriaRates(companyOf(request), {
            from: from.toISOString(),
            to: to.toISOString(),
            scenarioId: scenario_id,
          }),
        };
      },
    );
  };
}
