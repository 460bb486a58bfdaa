// Fault: the Redis the API counts its rate limits in is stopped in the middle of a typed
// conversation. As docs/decisions.md ("Faults") says, the API keeps answering and each process
// counts the limits in its own memory: the per-IP limit still refuses the 121st request of a
// minute with 429. The conversation goes on and a new one starts; nothing is lost.
import type { ApiProcess } from '@svc/api/testing';
import {
  startLivekitServer,
  startRedis,
  type LivekitServer,
  type RedisServer,
} from '@svc/livekit-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countMessages,
  endRecorded,
  sqliteFile,
  startProcessStand,
  typedVisitor,
  until,
  type FaultDatabase,
  type ProcessStand,
} from './fault-stand.js';

/** The per-IP limit of the public routes, a minute (docs/decisions.md, "Limits"). */
const PER_IP_LIMIT = 120;

let server: LivekitServer;
let redis: RedisServer;
let stand: ProcessStand;
let data: FaultDatabase;
let api: ApiProcess;

beforeAll(async () => {
  [server, redis] = await Promise.all([startLivekitServer(), startRedis()]);
  stand = await startProcessStand({
    livekit: server,
    databaseUrl: sqliteFile('redis'),
    redisUrl: redis.url,
  });
  ({ data, api } = stand);
}, 180_000);

afterAll(async () => {
  await stand?.stop();
  await redis?.stop();
  await server?.stop();
});

describe('Redis stopped under the API', () => {
  it('the API keeps answering and the per-IP limit holds per process; nothing is lost', async () => {
    const visitor = await typedVisitor(api.url, data.publication, {
      log: stand.log,
    });
    expect((await visitor.say('first note before Redis stops')).content).toBe('Noted.');

    await redis.stop();
    const stoppedAt = Date.now();
    expect((await visitor.say('second note without Redis')).content).toBe('Noted.');
    // A new conversation starts: identify and session answer without Redis.
    const next = await typedVisitor(api.url, data.publication, {
      log: stand.log,
    });
    const newConversationMs = Date.now() - stoppedAt;
    expect((await next.say('a note in a conversation started without Redis')).content).toBe(
      'Noted.',
    );

    // Identify, past the per-IP limit: counted in the process's memory since Redis stopped (the
    // new conversation's identify was the first), so the limit refuses what is over it.
    const statuses: number[] = [];
    for (let index = 0; index < PER_IP_LIMIT + 5; index += 1) {
      const response = await fetch(`${api.url}/v1/public/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ scenario_uuid: data.publication, external_id: `flood-${index}` }),
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(await response.json()).toEqual({ error: expect.any(String) });
      else await response.body?.cancel();
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // With the new conversation's identify, request PER_IP_LIMIT of the minute is the flood's
    // PER_IP_LIMIT - 1st: the ones after it are refused.
    expect(statuses.slice(0, PER_IP_LIMIT - 1)).toEqual(Array(PER_IP_LIMIT - 1).fill(200));
    expect(statuses.slice(PER_IP_LIMIT - 1)).toEqual(Array(6).fill(429));
    expect((await fetch(`${api.url}/healthz`)).ok).toBe(true);

    for (const conversation of [visitor, next]) {
      await conversation.say('goodbye');
      await until(() => conversation.ended !== null, 'session:end after goodbye');
      await conversation.leave();
      await endRecorded(data.database, conversation.conversationId);
    }
    const counts = await Promise.all(
      [visitor, next].map((one) => countMessages(data.database, one)),
    );
    for (const count of counts) expect(count.lost).toEqual([]);
    const sent = counts.reduce((sum, count) => sum + count.sent, 0);
    const stored = counts.reduce((sum, count) => sum + count.stored, 0);
    expect(sent).toBeGreaterThanOrEqual(6);
    console.log(
      `fault figures: redis stop: sent ${sent}, stored ${stored}, lost ${sent - stored}; ` +
        `a new conversation's greeting ${newConversationMs} ms after Redis stopped (includes the turn before it); ` +
        `identify statuses without Redis: ${statuses.filter((status) => status === 200).length} x 200, ` +
        `${statuses.filter((status) => status === 429).length} x 429`,
    );
  }, 180_000);
});
