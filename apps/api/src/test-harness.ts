// The API's route tests run the same suite on a real SQLite file and on a real PostgreSQL
// cluster, each API booted by `@svc/api/testing` on the fixture's rows.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { AppDeps } from './app.js';
import type { OpenDatabase } from './db/database.js';
import { ADMIN, seedFixture } from './test-fixtures.js';
import {
  createTokenService,
  startPostgres,
  startTestApi,
  TEST_AGENT_KEY,
  TEST_SIGNING_KEY,
  type TestApi,
} from './testing/index.js';
import { createDatabaseIn } from './testing/shared-postgres.js';

/** The agent key the harness's apps accept. */
export const AGENT_KEY = TEST_AGENT_KEY;

/** Visitor tokens of the harness's apps. */
export const tokens = createTokenService(TEST_SIGNING_KEY);

/** The fixture's ids, and the database they are in. */
export type Fixture = Awaited<ReturnType<typeof seedFixture>> & { database: OpenDatabase };

/** One dialect's app, database and helpers. */
export interface Harness {
  dialect: 'sqlite' | 'postgres';
  app: FastifyInstance;
  fixture: Fixture;
  /** A visitor token (and id) for an external id on the fixture publication. */
  visitor(externalId: string): Promise<{ token: string; id: number }>;
  /** A conversation row of that visitor on the fixture publication. */
  conversation(visitorId: number): Promise<string>;
}

/** A PostgreSQL database for one suite, and how to let it go. */
export interface SuitePostgres {
  url: string;
  /** Stops the suite's own cluster; a database of the shared cluster goes with the cluster. */
  stop(): Promise<void>;
}

/**
 * An empty PostgreSQL database for a suite: one of its own in the tier's shared cluster when the
 * tier's global set-up runs (vitest.config.ts), else a cluster of the suite's own. A suite that
 * restarts or stops PostgreSQL starts its own cluster instead.
 */
export async function postgresForSuite(): Promise<SuitePostgres> {
  const shared = inject('svcSharedPostgresUrl');
  if (shared) return { url: await createDatabaseIn(shared), stop: async () => undefined };
  return startPostgres();
}

/** Runs `suite` once per dialect; `harness()` answers the current one inside tests. */
export function describeOnBothDialects(
  name: string,
  /** Registers the tests; `dialect` lets a suite register a test for one database only. */
  suite: (harness: () => Harness, dialect: 'sqlite' | 'postgres') => void,
  deps: Partial<Omit<AppDeps, 'database' | 'transport'>> = {},
): void {
  let postgres: SuitePostgres | undefined;
  let postgresUrl: string | undefined;
  beforeAll(async () => {
    postgres = await postgresForSuite();
    postgresUrl = postgres.url;
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });
  describe.each(['sqlite', 'postgres'] as const)(`${name} on %s`, (dialect) => {
    let api: TestApi<Awaited<ReturnType<typeof seedFixture>>> | undefined;
    let current: Harness | undefined;
    beforeAll(async () => {
      const started = await startTestApi({
        databaseUrl: dialect === 'postgres' ? postgresUrl : undefined,
        seed: seedFixture,
        app: { tokens, ...deps },
      });
      api = started;
      current = {
        dialect,
        app: started.app,
        fixture: { ...started.seeded, database: started.database },
        visitor: (externalId) => started.visitor(externalId),
        async conversation(visitorId) {
          const conversation = await started.openConversation({
            visitorId,
            language: 'en-US',
            metadata: { page: 'home' },
          });
          return conversation.id;
        },
      };
    }, 60_000);
    afterAll(async () => {
      await api?.close();
    });
    suite(() => {
      if (!current) throw new Error('the harness is not ready');
      return current;
    }, dialect);
  });
}

/**
 * Calls `/v1/admin{url}` on `app` with an optional bearer token and JSON body; answers the status
 * and the JSON body (undefined when empty).
 */
export function adminCaller(app: () => FastifyInstance) {
  return async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) => {
    const response = await app().inject({
      method,
      url: `/v1/admin${url}`,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
}

/** Signs the fixture's admin (or another of its admins) in; answers the session token. */
export async function adminToken(app: FastifyInstance, email = ADMIN.email): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: { email, password: ADMIN.password },
  });
  return response.json().token as string;
}
