import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { widgetDistDir } from '@svc/widget/assets';
import { createAdminAuth, type PasswordCost } from './auth.js';
import { createCarts } from './carts.js';
import { createItemMeaning } from './collections/meaning.js';
import { createItemSearch } from './collections/search.js';
import { createCollectionStore } from './collections/store.js';
import { createConversations } from './conversations.js';
import { createCredentials } from './credentials.js';
import { createSecretBox } from './secret-box.js';
import type { OpenDatabase } from './db/database.js';
import { frameworkError, installErrorHandling } from './errors.js';
import { memoryCounter, rateLimitStore, redisCounter } from './limits.js';
import { adminRoutes } from './routes/admin/index.js';
import { agentCapabilityRoutes, agentPublicationRoutes, agentRoutes } from './routes/agent.js';
import { servedLanguages, voiceSettingProblems, type VoiceSettings } from '@svc/protocol/agent';
import { createAgentCapabilityStore } from './agent-capabilities.js';
import { documentTransform, MAX_PARAM_LENGTH, SECURITY_SCHEMES } from './openapi.js';
import { createPublications } from './publications.js';
import { validator } from './validation.js';
import { publicRoutes } from './routes/public.js';
import { visitorRoutes } from './routes/visitor.js';
import { widgetRoutes } from './routes/widget.js';
import { createScenarios } from './scenarios.js';
import { createSessions } from './sessions.js';
import { sendStrictTransportSecurity, transportSources } from './security-headers.js';
import { serveStudio } from './studio-files.js';
import type { TestRunDriver } from './test-runs/driver.js';
import type { RunTimings } from './test-runs/runner.js';
import type { TokenService } from './tokens.js';
import type { TransportAdmin } from './transport.js';
import { createVisitors } from './visitors.js';
import { guardedFetch, type GuardedFetchOptions } from '@svc/webhooks/outbound';
import { agentWebhookToolRoutes } from './routes/agent-webhook-tools.js';
import { createCompanySecrets } from './webhook-tools/company-secrets.js';
import { createWebhookToolRunner } from './webhook-tools/run.js';
import { createSigningSecrets } from './webhook-tools/signing-secrets.js';
import { createAnalysisStore } from './post-call/analysis-store.js';
import { createDeliveries } from './post-call/deliveries.js';
import {
  ANSWER_MARGIN,
  createKnowledgeBase,
  defaultEmbedder,
  defaultMultilingualEmbedder,
  RELEVANCE_THRESHOLD,
} from './knowledge/index.js';
import { agentKnowledgeRoutes } from './routes/agent-knowledge.js';
import type { Embedder } from '@svc/embeddings';
import { createWebhookSettings } from './post-call/webhook-settings.js';

/** What the app is built from; `main.ts` makes them from the environment, tests make their own. */
export interface AppDeps {
  /** The agent the Transport dispatches (`SVC_AGENT_NAME`); publishing checks its capabilities. */
  agentName?: string;
  /**
   * The proxies whose `X-Forwarded-For` names the client (a hop count or addresses); default
   * none: per-address limits count the socket's address, which a client cannot choose.
   */
  trustProxy?: boolean | number | string[];
  database: OpenDatabase;
  tokens: TokenService;
  transport: TransportAdmin;
  /** Lifetime of a Transport participant token, seconds (default 600). */
  rtTokenSeconds?: number;
  /**
   * Conversations running at once in one company, all its applications together
   * (`SVC_COMPANY_CONCURRENT_SESSIONS`; default `DEFAULT_COMPANY_CONCURRENT_SESSIONS`, 15).
   */
  companySessionCap?: number | undefined;
  /** How long a publication lookup is reused, ms (default `PUBLICATION_CACHE_MS`, 2000; 0 turns it off). */
  publicationCacheMs?: number;
  logger?: boolean | object;
  /** Requests per IP and minute on the public and visitor routes (default 120). */
  publicRateLimit?: number;
  /** Shares rate limits between API processes; in memory per process without it. */
  redis?: Redis;
  /** The agent's service key (`SVC_AGENT_KEY`); the agent API answers 401 without one. */
  agentKey?: string;
  /**
   * The operator's secret that seals the companies' provider credentials (`SVC_SECRETS_KEY`);
   * without it credentials cannot be stored (503) and scenarios cannot name one.
   */
  secretsKey?: string | undefined;
  /** Whether `POST /v1/admin/signup` creates companies (default off; `SVC_SIGNUP` in `main.ts`). */
  signup?: boolean;
  /**
   * The scrypt cost of the admins' new password hashes (default `PASSWORD_COST`, the production
   * cost); the test kit passes a cheap one (see `AdminAuthOptions`).
   */
  passwordCost?: PasswordCost;
  /** The built studio's folder, served at `/` (see `studio-files.ts`); nothing is served without it. */
  studioDir?: string | undefined;
  /**
   * The Transport address the served Studio's Try it connects to (`LIVEKIT_URL`), allowed by its
   * Content-Security-Policy.
   */
  studioTransportUrl?: string | undefined;
  /**
   * The built widget's folder, served at `/widget/{version}/` (default: `@svc/widget`'s own
   * `dist`, found through its `assets` entry; `null` serves none).
   */
  widgetDir?: string | null;
  /** Requests per IP and minute over the signed-in admin routes (default 1200). */
  adminRateLimit?: number;
  /** Origins the browser may call the API from (CORS); the public routes also check each application's own list. */
  corsOrigins?: string[] | true;
  /** Joins scenario test conversations as the visitor (default: a LiveKit participant). */
  testRunDriver?: TestRunDriver;
  /** How long scenario test runs wait for the agent (defaults in `test-runs/runner.ts`). */
  testRunTimings?: RunTimings;
  /**
   * How webhook tool calls resolve names and which addresses they may reach. Tests point them at
   * a local server; production leaves it out, and then only public addresses are called.
   */
  webhookOutbound?: GuardedFetchOptions;
  /** The pause before a webhook tool's first retry, ms (default 100, doubling). */
  webhookRetryDelayMs?: number;
  /** Embeds knowledge passages, items and queries (default: MiniLM from the set-up's cache). */
  embedder?: () => Promise<Embedder>;
  /**
   * Embeds the items of French, Spanish and German collections and the queries searched in them
   * (default: Universal Sentence Encoder Multilingual from the set-up's cache).
   */
  multilingualEmbedder?: () => Promise<Embedder>;
  /**
   * Computes at start, in the background, the meaning vectors the items of collections read by
   * meaning are missing (the server does; tests leave it to the first search that needs them).
   */
  warmItemMeaning?: boolean;
}

