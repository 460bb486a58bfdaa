import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { nextOffset, pageOf, pageQuery, rowsFor } from '../../paging.js';
import { newIdentifySecret } from '../../identify-signature.js';
import { DEFAULT_LIMITS, parseLimits } from '../../limits.js';
import { adminErrors, changesOf, companyOf, idParams, json } from './shared.js';

const origin = z
  .string()
  .regex(/^https?:\/\/[^/\s]+$/, 'an origin is scheme://host[:port], with no path');
const limits = z.object({
  requests_per_minute: z.number().int().min(1).max(1_000_000),
  concurrent_sessions: z.number().int().min(1).max(100_000),
  concurrent_sessions_per_visitor: z.number().int().min(1).max(100_000),
  concurrent_sessions_per_address: z.number().int().min(1).max(100_000),
  daily_sessions: z.number().int().min(1).max(10_000_000),
  max_duration_seconds: z
    .number()
    .int()
    .min(60)
    .max(24 * 3600),
  idle_timeout_seconds: z
    .number()
    .int()
    .min(10)
    .max(24 * 3600),
  messages_per_minute: z.number().int().min(1).max(10_000),
});
/** Days ended conversations are kept, with their messages; null keeps them. */
const retentionDays = z
  .number()
  .int()
  .min(1)
  .max(36_500)
  .nullable()
  .describe('Days an ended conversation and its messages are kept; null keeps them');
const application = z.object({
  id: z.number(),
  name: z.string(),
  allowed_origins: z.array(z.string()),
  limits,
  retention_days: retentionDays,
  /** Whether identify needs the business's signature of the external id. */
  signed_identify: z.boolean(),
  created_at: z.string(),
});
/** The identify secret, in the one answer that shows it. */
const secretShown = z.object({
  identify_secret: z
    .string()
    .describe('Signs external ids (HMAC-SHA256); shown this once, keep it on your backend'),
});
const body = z.object({
  name: z.string().min(1).max(200),
  allowed_origins: z.array(origin).max(100).default([]),
  limits: limits.partial().default({}),
  retention_days: retentionDays.default(null),
});
const createBody = body.extend({
  /** Turns signed identify on: the 201 then shows the identify secret, once. */
  signed_identify: z.boolean().default(false),
});

/** Applications of the company: origins allowed to embed them, and their limits. */
export function applicationRoutes({ db }: OpenDatabase): FastifyPluginAsyncZod {
  const tags = ['admin: applications'];
  const toWire = (row: {
    id: number;
    name: string;
    allowed_origins: string;
    limits: string;
    retention_days: number | null;
    identify_secret: string | null;
    created_at: string;
  }) => ({
    id: row.id,
    name: row.name,
    allowed_origins: json<string[]>(row.allowed_origins),
    limits: parseLimits(row.limits),
    retention_days: row.retention_days,
    signed_identify: row.identify_secret !== null,
    created_at: row.created_at,
  });
  const columns = [
    'id',
    'name',
    'allowed_origins',
    'limits',
    'retention_days',
    'identify_secret',
    'created_at',
  ] as const;
  const find = async (companyId: number, id: number) => {
    const row = await db
      .selectFrom('applications')
      .select(columns)
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, `unknown application ${id}`);
    return row;
  };

  return async (app) => {
    app.get(
      '/applications',
      {
        schema: {
          operationId: 'listApplications',
          tags,
          summary: 'List applications, by id (offset paged)',
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ applications: z.array(application), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { rows, next_offset } = pageOf(
          await db
            .selectFrom('applications')
            .select(columns)
            .where('company_id', '=', companyOf(request))
            .orderBy('id')
            .limit(rowsFor(request.query).limit)
            .offset(request.query.offset)
            .execute(),
          request.query,
        );
        return { applications: rows.map(toWire), next_offset };
      },
    );
    app.post(
      '/applications',
      {
        schema: {
          operationId: 'createApplication',
          tags,
          summary: `Create an application (limits default to ${JSON.stringify(DEFAULT_LIMITS)})`,
          body: createBody,
          response: { 201: application.merge(secretShown.partial()), ...adminErrors },
        },
      },
      async (request, reply) => {
        const row = await db
          .insertInto('applications')
          .values({
            company_id: companyOf(request),
            name: request.body.name,
            allowed_origins: JSON.stringify(request.body.allowed_origins),
            limits: JSON.stringify(request.body.limits),
            retention_days: request.body.retention_days,
            identify_secret: request.body.signed_identify ? newIdentifySecret() : null,
            created_at: new Date().toISOString(),
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return reply.status(201).send({
          ...toWire(row),
          ...(row.identify_secret ? { identify_secret: row.identify_secret } : {}),
        });
      },
    );
    app.get(
      '/applications/:id',
      {
        schema: {
          operationId: 'getApplication',
          tags,
          summary: 'One application',
          params: idParams,
          response: { 200: application, ...adminErrors },
        },
      },
      async (request) => toWire(await find(companyOf(request), request.params.id)),
    );
    app.patch(
      '/applications/:id',
      {
        schema: {
          operationId: 'updateApplication',
          tags,
          summary: 'Change an application',
          params: idParams,
          body: changesOf(body),
          response: { 200: application, ...adminErrors },
        },
      },
      async (request) => {
        const current = await find(companyOf(request), request.params.id);
        const { name, allowed_origins, limits: changed, retention_days } = request.body;
        const changes = {
          ...(name !== undefined ? { name } : {}),
          ...(retention_days !== undefined ? { retention_days } : {}),
          ...(allowed_origins !== undefined
            ? { allowed_origins: JSON.stringify(allowed_origins) }
            : {}),
          ...(changed !== undefined
            ? { limits: JSON.stringify({ ...json<object>(current.limits), ...changed }) }
            : {}),
        };
        // A PATCH that names nothing changes nothing (an UPDATE with no column is an SQL error).
        if (Object.keys(changes).length > 0)
          await db.updateTable('applications').set(changes).where('id', '=', current.id).execute();
        return toWire(await find(companyOf(request), current.id));
      },
    );
    app.post(
      '/applications/:id/identify-secret',
      {
        schema: {
          operationId: 'rotateIdentifySecret',
          tags,
          summary:
            'Turn signed identify on, or rotate its secret: answers the new secret once; signatures made with the old one are refused from now on',
          params: idParams,
          response: { 201: secretShown, ...adminErrors },
        },
      },
      async (request, reply) => {
        const current = await find(companyOf(request), request.params.id);
        const identify_secret = newIdentifySecret();
        await db
          .updateTable('applications')
          .set({ identify_secret })
          .where('id', '=', current.id)
          .execute();
        return reply.status(201).send({ identify_secret });
      },
    );
    app.delete(
      '/applications/:id/identify-secret',
      {
        schema: {
          operationId: 'removeIdentifySecret',
          tags,
          summary: 'Turn signed identify off: identify takes an external id unsigned again',
          params: idParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const current = await find(companyOf(request), request.params.id);
        await db
          .updateTable('applications')
          .set({ identify_secret: null })
          .where('id', '=', current.id)
          .execute();
        return reply.status(204).send(null);
      },
    );
    app.delete(
      '/applications/:id',
      {
        schema: {
          operationId: 'deleteApplication',
          tags,
          summary: 'Delete an application (409 while it has conversations)',
          params: idParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        const current = await find(companyOf(request), request.params.id);
        await db.deleteFrom('applications').where('id', '=', current.id).execute();
        return reply.status(204).send(null);
      },
    );
  };
}
