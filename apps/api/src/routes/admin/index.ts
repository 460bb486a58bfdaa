import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminAuth } from '../../auth.js';
import type { CollectionStore } from '../../collections/store.js';
import type { Conversations } from '../../conversations.js';
import type { Credentials } from '../../credentials.js';
import type { OpenDatabase } from '../../db/database.js';
import type { Publications } from '../../publications.js';
import { createScenarioTests } from '../../scenario-tests.js';
import type { Scenarios } from '../../scenarios.js';
import type { TransportAdmin } from '../../transport.js';
import { createStats } from '../../stats.js';
import type { TestRunDriver } from '../../test-runs/driver.js';
import { livekitVisitor } from '../../test-runs/livekit-visitor.js';
import { createTestRunner, type RunTimings } from '../../test-runs/runner.js';
import { createTestRuns } from '../../test-runs/store.js';
import { applicationRoutes } from './applications.js';
import { credentialRoutes } from './credentials.js';
import { webhookSecretRoutes, type WebhookSecretRouteDeps } from './webhook-secrets.js';
import { adminAuthRoutes } from './auth.js';
import { collectionRoutes } from './collections.js';
import { conversationRoutes } from './conversations.js';
import { featureCatalogRoutes } from './feature-catalog.js';
import { knowledgeRoutes, type KnowledgeRouteDeps } from './knowledge.js';
import { postCallRoutes, type PostCallRouteDeps } from './post-call.js';
import { previewRoutes } from './preview.js';
import { publicationRoutes } from './publications.js';
import { scenarioTestRoutes } from './scenario-tests.js';
import { scenarioRoutes } from './scenarios.js';
import { statsRoutes } from './stats.js';
import { testRunRoutes } from './test-runs.js';
import { voiceSampleRoutes } from './voice-sample.js';
import { visitorRoutes } from './visitors.js';
import {
  ADMIN_RATE_LIMIT,
  bearerSecurity,
  setPrincipal,
  type ServingProblemsCheck,
} from './shared.js';

/** What the admin API needs. */
export interface AdminRouteDeps {
  database: OpenDatabase;
  auth: AdminAuth;
  store: CollectionStore;
  conversations: Conversations;
  scenarios: Scenarios;
  publications: Publications;
  /** Opens rooms for preview sessions. */
  transport: TransportAdmin;
  /** Lifetime of a preview's participant token, seconds (default 600). */
  rtTokenSeconds?: number | undefined;
  /** Requests per IP and minute over the signed-in admin routes (default {@link ADMIN_RATE_LIMIT}). */
  rateLimit?: number | undefined;
  /** Whether `POST /signup` creates companies. */
  signup: boolean;
  /**
   * What stops a scenario of the company from being served: the key and address rules, what the
   * deployment's agent lacks, missing credentials (checked on publish, preview and test runs).
   */
  servingProblems?: ServingProblemsCheck | undefined;
  /** The company's provider credentials. */
  credentials: Credentials;
  /** The company's webhook secrets and signing key. */
  webhookSecrets: WebhookSecretRouteDeps;
  /** Joins test conversations as the visitor (default: a LiveKit participant). */
  testRunDriver?: TestRunDriver | undefined;
  /** How long test runs wait for the agent. */
  testRunTimings?: RunTimings | undefined;
  /** The company's knowledge base and how a document's URL is fetched. */
  knowledge: KnowledgeRouteDeps;
  /** The post-call webhook, deliveries and analyses. */
  postCall: Omit<PostCallRouteDeps, 'database'>;
}

/**
 * The authoring and admin API under `/v1/admin`: sign-in is open; everything else takes an admin
 * session token or a company API key, and only ever sees that company's records.
 */
export function adminRoutes(deps: AdminRouteDeps): FastifyPluginAsyncZod {
  const access = adminAuthRoutes(deps);
  const scenarioTests = createScenarioTests(deps.database);
  const testRuns = createTestRuns(deps.database);
  return async (app) => {
    const runner = createTestRunner({
      ...deps,
      testRuns,
      driver: deps.testRunDriver ?? livekitVisitor(),
      log: app.log,
      timings: deps.testRunTimings,
    });
    // Runs under way stop with the API and record that they did.
    app.addHook('onClose', () => runner.close());
    await app.register(access.open);
    await app.register(async (signedIn) => {
      signedIn.addHook('onRoute', (route) => {
        // The studio's generated client names its calls by operationId: a route without one
        // would change names whenever the paths do, so it does not start.
        const schema = route.schema as { operationId?: string; hide?: boolean } | undefined;
        if (!schema?.operationId && !schema?.hide)
          throw new Error(`admin route ${route.method} ${route.url} has no operationId`);
        route.schema = { ...route.schema, security: bearerSecurity };
      });
      // Before authentication, so guessing tokens is limited too. One count per IP over every
      // signed-in route (a route's own `config.rateLimit` would be read before this scope's
      // hooks could set it).
      signedIn.addHook(
        'onRequest',
        signedIn.rateLimit({ max: deps.rateLimit ?? ADMIN_RATE_LIMIT }),
      );
      signedIn.addHook('onRequest', async (request) => {
        setPrincipal(request, await deps.auth.authenticate(request));
      });
      await signedIn.register(access.signedIn);
      await signedIn.register(applicationRoutes(deps.database));
      await signedIn.register(visitorRoutes(deps.database));
      await signedIn.register(scenarioRoutes(deps));
      await signedIn.register(
        publicationRoutes({
          ...deps,
          publishGate: async (scenario) =>
            testRuns.gate(scenario, await scenarioTests.list(scenario.id)),
        }),
      );
      await signedIn.register(previewRoutes(deps));
      await signedIn.register(credentialRoutes(deps.credentials));
      await signedIn.register(webhookSecretRoutes(deps.webhookSecrets));
      await signedIn.register(scenarioTestRoutes({ ...deps, scenarioTests }));
      await signedIn.register(testRunRoutes({ ...deps, scenarioTests, testRuns, runner }));
      await signedIn.register(featureCatalogRoutes);
      await signedIn.register(voiceSampleRoutes);
      await signedIn.register(collectionRoutes(deps.store));
      await signedIn.register(knowledgeRoutes(deps.knowledge));
      await signedIn.register(conversationRoutes(deps.database, deps.conversations));
      await signedIn.register(statsRoutes(createStats(deps.database)));
      await signedIn.register(postCallRoutes({ database: deps.database, ...deps.postCall }));
    });
  };
}
