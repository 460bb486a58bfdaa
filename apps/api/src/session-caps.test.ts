import { signExternalId } from '@svc/protocol/identify';
import { AGENT_END_REASONS, parseRoomMetadata } from '@svc/protocol/agent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { conversationOfRoom, createReaper } from './reaper.js';
import { adminToken, postgresForSuite, type Fixture, type SuitePostgres } from './test-harness.js';
import { seedFixture } from './test-fixtures.js';
import { noopTransport, startTestApi, type NoopTransport, type TestApi } from './testing/index.js';

// What one public publication UUID can cost: one live room per conversation, caps on live
// conversations taken atomically, limits the agent is handed and the reaper backs up, the
// origin allow-list without exceptions, and signed identify. The same suite on both databases.
let postgres: SuitePostgres;
beforeAll(async () => {
  postgres = await postgresForSuite();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  let api: TestApi<Awaited<ReturnType<typeof seedFixture>>>;
  let transport: NoopTransport;
  let fixture: Fixture;
  beforeAll(async () => {
    transport = noopTransport();
    api = await startTestApi({
      databaseUrl: dialect === 'postgres' ? postgres.url : undefined,
      seed: seedFixture,
      transport,
    });
    fixture = { ...api.seeded, database: api.database };
  }, 180_000);
  afterAll(async () => {
    await api?.close();
  });
  // Every test starts with no conversation running and the fixture's application as seeded.
  afterEach(async () => {
    const { db } = fixture.database;
    await db
      .updateTable('conversations')
      .set({ ended_at: new Date().toISOString(), end_reason: 'completed' })
      .where('ended_at', 'is', null)
      .execute();
    await db
      .updateTable('applications')
      .set({ limits: '{}', allowed_origins: '[]', identify_secret: null })
      .execute();
  });

  const setLimits = (limits: object) =>
    fixture.database.db
      .updateTable('applications')
      .set({ limits: JSON.stringify(limits) })
      .where('id', '=', fixture.applicationId)
      .execute();
  const start = async (
    token: string,
    body: object = {},
    headers: Record<string, string> = {},
    remoteAddress = '203.0.113.1',
  ) =>
    api.app.inject({
      method: 'POST',
      url: '/v1/public/session',
      payload: { scenario_uuid: fixture.publicationUuid, ...body },
      headers: { authorization: `Bearer ${token}`, ...headers },
      remoteAddress,
    });
  /** The room a session start's (no-op) participant token joins. */
  const roomOf = (rtToken: string) => rtToken.split(':')[1] as string;
  const conversationOf = (room: string) =>
    parseRoomMetadata(
      JSON.stringify(transport.rooms.find((opened) => opened.name === room)?.metadata),
    ).conversation_id;

  it('resuming a running conversation joins its open room: no second room, no second agent', async () => {
    const { token } = await api.visitor('resumer');
    const first = await start(token);
    expect(first.statusCode).toBe(200);
    const room = roomOf(first.json().rt_token);
    const conversation = conversationOf(room);
    const opened = transport.rooms.length;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const resumed = await start(token, { resume_conversation_id: conversation });
      expect(resumed.statusCode).toBe(200);
      expect(roomOf(resumed.json().rt_token)).toBe(room);
    }
    expect(transport.rooms.length).toBe(opened);
    // Its room gone (the agent died before the reaper saw it), a resume opens one new room.
    transport.rooms.splice(
      transport.rooms.findIndex((entry) => entry.name === room),
      1,
    );
    const moved = await start(token, { resume_conversation_id: conversation });
    expect(moved.statusCode).toBe(200);
    expect(roomOf(moved.json().rt_token)).not.toBe(room);
    expect(transport.rooms.length).toBe(opened);
  });

  it('hands the agent the application limits in the room metadata', async () => {
    await setLimits({
      max_duration_seconds: 600,
      idle_timeout_seconds: 60,
      messages_per_minute: 5,
    });
    const { token } = await api.visitor('limited');
    const response = await start(token);
    const opened = transport.rooms.find((entry) => entry.name === roomOf(response.json().rt_token));
    expect(opened?.metadata.limits).toEqual({
      max_duration_seconds: 600,
      idle_timeout_seconds: 60,
      messages_per_minute: 5,
    });
  });

  it('caps live conversations per visitor and per address, however long ago they started', async () => {
    const { db } = fixture.database;
    await setLimits({ concurrent_sessions_per_visitor: 1, concurrent_sessions_per_address: 2 });
    const one = await api.visitor('one');
    expect((await start(one.token)).statusCode).toBe(200);
    // Started three hours ago and still running: it still holds its place.
    await db
      .updateTable('conversations')
      .set({ started_at: new Date(Date.now() - 3 * 3600_000).toISOString() })
      .where('visitor_id', '=', one.id)
      .execute();
    const again = await start(one.token);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ error: expect.stringContaining('this visitor already runs 1') });
    const two = await api.visitor('two');
    expect((await start(two.token)).statusCode).toBe(200);
    const three = await api.visitor('three');
    const fromAddress = await start(three.token);
    expect(fromAddress.statusCode).toBe(429);
    expect(fromAddress.json()).toEqual({
      error: expect.stringContaining('this address already runs 2'),
    });
    expect((await start(three.token, {}, {}, '198.51.100.7')).statusCode).toBe(200);
  });

  it('caps live conversations per application and per company', async () => {
    await setLimits({ concurrent_sessions: 2 });
    const starts = await Promise.all(
      ['a', 'b', 'c'].map(async (name, index) =>
        start((await api.visitor(`app-${name}`)).token, {}, {}, `192.0.2.${index + 1}`),
      ),
    );
    expect(starts.map((response) => response.statusCode).sort()).toEqual([200, 200, 429]);
    expect(starts.find((response) => response.statusCode === 429)?.json()).toEqual({
      error: expect.stringContaining('this application already runs 2'),
    });
    // The company's other application shares the company's cap (3 here).
    const capped = await api.sibling({ app: { companySessionCap: 3 } });
    try {
      const other = async (name: string, address: string) => {
        const { token } = await api.visitor(name, {
          publicationUuid: fixture.otherPublicationUuid,
        });
        return capped.app.inject({
          method: 'POST',
          url: '/v1/public/session',
          payload: { scenario_uuid: fixture.otherPublicationUuid },
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: address,
        });
      };
      expect((await other('other-a', '192.0.2.10')).statusCode).toBe(200);
      const refused = await other('other-b', '192.0.2.11');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: expect.stringContaining('this company already runs 3'),
      });
    } finally {
      await capped.close();
    }
  });

  it('takes the last place once when two starts race for it', async () => {
    await setLimits({ concurrent_sessions: 1 });
    const [first, second] = await Promise.all([api.visitor('race-1'), api.visitor('race-2')]);
    const responses = await Promise.all([
      start(first.token, {}, {}, '192.0.2.21'),
      start(second.token, {}, {}, '192.0.2.22'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    const running = await fixture.database.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(running.n)).toBe(1);
  });

  it('an allow-listed application refuses requests that carry no Origin', async () => {
    await fixture.database.db
      .updateTable('applications')
      .set({ allowed_origins: JSON.stringify(['https://shop.example']) })
      .where('id', '=', fixture.applicationId)
      .execute();
    const identify = (headers: Record<string, string>) =>
      api.app.inject({
        method: 'POST',
        url: '/v1/public/token',
        payload: { scenario_uuid: fixture.publicationUuid, external_id: 'scripted' },
        headers,
      });
    const bare = await identify({});
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual({ error: expect.stringContaining('allowed origins only') });
    expect((await identify({ origin: 'https://shop.example' })).statusCode).toBe(200);
    const { token } = await api.visitor('scripted');
    expect((await start(token)).statusCode).toBe(403);
    const buckets = await api.app.inject({
      method: 'GET',
      url: '/v1/visitor/buckets',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(buckets.statusCode).toBe(403);
  });

  it('signed identify: once on, an unsigned, expired or badly signed identify is 401', async () => {
    const admin = await adminToken(api.app);
    const rotated = await api.app.inject({
      method: 'POST',
      url: `/v1/admin/applications/${fixture.applicationId}/identify-secret`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(rotated.statusCode).toBe(201);
    const secret = rotated.json().identify_secret as string;
    const shown = await api.app.inject({
      method: 'GET',
      url: `/v1/admin/applications/${fixture.applicationId}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(shown.json()).toMatchObject({ signed_identify: true });
    expect(shown.body).not.toContain(secret);
    const identify = (body: object) =>
      api.app.inject({
        method: 'POST',
        url: '/v1/public/token',
        payload: { scenario_uuid: fixture.publicationUuid, external_id: 'customer-42', ...body },
      });
    const soon = Math.floor(Date.now() / 1000) + 600;
    const unsigned = await identify({});
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toEqual({ error: expect.stringContaining('signed identify') });
    const forOther = await signExternalId(secret, 'customer-7', soon);
    expect((await identify({ signature: forOther, expires_at: soon })).statusCode).toBe(401);
    const withOtherKey = await signExternalId('not-the-secret', 'customer-42', soon);
    expect((await identify({ signature: withOtherKey, expires_at: soon })).statusCode).toBe(401);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = await signExternalId(secret, 'customer-42', past);
    expect((await identify({ signature: expired, expires_at: past })).statusCode).toBe(401);
    // The expiry is signed too: a later one with the same signature is refused.
    const signed = await signExternalId(secret, 'customer-42', soon);
    expect((await identify({ signature: signed, expires_at: soon + 3600 })).statusCode).toBe(401);
    const accepted = await identify({ signature: signed, expires_at: soon });
    expect(accepted.statusCode).toBe(200);
    // Turned off, identify takes an unsigned external id again.
    const removed = await api.app.inject({
      method: 'DELETE',
      url: `/v1/admin/applications/${fixture.applicationId}/identify-secret`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(removed.statusCode).toBe(204);
    expect((await identify({})).statusCode).toBe(200);
  });

  it('the reaper ends conversations past their maximum duration or idle timeout', async () => {
    await setLimits({ max_duration_seconds: 1800, idle_timeout_seconds: 180 });
    const { token } = await api.visitor('lingering');
    const long = conversationOf(roomOf((await start(token)).json().rt_token));
    const { token: quiet } = await api.visitor('quiet');
    const idle = conversationOf(roomOf((await start(quiet, {}, {}, '192.0.2.40')).json().rt_token));
    const { db } = fixture.database;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    await db
      .updateTable('conversations')
      .set({ started_at: ago(40 * 60_000) })
      .where('id', '=', long)
      .execute();
    await db
      .updateTable('conversations')
      .set({ started_at: ago(10 * 60_000) })
      .where('id', '=', idle)
      .execute();
    // The long one's visitor spoke a minute ago: it ends for its duration, not for idling.
    await db
      .insertInto('messages')
      .values({
        id: `m-${long}`,
        conversation_id: long,
        role: 'user',
        content: 'still here',
        message: JSON.stringify({ id: `m-${long}`, role: 'user', content: 'still here' }),
        timestamp: ago(60_000),
        ...(dialect === 'sqlite' ? { seq: Date.now() } : {}),
      })
      .execute();
    const swept = await createReaper({ database: fixture.database, transport }).sweep();
    expect(swept.sort()).toEqual([long, idle].sort());
    // Their rooms are closed: nobody talks on in them past the limits.
    expect(transport.rooms.map((room) => conversationOfRoom(room.name))).not.toContain(long);
    expect(transport.rooms.map((room) => conversationOfRoom(room.name))).not.toContain(idle);
    const reasons = await db
      .selectFrom('conversations')
      .select(['id', 'end_reason'])
      .where('id', 'in', [long, idle])
      .execute();
    expect(Object.fromEntries(reasons.map((row) => [row.id, row.end_reason]))).toEqual({
      [long]: AGENT_END_REASONS.MAX_DURATION,
      [idle]: AGENT_END_REASONS.IDLE_TIMEOUT,
    });
  });
});
