import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../../db/database.js';
import { HttpError } from '../../errors.js';
import { eraseVisitor } from '../../visitor-erasure.js';
import { adminErrors, companyOf, recordIdParam } from './shared.js';

const erasure = z.object({
  external_id: z.string(),
  /** Whether a visitor record existed (false when it was erased before, or never came). */
  visitor: z.boolean(),
  conversations: z.number(),
  messages: z.number(),
  buckets: z.number(),
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
            /** The external id the page identified the visitor with (percent-encoded). */
            external_id: z.string().min(1).max(256),
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
