import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { eraseVisitor } from '../../visitor-erasure.js';
import { adminErrors, companyOf, recordIdParam } from './shared.js';

const erasure = z.object({
  external_id: z.string(),
  visitor: z
    .boolean()
    .describe('Whether a visitor record existed (false when erased before, or never identified)'),
  conversations: z.number().describe('Conversations deleted, with their tool calls and metrics'),
  messages: z.number().describe('Messages deleted'),
  buckets: z.number().describe('Carts and other buckets deleted, with their items'),
});

/** A visitor's data, as the application's admins may erase it (a person's request to be forgotten). */
export function visitorRoutes(database: OpenDatabase): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.delete(
      '/applications/:id/visitors/:external_id',
      {
        schema: {
          operationId: 'eraseVisitor',
          tags: ['admin: applications'],
          summary:
            'Erase a visitor: its conversations with their messages and tool calls, its carts, and its record (idempotent: again, it answers zeros)',
          params: z.object({
            id: recordIdParam,
            external_id: z
              .string()
              .min(1)
              .max(256)
              .describe('The external id the page identified the visitor with, percent-encoded'),
          }),
          response: { 200: erasure, ...adminErrors },
        },
      },
      async (request) => {
        const application = await db
          .selectFrom('applications')
          .select('id')
          .where('id', '=', request.params.id)
          .where('company_id', '=', companyOf(request))
          .executeTakeFirst();
        if (!application) throw new HttpError(404, `unknown application ${request.params.id}`);
        const erased = await eraseVisitor(database, application.id, request.params.external_id);
        // Counts only: the external id is the very thing being forgotten.
        request.log.info({ application_id: application.id, ...erased }, 'erased a visitor');
        return { external_id: request.params.external_id, ...erased };
      },
    );
  };
}
