// Fault: the Platform API killed and started again in the middle of a typed conversation. The
// conversation goes on over the Transport while the API is down; the messages the agent could not
// store then are stored once the API is back, none lost.
import type { ApiProcess } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
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

let server: LivekitServer;
let stand: ProcessStand;
let data: FaultDatabase;
let api: ApiProcess;

beforeAll(async () => {
  server = await startLivekitServer();
  stand = await startProcessStand({ livekit: server, databaseUrl: sqliteFile('api') });
  ({ data, api } = stand);
}, 180_000);

afterAll(async () => {
  await stand?.stop();
  await server?.stop();
});

describe('the API restarted mid-conversation', () => {
  it('the conversation goes on, and what the agent could not store is stored after', async () => {
    const visitor = await typedVisitor(api.url, data.publication, {
      log: stand.log,
    });
    expect((await visitor.say('first note before the outage')).content).toBe('Noted.');

    await api.stop({ kill: true });
    // The API is gone: the conversation still goes on between the visitor and the agent.
    expect((await fetch(`${api.url}/healthz`).catch(() => null))?.ok ?? false).toBe(false);
    expect((await visitor.say('second note while the API is down')).content).toBe('Noted.');
    expect((await visitor.say('third note while the API is down')).content).toBe('Noted.');
    const down = await countMessages(data.database, visitor);

    const restartedAt = Date.now();
    await api.restart();
    const back = Date.now();
    expect((await visitor.say('fourth note after the restart')).content).toBe('Noted.');
    await until(
      async () => (await countMessages(data.database, visitor)).lost.length === 0,
      'every message stored after the restart',
      60_000,
    );
    const storedAt = Date.now();
    await visitor.say('goodbye');
    await until(() => visitor.ended !== null, 'session:end after goodbye');
    await visitor.leave();
    await endRecorded(data.database, visitor.conversationId);

    const count = await countMessages(data.database, visitor);
    expect(count.lost).toEqual([]);
    // Greeting, and four turns of two messages each, before the goodbye.
    expect(count.sent).toBeGreaterThanOrEqual(9);
    // The outage was real: the agent had messages it could not store while the API was down.
    expect(down.lost.length).toBeGreaterThan(0);
    const conversation = await data.database.db
      .selectFrom('conversations')
      .select(['ended_at', 'end_reason'])
      .where('id', '=', visitor.conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation.end_reason).toBe('completed');
    console.log(
      `fault figures: api restart: sent ${count.sent}, stored ${count.stored}, lost ${count.lost.length}; ` +
        `unstored during the outage ${down.lost.length}; API back in ${back - restartedAt} ms; ` +
        `all stored ${storedAt - back} ms after it was back`,
    );
  }, 180_000);

  it('a conversation that ends while the API is down keeps its messages and its end', async () => {
    const visitor = await typedVisitor(api.url, data.publication, {
      log: stand.log,
    });
    await api.stop({ kill: true });
    expect((await visitor.say('a note while the API is down')).content).toBe('Noted.');
    // The visitor is told at once; the agent keeps what it could not store.
    await visitor.say('goodbye');
    await until(() => visitor.ended !== null, 'session:end after goodbye');
    await visitor.leave();
    const endedAt = Date.now();
    await api.restart();
    const back = Date.now();
    const ended = () =>
      data.database.db
        .selectFrom('conversations')
        .select(['ended_at', 'end_reason'])
        .where('id', '=', visitor.conversationId)
        .executeTakeFirstOrThrow();
    await until(
      async () =>
        (await countMessages(data.database, visitor)).lost.length === 0 &&
        (await ended()).ended_at !== null,
      'the messages and the end stored after the restart',
      60_000,
    );
    const count = await countMessages(data.database, visitor);
    expect(count.lost).toEqual([]);
    expect(count.sent).toBeGreaterThanOrEqual(5);
    expect((await ended()).end_reason).toBe('completed');
    console.log(
      `fault figures: api down at the end: sent ${count.sent}, stored ${count.stored}, lost ${count.lost.length}; ` +
        `the API was back ${back - endedAt} ms after the visitor's end, all stored ${Date.now() - back} ms after that`,
    );
  }, 180_000);
});