/** Believes the nearest `hops` proxies, as a hop count does in `proxy-addr`. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/** Builds the Platform API with no side effects: no port, no environment, no migrations. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // A replica being stopped still answers what reaches it on an open keep-alive connection (with
    // `Connection: close`) instead of a 503: a proxy that pooled the connection cannot take the
    // request back, so a rolling stop would otherwise hand visitors 5xx (the scale-out test).
    return503OnClosing: false,
    bodyLimit: 256 * 1024,
    // Item ids are up to 256 characters, more once percent-encoded in a path (the default is 100).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkError,
    // A `__proto__` key (or `constructor.prototype`) in a JSON body is dropped, never applied: the
    // free-form objects of the document (item data, tool arguments) accept any key, so refusing
    // the whole body for one would refuse what the document allows.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Behind a proxy the client's address is in X-Forwarded-For, but only the proxies named are
    // believed: trusting anyone lets a client pick a new address per request past every limit.
    trustProxy:
      typeof deps.trustProxy === 'number' ? trustHops(deps.trustProxy) : (deps.trustProxy ?? false),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validator);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  sendStrictTransportSecurity(app);
  const rateCounter = deps.redis ? redisCounter(deps.redis) : memoryCounter();
  await app.register(import('@fastify/cors'), {
    origin: deps.corsOrigins ?? true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
  // Per IP: routes opt in with `config.rateLimit`.
  await app.register(rateLimit, {
    global: false,
    max: deps.publicRateLimit ?? 120,
    timeWindow: 60_000,
    // Counted with the per-application limits: in Redis, or in memory while Redis is down.
    ...(deps.redis ? { store: rateLimitStore(rateCounter) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `rate limited: retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Svc Platform API',
        version: '1',
        description:
          'Public routes (identify, session), visitor routes (collections, carts; visitor token), the agent API (service key) and the admin API (admin session or API key).',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });

  // One embedding model for the knowledge base and the items' meaning, loaded when first needed.
  const embedder = deps.embedder ?? defaultEmbedder();
  const meaning = createItemMeaning(deps.database, embedder, {
    multilingual: deps.multilingualEmbedder ?? defaultMultilingualEmbedder(),
    onBackgroundError: (error) =>
      app.log.warn({ err: error }, 'items left without their meaning vector'),
  });
  if (deps.warmItemMeaning) void meaning.warm();
  const store = createCollectionStore(
    deps.database,
    createItemSearch(deps.database, {
      meaning,
      onMeaningError: (error) =>
        app.log.warn({ err: error }, 'items searched by their words alone: no embedding model'),
    }),
  );
  const carts = createCarts(deps.database, store);
  const secretBox = deps.secretsKey ? createSecretBox(deps.secretsKey) : undefined;
  const credentials = createCredentials(deps.database, secretBox);
  const analyses = createAnalysisStore(deps.database);
  const deliveries = createDeliveries(deps.database);
  const conversations = createConversations(deps.database, store, credentials);
  const companySecrets = createCompanySecrets(deps.database, secretBox);
  const signingSecrets = createSigningSecrets(deps.database, secretBox);
  const auth = createAdminAuth(
    deps.database,
    deps.passwordCost ? { passwordCost: deps.passwordCost } : {},
  );
  const publications = createPublications(deps.database, { cacheMs: deps.publicationCacheMs });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    // Ready means the database answers; the Transport is checked per session.
    try {
      await deps.database.db.selectFrom('companies').select('id').limit(1).execute();
      return { ok: true };
    } catch {
      return reply.status(503).send({ error: 'the database does not answer' });
    }
  });
  const visitors = createVisitors(deps.database);
  await app.register(
    publicRoutes({
      tokens: deps.tokens,
      transport: deps.transport,
      rateCounter,
      publications,
      visitors,
      sessions: createSessions(deps.database),
      ...(deps.rtTokenSeconds !== undefined ? { rtTokenSeconds: deps.rtTokenSeconds } : {}),
      companySessionCap: deps.companySessionCap,
    }),
  );
  await app.register(
    async (scope) => {
      // The visitor routes have the public routes' per-IP limit, counted per route. A hook, since
      // a `config.rateLimit` set by this scope's onRoute would be read after the plugin looked.
      scope.addHook(
        'onRequest',
        scope.rateLimit({
          keyGenerator: (request) => `${request.ip}|${request.routeOptions.url ?? ''}`,
        }),
      );
      await scope.register(
        visitorRoutes({ tokens: deps.tokens, publications, store, carts, visitors }),
      );
    },
    { prefix: '/v1/visitor' },
  );
  const capabilities = createAgentCapabilityStore(deps.database);
  await app.register(agentCapabilityRoutes({ agentKey: deps.agentKey, capabilities }), {
    prefix: '/v1',
  });
  await app.register(agentPublicationRoutes({ agentKey: deps.agentKey, publications, store }), {
    prefix: '/v1',
  });
  await app.register(
    agentRoutes({ agentKey: deps.agentKey, conversations, store, carts, analyses, deliveries }),
    { prefix: '/v1/agent/conversations/:conversationId' },
  );
  const knowledge = createKnowledgeBase(deps.database, embedder);
  await app.register(
    agentKnowledgeRoutes({
      agentKey: deps.agentKey,
      conversations,
      search: knowledge.search,
      relevanceThreshold: RELEVANCE_THRESHOLD,
      answerMargin: ANSWER_MARGIN,
    }),
    { prefix: '/v1/agent/conversations/:conversationId' },
  );
  await app.register(
    agentWebhookToolRoutes({
      agentKey: deps.agentKey,
      conversations,
      runner: createWebhookToolRunner({
        fetch: guardedFetch(deps.webhookOutbound),
        secrets: companySecrets,
        signing: signingSecrets,
        ...(deps.webhookRetryDelayMs !== undefined
          ? { retryDelayMs: deps.webhookRetryDelayMs }
          : {}),
      }),
    }),
    { prefix: '/v1/agent/conversations/:conversationId' },
  );
  await app.register(
    adminRoutes({
      database: deps.database,
      auth,
      store,
      conversations,
      scenarios: createScenarios(deps.database),
      publications,
      transport: deps.transport,
      rtTokenSeconds: deps.rtTokenSeconds,
      rateLimit: deps.adminRateLimit,
      signup: deps.signup ?? false,
      testRunDriver: deps.testRunDriver,
      testRunTimings: deps.testRunTimings,
      // The stored voice settings are parsed JSON: zod types their optional fields `| undefined`,
      // which JSON never holds, so they are the protocol's `VoiceSettings`.
      // The key and address rules hold whether or not a worker has reported; then what the
      // deployment's agent lacks, and the company credentials the settings name.
      servingProblems: async (scenario, companyId) => {
        const voice = scenario.voice as VoiceSettings | undefined;
        const rules = voiceSettingProblems(voice);
        if (rules.length > 0) return rules;
        return [
          ...(await capabilities.problems(
            deps.agentName ?? 'svc-agent',
            voice,
            servedLanguages(scenario.language, scenario.translations),
          )),
          ...(await credentials.problems(companyId, voice)),
        ];
      },
      credentials,
      knowledge: {
        knowledge,
        outbound: guardedFetch(deps.webhookOutbound),
        relevanceThreshold: RELEVANCE_THRESHOLD,
        answerMargin: ANSWER_MARGIN,
      },
      webhookSecrets: { secrets: companySecrets, signing: signingSecrets },
      postCall: {
        webhooks: createWebhookSettings(deps.database, secretBox),
        deliveries,
        analyses,
      },
    }),
    { prefix: '/v1/admin' },
  );
  const widgetDir = deps.widgetDir === undefined ? widgetDistDir : deps.widgetDir;
  if (widgetDir) await app.register(widgetRoutes({ dir: widgetDir, publications }));
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  if (deps.studioDir)
    serveStudio(
      app,
      deps.studioDir,
      deps.studioTransportUrl ? transportSources(deps.studioTransportUrl) : [],
    );
  app.addHook('onClose', async () => rateCounter.close());
  return app;
}
