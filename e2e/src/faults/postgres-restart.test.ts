// Fault: PostgreSQL restarted under the API in the middle of a typed conversation. The API process
// stays up, answers 503 `{ error }` while the database is down, and recovers by itself once it is
// back; the agent's messages of the outage are stored after, none lost.
import { startPostgres, type ApiProcess, type TestPostgres } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countMessages,
  endRecorded,
  startProcessStand,
  typedVisitor,
  until,
  type FaultDatabase,
  type ProcessStand,
} from './fault-stand.js';

let server: LivekitServer;
let postgres: TestPostgres;
let stand: ProcessStand;
let data: FaultDatabase;
let api: ApiProcess;

beforeAll(async () => {
  server = await startLivekitServer();
  postgres = await startPostgres();
  stand = await startProcessStand({ livekit: server, databaseUrl: postgres.url });
  ({ data, api } = stand);
}, 180_000);

afterAll(async () => {
  await stand?.stop();
  await postgres?.stop();
  await server?.stop();
});

const identify = (publication: string) =>
  fetch(`${api.url}/v1/public/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scenario_uuid: publication, external_id: 'fault-postgres' }),
  });

describe('PostgreSQL restarted under the API', () => {
  it('the API answers 503 while it is down and recovers without a restart; nothing is lost', async () => {
    const visitor = await typedVisitor(api.url, data.publication, {
      log: stand.log,
    });
    expect((await visitor.say('first note before the restart')).content).toBe('Noted.');
    const apiProcess = api.child;

    // Stops the server now (its connections closed), starts it again after the pause.
    const restarting = postgres.restart({ downMs: 4000 });
    const stoppedAt = Date.now();
    const health = await fetch(`${api.url}/healthz`);
    expect(health.status).toBe(503);
    const refused = await identify(data.publication);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: expect.any(String) });
    // The conversation goes on over the Transport meanwhile.
    expect((await visitor.say('second note while the database is down')).content).toBe('Noted.');
    await restarting;
    const upAt = Date.now();

    // The same process answers again once the database is back.
    await until(
      async () => (await fetch(`${api.url}/healthz`)).ok,
      'the API healthy again',
      30_000,
    );
    const recoveredAt = Date.now();
    expect(api.child).toBe(apiProcess);
    expect(apiProcess?.exitCode).toBeNull();
    expect((await identify(data.publication)).status).toBe(200);
    expect((await visitor.say('third note after the restart')).content).toBe('Noted.');
    await until(
      async () => (await countMessages(data.database, visitor)).lost.length === 0,
      'every message stored after the restart',
      60_000,
    );
    await visitor.say('goodbye');
    await until(() => visitor.ended !== null, 'session:end after goodbye');
    await visitor.leave();
    await endRecorded(data.database, visitor.conversationId);

    const count = await countMessages(data.database, visitor);
    expect(count.lost).toEqual([]);
    expect(count.sent).toBeGreaterThanOrEqual(7);
    // A new conversation starts on the recovered API.
    const next = await typedVisitor(api.url, data.publication, {
      log: stand.log,
    });
    expect((await next.say('a note in a new conversation')).content).toBe('Noted.');
    await next.leave();
    console.log(
      `fault figures: postgres restart: sent ${count.sent}, stored ${count.stored}, lost ${count.lost.length}; ` +
        `database down ${upAt - stoppedAt} ms; API healthy ${recoveredAt - upAt} ms after the database was back`,
    );
  }, 180_000);
});
