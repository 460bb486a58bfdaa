import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Carts } from '../carts.js';
import type { CollectionStore } from '../collections/store.js';
import { resultLimit } from '../conversations.js';
import { HttpError } from '../errors.js';
import type { Publications } from '../publications.js';
import { authenticateVisitor, type TokenService } from '../tokens.js';
import { checkVisitorKnown, type Visitors } from '../visitors.js';
import { contentRoutes } from './content.js';
import { checkOrigin } from './public.js';

/** What the visitor routes need. */
export interface VisitorRouteDeps {
  tokens: TokenService;
  /** Live publication lookups, shared with the public routes (cached briefly). */
  publications: Publications;
  store: CollectionStore;
  carts: Carts;
  visitors: Visitors;
}

/**
 * The APIs frontend features call with the visitor token (`/v1/visitor`): collection search, item
 * display and comparison data, carts. Scoped by the token's visitor and publication.
 */
export function visitorRoutes(deps: VisitorRouteDeps): FastifyPluginAsyncZod {
  return contentRoutes({
    store: deps.store,
    carts: deps.carts,
    audience: 'visitor',
    rateLimited: true,
    async scope(request) {
      const claims = await authenticateVisitor(deps.tokens, request);
      const publication = await deps.publications.live(claims.scenario_uuid);
      if (publication.application_id !== claims.application_id) {
        throw new HttpError(403, 'the publication belongs to another application');
      }
      checkOrigin(publication.allowed_origins, request.headers.origin);
      await checkVisitorKnown(deps.visitors, claims);
      const snapshot = publication.snapshot;
      return {
        companyId: publication.company_id,
        visitorId: claims.visitorId,
        collectionIds: snapshot.collection_ids ?? [],
        limit: resultLimit(snapshot),
      };
    },
  });
}
