// Fault: livekit-server killed (SIGKILL) in the middle of a typed conversation, the SDK in
// Chromium. The session goes `reconnecting`, then `ended` with `transport_disconnected`; the
// agent's job ends, the conversation is closed, and every message sent before is stored.
import { startAgentWorker, workerActiveJobs, type TestWorker } from '@svc/agent/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformApi } from '../support/platform-api.js';
import { countMessages, until } from './fault-stand.js';
import { openFaultPage, pageVisitor, startFaultPageApi } from './sdk-page-record.js';

let server: LivekitServer;
let api: PlatformApi;
let worker: TestWorker;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startFaultPageApi(server);
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
  ({ browser, page } = await openFaultPage(api));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

describe('livekit-server killed mid-conversation', () => {
  it('the SDK goes reconnecting, then ended with transport_disconnected; the job and the conversation end', async () => {
    const visitor = pageVisitor(page);
    const conversationId = (await visitor.start()) ?? '';
    expect((await visitor.say('a note before the crash')).content).toBe('Noted.');
    expect(await workerActiveJobs(worker.healthPort)).toBe(1);
    // What the agent sent is stored within its batching delay (docs/decisions.md, "Faults").
    const repliedAt = Date.now();
    const sentBefore = (await visitor.record()).messages.filter(
      (message) => message.conversationId === conversationId,
    );
    await until(
      async () =>
        (await countMessages(api.database, { conversationId, received: sentBefore })).lost
          .length === 0,
      'the messages before the crash stored',
    );

    const storedAfterMs = Date.now() - repliedAt;
    const killedAt = Date.now();
    await server.kill();
    await until(async () => (await visitor.status()) === 'ended', 'the session ended', 120_000);
    const record = await visitor.record();
    const statuses = record.statuses.filter((entry) => entry.at >= killedAt);
    expect(statuses.map((entry) => entry.status)).toEqual(['reconnecting', 'ended']);
    expect(record.ends.at(-1)?.reason).toBe('transport_disconnected');
    expect(record.errors.at(-1)).toMatch(/^CONNECTION_LOST/);

    // The agent's job is gone, and the conversation is closed.
    await until(
      async () => (await workerActiveJobs(worker.healthPort)) === 0,
      'the agent job gone',
      60_000,
    );
    const jobGoneAt = Date.now();
    await until(
      async () =>
        (
          await api.database.db
            .selectFrom('conversations')
            .select('ended_at')
            .where('id', '=', conversationId)
            .executeTakeFirstOrThrow()
        ).ended_at !== null,
      'the conversation closed',
      60_000,
    );
    const closedAt = Date.now();
    const conversation = await api.database.db
      .selectFrom('conversations')
      .select(['end_reason'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();

    const sent = record.messages.filter((message) => message.conversationId === conversationId);
    const count = await countMessages(api.database, { conversationId, received: sent });
    expect(count.lost).toEqual([]);
    expect(count.sent).toBeGreaterThanOrEqual(3);
    const at = (status: string) => statuses.find((entry) => entry.status === status)?.at ?? NaN;
    console.log(
      `fault figures: livekit kill: sent ${count.sent}, stored ${count.stored}, lost ${count.lost.length} ` +
        `(stored within ${storedAfterMs} ms of the reply's arrival, before the kill); ` +
        `reconnecting ${at('reconnecting') - killedAt} ms and ended ${at('ended') - killedAt} ms after the kill; ` +
        `job gone ${jobGoneAt - killedAt} ms, conversation closed ${closedAt - killedAt} ms after (end_reason ${conversation.end_reason})`,
    );
  }, 240_000);
});
