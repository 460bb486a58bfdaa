import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionMode } from '@svc/protocol';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppDeps } from '../app.js';
import type { PasswordCost } from '../auth.js';
import type { ScenarioSnapshot } from '../conversations.js';
import { openDatabase, type OpenDatabase } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import type { ApplicationLimits } from '../limits.js';
import { createPublications } from '../publications.js';
import { seedDemo, type SeedSummary } from '../seed/seed-demo.js';
import { createSessions } from '../sessions.js';
import { createTokenService, type TokenService } from '../tokens.js';
import type { TransportAdmin } from '../transport.js';
import { createVisitors } from '../visitors.js';
import { noopTransport } from './noop-transport.js';
import { patchPublicationSnapshot } from './publication-snapshot.js';

/** The agent service key a test API accepts unless told otherwise. */
export const TEST_AGENT_KEY = 'agent-key-for-tests-0123456789';
/** The key that seals provider credentials in the test kit's API. */
export const TEST_SECRETS_KEY = 'secrets-key-for-tests-0123456789abcdef';

/**
 * The scrypt cost of the admin passwords a test API and the test seeds hash: about a thousandth of
 * the production cost's time. Hashes keep their parameters, so tests that sign in many times do
 * not each pay half a second; the production cost has tests of its own (`password.test.ts`).
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 1 << 10, r: 8, p: 1 };

/** The key a test API signs visitor tokens with unless told otherwise. */
export const TEST_SIGNING_KEY = { kid: 'test', secret: 'test-secret-of-at-least-32-chars!' };

/** What every seed answers: the publication the helpers use when a test names none. */
export interface SeededPublication {
  publicationUuid: string;
}

/** The demo's seed summary; the helpers default to its production publication. */
export type DemoSeed = SeedSummary & SeededPublication;

/** Seeds the demo (`npm run seed`'s data) into a migrated database. */
export async function seedDemoForTests(database: OpenDatabase): Promise<DemoSeed> {
  const demo = await seedDemo(database, { passwordCost: TEST_PASSWORD_COST });
  return { ...demo, publicationUuid: demo.publications.production };
}

/** How a test API is made; everything has a default. */
export interface TestApiOptions<Seeded extends SeededPublication> {
  /**
   * A `postgres://` URL of an empty database (the test API migrates it), or by default a fresh
   * SQLite file in a temp folder.
   */
  databaseUrl?: string | undefined;
  /** Fills the fresh database (default: the demo, {@link seedDemoForTests}). */
  seed?: (database: OpenDatabase) => Promise<Seeded>;
  /** The Transport session starts open rooms on (default: a fresh {@link noopTransport}). */
  transport?: TransportAdmin;
  /**
   * Listens on a loopback port, for agents and browsers that reach the API over HTTP; `url` is
   * then its address. Without it, tests call `app.inject`.
   */
  listen?: boolean;
  /** Adds routes before the app is ready, e.g. a test page served from the API's origin. */
  routes?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * What else `createApp` takes. Tokens default to {@link TEST_SIGNING_KEY}, the agent key to
   * {@link TEST_AGENT_KEY}, sign-up is on, passwords are hashed at {@link TEST_PASSWORD_COST},
   * and publication lookups are not cached, so a change a test makes in the database is seen at
   * once.
   */
  app?: Partial<Omit<AppDeps, 'database' | 'transport'>>;
  /** Limits every seeded application gets (benchmarks lift them); the defaults otherwise. */
  limits?: Partial<ApplicationLimits>;
}

/** A new conversation, as a session start would create it. */
export interface TestConversationOptions {
  /** Default: the seed's publication. */
  publicationUuid?: string;
  /** An existing visitor; otherwise one is identified by `externalId`. */
  visitorId?: number;
  /** Default: a new random visitor. */
  externalId?: string;
  /** Both modes (default `audio`); `inputMode` and `outputMode` override it. */
  mode?: SessionMode;
  inputMode?: SessionMode;
  outputMode?: SessionMode;
  /** Default: the scenario's language. */
  language?: string;
  metadata?: Record<string, unknown>;
}

