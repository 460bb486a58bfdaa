import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Carts } from '../carts.js';
import type { CollectionStore } from '../collections/store.js';
import { resultLimit, type ScenarioSnapshot } from '../conversations.js';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import { authenticateVisitor, type TokenService } from '../tokens.js';
import { contentRoutes } from './content.js';
import { checkOrigin } from './public.js';

/** What the visitor routes need. */
export interface VisitorRouteDeps {
  database: OpenDatabase;
  tokens: TokenService;
  store: CollectionStore;
  carts: Carts;
}

/**
 * The APIs frontend features call with the visitor token (`/v1/visitor`): collection search, item
 * display and comparison data, carts. Scoped by the token's visitor and publication.
 */
export function visitorRoutes(deps: VisitorRouteDeps): FastifyPluginAsyncZod {
  const { db } = deps.database;
  return contentRoutes({
    store: deps.store,
    carts: deps.carts,
    tag: 'visitor',
    async scope(request) {
      const claims = await authenticateVisitor(deps.tokens, request);
      const publication = await db
        .selectFrom('publications as p')
        .innerJoin('scenarios as s', 's.id', 'p.scenario_id')
        .innerJoin('applications as a', 'a.id', 's.application_id')
        .select(['p.snapshot', 'a.id as application_id', 'a.company_id', 'a.allowed_origins'])
        .where('p.uuid', '=', claims.scenario_uuid)
        .where('p.unpublished_at', 'is', null)
        .executeTakeFirst();
      if (!publication) throw new HttpError(404, `unknown publication ${claims.scenario_uuid}`);
      if (publication.application_id !== claims.application_id) {
        throw new HttpError(403, 'the publication belongs to another application');
      }
      checkOrigin(publication.allowed_origins, request.headers.origin);
      const snapshot = JSON.parse(publication.snapshot) as ScenarioSnapshot;
      return {
        companyId: publication.company_id,
        visitorId: claims.visitorId,
        collectionIds: snapshot.collection_ids ?? [],
        limit: resultLimit(snapshot),
      };
    },
  });
}
