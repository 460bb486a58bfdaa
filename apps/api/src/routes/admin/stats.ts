import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors.js';
import type { StatsService } from '../../stats.js';
import { adminErrors, companyOf, errorBody, recordIdParam } from './shared.js';

/** The default window of the dashboard: the last 30 days. */
export const DEFAULT_DAYS = 30;

const count = z.number();
const stats = z.object({
  from: z.string(),
  to: z.string(),
  publications: z.array(
    z.object({
      publication_uuid: z.string(),
      label: z.string(),
      scenario_id: z.number(),
      scenario_name: z.string(),
      conversations: count,
      ended: count,
      completed: count,
    }),
  ),
  conversations_per_day: z.array(
    z.object({ publication_uuid: z.string(), day: z.string(), conversations: count }),
  ),
  end_reasons: z.array(
    z.object({
      publication_uuid: z.string(),
      end_reason: z.string().nullable(),
      conversations: count,
    }),
  ),
  turn_latency: z.array(
    z.object({
      publication_uuid: z.string(),
      turns: count,
      p50_ms: z.number(),
      p95_ms: z.number(),
    }),
  ),
  tool_usage: z.array(z.object({ publication_uuid: z.string(), tool: z.string(), calls: count })),
  empty_searches: z.array(
    z.object({
      publication_uuid: z.string(),
      tool: z.string(),
      query: z.string().nullable(),
      searches: count,
    }),
  ),
});

/** `GET /stats`: the dashboard's aggregations, per publication. */
export function statsRoutes(service: StatsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stats',
      {
        schema: {
          operationId: 'getStats',
          tags: ['admin: conversations'],
          summary:
            'Dashboard: conversations per day, end reasons and completion, p50/p95 turn latency, tool usage and searches that found nothing, per publication',
          description: `Counts conversations started in [from, to) (default: the last ${DEFAULT_DAYS} days), optionally of one publication, scenario or application. Days are UTC.`,
          querystring: z.object({
            publication_uuid: z.uuid().optional(),
            scenario_id: recordIdParam.optional(),
            application_id: recordIdParam.optional(),
            from: z.iso.datetime({ offset: true }).optional(),
            to: z.iso.datetime({ offset: true }).optional(),
          }),
          response: { 200: stats, ...adminErrors, 422: errorBody('`from` is not before `to`') },
        },
      },
      async (request) => {
        const query = request.query;
        const to = query.to ? new Date(query.to) : new Date();
        const from = query.from
          ? new Date(query.from)
          : new Date(to.getTime() - DEFAULT_DAYS * 86_400_000);
        if (from >= to) throw new HttpError(422, 'from: must be before to');
        const range = { from: from.toISOString(), to: to.toISOString() };
        const figures = await service.compute({
          companyId: companyOf(request),
          ...range,
          publicationUuid: query.publication_uuid,
          scenarioId: query.scenario_id,
          applicationId: query.application_id,
        });
        return { ...range, ...figures };
      },
    );
  };
}
