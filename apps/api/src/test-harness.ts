// The API's route tests run the same suite on a real SQLite file and on a real PostgreSQL
// cluster. Excluded from the build by its name.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { createApp, type AppDeps } from './app.js';
import { seededDatabase } from './test-fixtures.js';
import { startPostgres } from './test-postgres.js';
import { createTokenService } from './tokens.js';
import type { TransportAdmin } from './transport.js';

/** The agent key the harness's apps accept. */
export const AGENT_KEY = 'agent-key-for-tests-0123456789';

/** Visitor tokens of the harness's apps. */
export const tokens = createTokenService({
  kid: 'k1',
  secret: 'test-secret-of-at-least-32-chars!',
});

/**
 * Routes that never reach the Transport get one that says so if they do: sessions are tested
 * against a real livekit-server in public.test.ts.
 */
const noTransport: TransportAdmin = {
  url: 'ws://127.0.0.1:9',
  openRoom: () => Promise.reject(new Error('this suite opens no rooms')),
  participantToken: () => Promise.reject(new Error('this suite opens no rooms')),
};

/** One dialect's app, database and helpers. */
export interface Harness {
  dialect: 'sqlite' | 'postgres';
  app: FastifyInstance;
  fixture: Awaited<ReturnType<typeof seededDatabase>>;
  /** A visitor token (and id) for an external id on the fixture publication. */
  visitor(externalId: string): Promise<{ token: string; id: number }>;
  /** A conversation row of that visitor on the fixture publication. */
  conversation(visitorId: number): Promise<string>;
}

/** Runs `suite` once per dialect; `harness()` answers the current one inside tests. */
export function describeOnBothDialects(
  name: string,
  suite: (harness: () => Harness) => void,
  deps: Partial<AppDeps> = {},
): void {
  let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });
  describe.each(['sqlite', 'postgres'] as const)(`${name} on %s`, (dialect) => {
    let current: Harness | undefined;
    beforeAll(async () => {
      const fixture = await seededDatabase(
        dialect === 'postgres' && postgres ? { url: postgres.url } : {},
      );
      const app = await createApp({
        database: fixture.database,
        tokens,
        transport: noTransport,
        agentKey: AGENT_KEY,
        publicationCacheMs: 0,
        ...deps,
      });
      current = {
        dialect,
        app,
        fixture,
        async visitor(externalId) {
          const response = await app.inject({
            method: 'POST',
            url: '/v1/public/token',
            payload: { scenario_uuid: fixture.publicationUuid, external_id: externalId },
          });
          const identity = response.json<{ user_token: string; user_id: number }>();
          return { token: identity.user_token, id: identity.user_id };
        },
        async conversation(visitorId) {
          const publication = await fixture.database.db
            .selectFrom('publications')
            .select('id')
            .where('uuid', '=', fixture.publicationUuid)
            .executeTakeFirstOrThrow();
          const id = randomUUID();
          await fixture.database.db
            .insertInto('conversations')
            .values({
              id,
              publication_id: publication.id,
              visitor_id: visitorId,
              language: 'en-US',
              input_mode: 'audio',
              output_mode: 'audio',
              metadata: '{"page":"home"}',
              started_at: new Date().toISOString(),
            })
            .execute();
          return id;
        },
      };
    }, 60_000);
    afterAll(async () => {
      await current?.app.close();
      await current?.fixture.database.close();
    });
    suite(() => {
      if (!current) throw new Error('the harness is not ready');
      return current;
    });
  });
}
