import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminAuth } from '../../auth.js';
import type { CollectionStore } from '../../collections/store.js';
import type { Conversations } from '../../conversations.js';
import type { OpenDatabase } from '../../db/database.js';
import type { Publications } from '../../publications.js';
import type { Scenarios } from '../../scenarios.js';
import { applicationRoutes } from './applications.js';
import { adminAuthRoutes } from './auth.js';
import { collectionRoutes } from './collections.js';
import { conversationRoutes } from './conversations.js';
import { scenarioRoutes } from './scenarios.js';
import { setPrincipal } from './shared.js';

/** What the admin API needs. */
export interface AdminRouteDeps {
  database: OpenDatabase;
  auth: AdminAuth;
  store: CollectionStore;
  conversations: Conversations;
  scenarios: Scenarios;
  publications: Publications;
}

/**
 * The authoring and admin API under `/v1/admin`: sign-in is open; everything else takes an admin
 * session token or a company API key, and only ever sees that company's records.
 */
export function adminRoutes(deps: AdminRouteDeps): FastifyPluginAsyncZod {
  const access = adminAuthRoutes(deps);
  return async (app) => {
    await app.register(access.open);
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', async (request) => {
        setPrincipal(request, await deps.auth.authenticate(request));
      });
      await signedIn.register(access.signedIn);
      await signedIn.register(applicationRoutes(deps.database));
      await signedIn.register(scenarioRoutes(deps));
      await signedIn.register(collectionRoutes(deps.store));
      await signedIn.register(conversationRoutes(deps.database, deps.conversations));
    });
  };
}