/** A running test API: the app, its database and seed, and helpers that act as the API's users. */
export interface TestApi<Seeded extends SeededPublication = DemoSeed> {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` when started with `listen`. */
  url: string | undefined;
  database: OpenDatabase;
  seeded: Seeded;
  transport: TransportAdmin;
  /** Signs and checks this API's visitor tokens. */
  tokens: TokenService;
  /** The agent service key this API accepts. */
  agentKey: string | undefined;
  /**
   * A visitor of the publication's application (created on first use, as identify does) and a
   * visitor token for it, minted directly: no request, so no rate limit counts it.
   */
  visitor(
    externalId: string,
    options?: { publicationUuid?: string },
  ): Promise<{ id: number; token: string }>;
  /** Opens a conversation row as a session start would, without a room or the session caps. */
  openConversation(options?: TestConversationOptions): Promise<{ id: string; visitorId: number }>;
  /** Rewrites a publication's snapshot (default: the seed's); see {@link patchPublicationSnapshot}. */
  patchPublication(
    patch: (snapshot: ScenarioSnapshot) => ScenarioSnapshot,
    publicationUuid?: string,
  ): Promise<ScenarioSnapshot>;
  /**
   * Another app on the same database and seed, as a second API process would be; `overrides`
   * replace this one's options. Closing it leaves the database open.
   */
  sibling(
    overrides?: Pick<TestApiOptions<Seeded>, 'transport' | 'listen' | 'routes' | 'app'>,
  ): Promise<TestApi<Seeded>>;
  /** Closes the app, and the database when this API opened it. */
  close(): Promise<void>;
}

/** A test API started with `listen: true`. */
export type ListeningTestApi<Seeded extends SeededPublication = DemoSeed> = TestApi<Seeded> & {
  url: string;
};

/**
 * Starts the Platform API in-process as `main.ts` would, on a fresh migrated database (a SQLite
 * file, or PostgreSQL at `databaseUrl`) seeded with the demo or `seed`.
 */
export function startTestApi<Seeded extends SeededPublication = DemoSeed>(
  options: TestApiOptions<Seeded> & { listen: true },
): Promise<ListeningTestApi<Seeded>>;
export function startTestApi<Seeded extends SeededPublication = DemoSeed>(
  options?: TestApiOptions<Seeded>,
): Promise<TestApi<Seeded>>;
export async function startTestApi<Seeded extends SeededPublication = DemoSeed>(
  options: TestApiOptions<Seeded> = {},
): Promise<TestApi<Seeded>> {
  const database = openDatabase(
    options.databaseUrl ?? join(mkdtempSync(join(tmpdir(), 'svc-api-test-')), 'svc.db'),
  );
  try {
    await migrate(database);
    // Without a seed the caller asked for the default, so Seeded is DemoSeed.
    const seed = options.seed ?? (seedDemoForTests as unknown as NonNullable<typeof options.seed>);
    const seeded = await seed(database);
    if (options.limits) {
      await database.db
        .updateTable('applications')
        .set({ limits: JSON.stringify(options.limits) })
        .execute();
    }
    return await boot(database, seeded, options, true);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function boot<Seeded extends SeededPublication>(
  database: OpenDatabase,
  seeded: Seeded,
  options: TestApiOptions<Seeded>,
  ownsDatabase: boolean,
): Promise<TestApi<Seeded>> {
  const transport = options.transport ?? noopTransport();
  const deps: AppDeps = {
    tokens: createTokenService(TEST_SIGNING_KEY),
    agentKey: TEST_AGENT_KEY,
    secretsKey: TEST_SECRETS_KEY,
    publicationCacheMs: 0,
    // Tests and the studio's browser tests sign companies up.
    signup: true,
    passwordCost: TEST_PASSWORD_COST,
    ...options.app,
    database,
    transport,
  };
  const app = await createApp(deps);
  await options.routes?.(app);
  const url = options.listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : undefined;
  const publications = createPublications(database, { cacheMs: 0 });
  const visitors = createVisitors(database);
  const sessions = createSessions(database);

  return {
    app,
    url,
    database,
    seeded,
    transport,
    tokens: deps.tokens,
    agentKey: deps.agentKey,
    async visitor(externalId, { publicationUuid = seeded.publicationUuid } = {}) {
      const publication = await publications.live(publicationUuid);
      const id = await visitors.identify(publication.application_id, externalId);
      const token = await deps.tokens.sign({
        sub: String(id),
        company_id: publication.company_id,
        application_id: publication.application_id,
        scenario_uuid: publicationUuid,
      });
      return { id, token };
    },
    async openConversation(conversation = {}) {
      const publication = await publications.live(
        conversation.publicationUuid ?? seeded.publicationUuid,
      );
      const visitorId =
        conversation.visitorId ??
        (await visitors.identify(
          publication.application_id,
          conversation.externalId ?? `visitor-${randomUUID()}`,
        ));
      const { id } = await sessions.create({
        publicationId: publication.publication_id,
        visitorId,
        language: conversation.language ?? publication.language,
        inputMode: conversation.inputMode ?? conversation.mode ?? 'audio',
        outputMode: conversation.outputMode ?? conversation.mode ?? 'audio',
        metadata: conversation.metadata ?? {},
      });
      return { id, visitorId };
    },
    patchPublication: (patch, publicationUuid = seeded.publicationUuid) =>
      patchPublicationSnapshot(database, publicationUuid, patch),
    sibling: (overrides = {}) =>
      boot(
        database,
        seeded,
        {
          transport,
          ...overrides,
          app: { ...options.app, ...overrides.app },
        },
        false,
      ),
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
