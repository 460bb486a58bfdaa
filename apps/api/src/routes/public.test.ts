import { Room } from '@livekit/rtc-node';
import { startLivekitServer, startRedis, type LivekitServer } from '@svc/livekit-dev';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { AgentDispatchClient, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresForSuite, type Fixture, type SuitePostgres } from '../test-harness.js';
import { seedFixture } from '../test-fixtures.js';
import {
  createLiveKitAdmin,
  createTokenService,
  startTestApi,
  TEST_AGENT_KEY,
  type TestApi,
  type TransportAdmin,
} from '../testing/index.js';

// The public routes in-process against a real livekit-server, on a real SQLite file and on a real
// PostgreSQL: the same suite on both dialects.
let server: LivekitServer;
let postgres: SuitePostgres;
let api: TestApi<Awaited<ReturnType<typeof seedFixture>>>;
let app: FastifyInstance;
let fixture: Fixture;
const tokens = createTokenService(
  { kid: 'k2', secret: 'current-secret-of-32-characters!!' },
  { kid: 'k1', secret: 'previous-secret-of-32-characters!' },
);

beforeAll(async () => {
  [server, postgres] = await Promise.all([
    startLivekitServer({ logLevel: 'warn' }),
    postgresForSuite(),
  ]);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await postgres?.stop();
});

const identify = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/public/token', payload: body as object, headers });
const session = (body: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/public/session',
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The fixture application's limits: set for one test, the stored ones put back after. */
async function applicationLimits() {
  const { db } = fixture.database;
  const stored = await db
    .selectFrom('applications')
    .select('limits')
    .where('id', '=', fixture.applicationId)
    .executeTakeFirstOrThrow();
  const set = (limits: object) =>
    db
      .updateTable('applications')
      .set({ limits: JSON.stringify(limits) })
      .where('id', '=', fixture.applicationId)
      .execute();
  return { set, restore: () => set(JSON.parse(stored.limits) as object) };
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  beforeAll(async () => {
    api = await startTestApi({
      databaseUrl: dialect === 'postgres' ? postgres.url : undefined,
      seed: seedFixture,
      transport: createLiveKitAdmin({ ...server, agentName: 'svc-agent' }),
      app: { tokens },
    });
    app = api.app;
    fixture = { ...api.seeded, database: api.database };
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  describe('POST /v1/public/token', () => {
    it('answers the Identity; the same external id is the same visitor', async () => {
      const first = await identify({
        scenario_uuid: fixture.publicationUuid,
        external_id: 'visitor-1',
      });
      expect(first.statusCode).toBe(200);
      const identity = first.json();
      expect(identity).toEqual({
        user_token: expect.any(String),
        user_id: expect.any(Number),
        application_id: fixture.applicationId,
        expires_in: 86_400,
      });
      const claims = await tokens.verify(identity.user_token);
      expect(claims).toMatchObject({
        sub: String(identity.user_id),
        company_id: fixture.companyId,
        application_id: fixture.applicationId,
        scenario_uuid: fixture.publicationUuid,
      });
      expect(claims.exp - claims.iat).toBe(86_400);
      const again = (
        await identify({ scenario_uuid: fixture.publicationUuid, external_id: 'visitor-1' })
      ).json();
      expect(again.user_id).toBe(identity.user_id);
      const other = (
        await identify({ scenario_uuid: fixture.publicationUuid, external_id: 'visitor-2' })
      ).json();
      expect(other.user_id).not.toBe(identity.user_id);
    });

    it('400 on invalid bodies, 404 on an unknown publication, always { error }', async () => {
      for (const body of [
        {},
        { scenario_uuid: fixture.publicationUuid },
        { scenario_uuid: '', external_id: 'x' },
        { scenario_uuid: 3, external_id: 'x' },
      ]) {
        const response = await identify(body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: expect.any(String) });
      }
      const malformed = await app.inject({
        method: 'POST',
        url: '/v1/public/token',
        payload: '{"scenario_uuid":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: expect.any(String) });
      const wrongType = await app.inject({
        method: 'POST',
        url: '/v1/public/token',
        payload: 'hello',
        headers: { 'content-type': 'application/xml' },
      });
      expect(wrongType.statusCode).toBe(415);
      expect(wrongType.json()).toEqual({ error: expect.any(String) });
      const unknown = await identify({ scenario_uuid: 'no-such-publication', external_id: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'unknown publication no-such-publication' });
    });
  });

  describe('POST /v1/public/session', () => {
    async function visitorToken(external = 'visitor-1', uuid = fixture.publicationUuid) {
      return (await identify({ scenario_uuid: uuid, external_id: external })).json()
        .user_token as string;
    }

    it('401 without, with a bad, or with a foreign-key token', async () => {
      const body = { scenario_uuid: fixture.publicationUuid };
      expect((await session(body)).statusCode).toBe(401);
      expect((await session(body, 'not-a-jwt')).statusCode).toBe(401);
      const stranger = await createTokenService({
        kid: 'k2',
        secret: 'another-secret-of-32-characters!!',
      }).sign({ sub: '1', company_id: 1, application_id: 1, scenario_uuid: 'x' });
      const response = await session(body, stranger);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid or expired token' });
    });

    it('accepts a token signed with the previous key; rejects an expired one', async () => {
      const previous = createTokenService({
        kid: 'k1',
        secret: 'previous-secret-of-32-characters!',
      });
      const visitor = (
        await identify({ scenario_uuid: fixture.publicationUuid, external_id: 'rotated' })
      ).json();
      const old = await previous.sign({
        sub: String(visitor.user_id),
        company_id: fixture.companyId,
        application_id: fixture.applicationId,
        scenario_uuid: fixture.publicationUuid,
      });
      expect(
        (await session({ scenario_uuid: fixture.publicationUuid, input_mode: 'text' }, old))
          .statusCode,
      ).toBe(200);
      const expired = await createTokenService(
        { kid: 'k2', secret: 'current-secret-of-32-characters!!' },
        undefined,
        -10,
      ).sign({ sub: '1', company_id: 1, application_id: 1, scenario_uuid: 'x' });
      expect((await session({ scenario_uuid: fixture.publicationUuid }, expired)).statusCode).toBe(
        401,
      );
    });

    it('403 for a publication of another application, 404 for an unknown one or a foreign conversation, 400 for bad bodies', async () => {
      const token = await visitorToken();
      expect(
        (await session({ scenario_uuid: fixture.otherPublicationUuid }, token)).statusCode,
      ).toBe(403);
      expect((await session({ scenario_uuid: 'nope' }, token)).statusCode).toBe(404);
      expect(
        (
          await session(
            { scenario_uuid: fixture.publicationUuid, resume_conversation_id: 'not-mine' },
            token,
          )
        ).statusCode,
      ).toBe(404);
      for (const body of [
        {},
        { scenario_uuid: fixture.publicationUuid, input_mode: 'video' },
        { scenario_uuid: fixture.publicationUuid, metadata: [] },
      ]) {
        const response = await session(body, token);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: expect.any(String) });
      }
    });

    it('creates the conversation and the room with its metadata, dispatches the agent, and the rt_token joins', async () => {
      const token = await visitorToken('joiner');
      const response = await session(
        {
          scenario_uuid: fixture.publicationUuid,
          output_mode: 'text',
          metadata: { page: '/shoes', dialect },
        },
        token,
      );
      expect(response.statusCode).toBe(200);
      const credentials = response.json();
      expect(credentials).toEqual({
        rt_token: expect.any(String),
        rt_url: server.url,
        expires_in: 600,
      });

      const host = server.httpUrl;
      const [room] = (
        await new RoomServiceClient(host, server.apiKey, server.apiSecret).listRooms()
      ).filter((candidate) => candidate.metadata.includes(`"dialect":"${dialect}"`));
      expect(room).toBeDefined();
      const metadata = JSON.parse(room!.metadata);
      // The room metadata is the contract's RoomMetadata, nothing more.
      expect(metadata).toEqual({
        conversation_id: expect.any(String),
        input_mode: 'audio',
        output_mode: 'text',
        language: 'en-US',
        metadata: { page: '/shoes', dialect },
        resumed: false,
        limits: { max_duration_seconds: 1800, idle_timeout_seconds: 180, messages_per_minute: 20 },
      });
      const conversation = await fixture.database.db
        .selectFrom('conversations')
        .selectAll()
        .where('id', '=', metadata.conversation_id)
        .executeTakeFirstOrThrow();
      expect(conversation).toMatchObject({ output_mode: 'text', language: 'en-US' });
      const dispatches = await new AgentDispatchClient(
        host,
        server.apiKey,
        server.apiSecret,
      ).listDispatch(room!.name);
      expect(dispatches.map((dispatch) => dispatch.agentName)).toContain('svc-agent');

      const visitor = new Room();
      await visitor.connect(credentials.rt_url, credentials.rt_token, {
        autoSubscribe: false,
        dynacast: false,
      });
      expect(visitor.name).toBe(room!.name);
      expect(visitor.localParticipant?.identity).toMatch(/^visitor-\d+$/);
      await visitor.disconnect();

      // Resuming is allowed for this visitor's own conversation only.
      const resumed = await session(
        {
          scenario_uuid: fixture.publicationUuid,
          resume_conversation_id: metadata.conversation_id,
        },
        token,
      );
      expect(resumed.statusCode).toBe(200);
    });

    it('a resumed running session joins its room; a resumed ended one opens a new room, in the language it asks for', async () => {
      const token = await visitorToken('resumer');
      const rooms = new RoomServiceClient(server.httpUrl, server.apiKey, server.apiSecret);
      // Starts a session (resuming when a conversation is named); answers its room.
      const start = async (resume?: string, language?: string, as = token) => {
        const response = await session(
          { scenario_uuid: fixture.publicationUuid, resume_conversation_id: resume, language },
          as,
        );
        if (response.statusCode !== 200) return { status: response.statusCode };
        const name = JSON.parse(
          Buffer.from(response.json().rt_token.split('.')[1], 'base64url').toString(),
        ).video.room as string;
        const [room] = await rooms.listRooms([name]);
        return { status: 200, name, metadata: JSON.parse(room!.metadata) };
      };
      const stored = async (id: string) =>
        (
          await fixture.database.db
            .selectFrom('conversations')
            .select('language')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).language;
      const opened = await start();
      const { conversation_id } = opened.metadata;
      expect(await stored(conversation_id)).toBe('en-US');
      // While it runs in its open room, a resume joins that room: no second room, no second agent.
      expect((await start(conversation_id)).name).toBe(opened.name);
      const end = await app.inject({
        method: 'POST',
        url: `/v1/agent/conversations/${conversation_id}/end`,
        headers: { authorization: `Bearer ${TEST_AGENT_KEY}` },
        payload: { reason: 'visitor_left', ended_at: new Date().toISOString() },
      });
      expect(end.statusCode).toBe(200);
      // The agent reads the conversation's language, so the one asked for is stored.
      const resumed = await start(conversation_id, 'de-DE');
      expect(resumed.name).not.toBe(opened.name);
      expect(resumed.metadata).toMatchObject({ conversation_id, resumed: true, language: 'de-DE' });
      expect(resumed.metadata).not.toHaveProperty('restore_state');
      expect(await stored(conversation_id)).toBe('de-DE');
      // Naming no language keeps the conversation's (it runs again: its room is joined).
      expect((await start(conversation_id)).name).toBe(resumed.name);
      // Another visitor can neither resume the conversation nor change its language.
      const stranger = await visitorToken('stranger');
      expect((await start(conversation_id, 'fr-FR', stranger)).status).toBe(404);
      expect(await stored(conversation_id)).toBe('de-DE');
    });

    it('503 when the Transport is unreachable', async () => {
      const down: TransportAdmin = createLiveKitAdmin({
        url: 'ws://127.0.0.1:9',
        apiKey: 'k',
        apiSecret: 's',
        agentName: 'svc-agent',
      });
      const isolated = await api.sibling({ transport: down });
      const token = await visitorToken();
      const response = await isolated.app.inject({
        method: 'POST',
        url: '/v1/public/session',
        payload: { scenario_uuid: fixture.publicationUuid },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: expect.stringContaining('Transport is unreachable'),
      });
      await isolated.close();
    });

    it('429 with { error } past the per-IP rate limit', async () => {
      const limited = await api.sibling({ app: { publicRateLimit: 2 } });
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: '/v1/public/token',
          payload: { scenario_uuid: fixture.publicationUuid, external_id: 'busy' },
        });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const third = await call();
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({
        error: expect.stringMatching(/^rate limited: retry in \d+ s$/),
      });
      await limited.close();
    });

    it('caps concurrent and daily sessions per publication with 429', async () => {
      const { db } = fixture.database;
      const limits = await applicationLimits();
      const publication = await db
        .selectFrom('publications')
        .select('id')
        .where('uuid', '=', fixture.publicationUuid)
        .executeTakeFirstOrThrow();
      const running = async () =>
        Number(
          (
            await db
              .selectFrom('conversations')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('publication_id', '=', publication.id)
              .where('ended_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const token = await visitorToken('capped');
      try {
        await limits.set({ concurrent_sessions: await running() });
        const refused = await session({ scenario_uuid: fixture.publicationUuid }, token);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: expect.stringContaining('already runs') });
        // Ended conversations free their place.
        await db
          .updateTable('conversations')
          .set({ ended_at: new Date().toISOString(), end_reason: 'user_ended' })
          .where('publication_id', '=', publication.id)
          .execute();
        expect((await session({ scenario_uuid: fixture.publicationUuid }, token)).statusCode).toBe(
          200,
        );
        await limits.set({ daily_sessions: 1 });
        const daily = await session({ scenario_uuid: fixture.publicationUuid }, token);
        expect(daily.statusCode).toBe(429);
        expect(daily.json()).toEqual({ error: expect.stringContaining('for today') });
      } finally {
        await limits.restore();
      }
    });

    it('a resumed ended conversation counts against the caps, runs again, and records its next end', async () => {
      const { db } = fixture.database;
      const limits = await applicationLimits();
      const row = (id: string) =>
        db
          .selectFrom('conversations')
          .select(['ended_at', 'end_reason'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const token = await visitorToken('returning');
      const opened = await session({ scenario_uuid: fixture.publicationUuid }, token);
      expect(opened.statusCode).toBe(200);
      const conversationId = (
        await db
          .selectFrom('conversations as c')
          .innerJoin('visitors as v', 'v.id', 'c.visitor_id')
          .select('c.id')
          .where('v.external_id', '=', 'returning')
          .executeTakeFirstOrThrow()
      ).id;
      const end = (reason: string, at: string) =>
        api.app.inject({
          method: 'POST',
          url: `/v1/agent/conversations/${conversationId}/end`,
          headers: { authorization: `Bearer ${TEST_AGENT_KEY}` },
          payload: { reason, ended_at: at },
        });
      const before = new Date(Date.now() - 1000).toISOString();
      expect((await end('visitor_left', new Date().toISOString())).statusCode).toBe(200);
      try {
        // Every place taken: resuming an ended conversation is refused as a new session is.
        const running = Number(
          (
            await db
              .selectFrom('conversations as c')
              .innerJoin('publications as p', 'p.id', 'c.publication_id')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('p.uuid', '=', fixture.publicationUuid)
              .where('c.ended_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).n,
        );
        await limits.set({ concurrent_sessions: running });
        const refused = await session(
          { scenario_uuid: fixture.publicationUuid, resume_conversation_id: conversationId },
          token,
        );
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: expect.stringContaining('already runs') });
        expect((await row(conversationId)).end_reason).toBe('visitor_left');

        await limits.set({});
        const resumed = await session(
          { scenario_uuid: fixture.publicationUuid, resume_conversation_id: conversationId },
          token,
        );
        expect(resumed.statusCode).toBe(200);
        // It runs again; the old room's end, stamped before the resume, does not close it.
        expect(await row(conversationId)).toEqual({ ended_at: null, end_reason: null });
        expect((await end('visitor_left', before)).statusCode).toBe(200);
        expect(await row(conversationId)).toEqual({ ended_at: null, end_reason: null });
        const at = new Date(Date.now() + 1000).toISOString();
        expect((await end('completed', at)).json()).toEqual({
          ended_at: at,
          end_reason: 'completed',
        });
      } finally {
        await limits.restore();
      }
    });

    it('limits requests per application across API processes that share Redis', async () => {
      const redis = await startRedis();
      const clients = [new Redis(redis.url), new Redis(redis.url)];
      const apps = await Promise.all(
        clients.map((client) => api.sibling({ app: { redis: client } })),
      );
      await fixture.database.db
        .updateTable('applications')
        .set({ limits: JSON.stringify({ requests_per_minute: 3 }) })
        .where('id', '=', fixture.applicationId)
        .execute();
      try {
        const statuses: number[] = [];
        for (const index of [0, 1, 0, 1]) {
          const response = await apps[index]!.app.inject({
            method: 'POST',
            url: '/v1/public/token',
            payload: { scenario_uuid: fixture.publicationUuid, external_id: 'shared' },
          });
          statuses.push(response.statusCode);
        }
        // The fourth request is refused although each process saw only two.
        expect(statuses).toEqual([200, 200, 200, 429]);
        // Another application's budget is its own.
        const other = await apps[1]!.app.inject({
          method: 'POST',
          url: '/v1/public/token',
          payload: { scenario_uuid: fixture.otherPublicationUuid, external_id: 'shared' },
        });
        expect(other.statusCode).toBe(200);
      } finally {
        await fixture.database.db
          .updateTable('applications')
          .set({ limits: '{}' })
          .where('id', '=', fixture.applicationId)
          .execute();
        for (const instance of apps) await instance.close();
        await redis.stop();
      }
    });

    it("refuses pages from origins outside the application's allow-list on every visitor route", async () => {
      const token = await visitorToken('origin');
      await fixture.database.db
        .updateTable('applications')
        .set({ allowed_origins: JSON.stringify(['https://shop.example']) })
        .where('id', '=', fixture.applicationId)
        .execute();
      try {
        const from = (origin: string) =>
          app.inject({
            method: 'GET',
            url: '/v1/visitor/buckets',
            headers: { authorization: `Bearer ${token}`, origin },
          });
        expect((await from('https://shop.example')).statusCode).toBe(200);
        const refused = await from('https://evil.example');
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ error: expect.stringContaining('not allowed') });
      } finally {
        await fixture.database.db
          .updateTable('applications')
          .set({ allowed_origins: '[]' })
          .where('id', '=', fixture.applicationId)
          .execute();
      }
    });

    it('serves its OpenAPI document and health', async () => {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      const openapi = (await app.inject({ url: '/v1/openapi.json' })).json();
      expect(Object.keys(openapi.paths)).toEqual(
        expect.arrayContaining(['/v1/public/token', '/v1/public/session']),
      );
      expect(Object.keys(openapi.paths)).toEqual(
        expect.arrayContaining([
          '/v1/visitor/collections/{collectionId}/search',
          '/v1/agent/conversations/{conversationId}/messages',
          '/v1/admin/scenarios/{id}/publish',
          '/v1/admin/collections/{id}/items/import',
        ]),
      );
      const docs = await app.inject({ url: '/v1/docs/' });
      expect(docs.statusCode).toBe(200);
      expect(docs.body).toContain('swagger');
      expect((await app.inject({ url: '/v1/public/scenarios/x' })).statusCode).toBe(404);
    });
  });
});
