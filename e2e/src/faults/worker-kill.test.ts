// Fault: the agent worker serving a typed conversation killed (SIGKILL to the worker and its job
// processes, as a service manager kills a service), a second worker beside it, the SDK in
// Chromium. The visitor's session ends with `agent_disconnected` once the 2 s grace
// is over; the next conversation is served by the other worker; what was sent is stored.
import { startAgentWorker, workerActiveJobs, type TestWorker } from '@svc/agent/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformApi } from '../support/platform-api.js';
import { countMessages, killProcessTree, until } from './fault-stand.js';
import { openFaultPage, pageVisitor, startFaultPageApi } from './sdk-page-record.js';

let server: LivekitServer;
let api: PlatformApi;
const workers: TestWorker[] = [];
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startFaultPageApi(server);
  // Each waits for its own health endpoint too (the server's log line of one worker's
  // registration would end the other's wait early), and is kept as soon as it started, so one
  // that fails to start leaves none behind.
  await Promise.all(
    [0, 1].map(async () =>
      workers.push(await startAgentWorker({ livekit: server, apiUrl: api.url, connected: true })),
    ),
  );
}, 240_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  for (const worker of workers) await worker.stop();
  await api?.close();
  await server?.stop();
});

/** The running conversations of each worker (0 for one that is gone). */
const jobs = () =>
  Promise.all(workers.map((worker) => workerActiveJobs(worker.healthPort).catch(() => 0)));

describe('an agent worker killed mid-conversation', () => {
  it('the visitor ends with agent_disconnected after the grace; the next conversation goes to the other worker', async () => {
    // A visitor of its own for each attempt: a retry's starts do not count against the places
    // the first attempt's conversations still hold until they are reaped.
    const { browser, page } = await openFaultPage(api);
    browsers.push(browser);
    const visitor = pageVisitor(page);
    const first = (await visitor.start()) ?? '';
    expect((await visitor.say('a note before the worker dies')).content).toBe('Noted.');
    const serving = (await jobs()).indexOf(1);
    expect(serving).toBeGreaterThanOrEqual(0);
    const killed = workers[serving] as TestWorker;
    const other = workers[1 - serving] as TestWorker;

    // The agent stores in batches a moment after sending (docs/decisions.md, "Faults"): the kill
    // comes once what it sent is stored, and the test counts that nothing stored is lost with it.
    const repliedAt = Date.now();
    const sentBefore = (await visitor.record()).messages.filter(
      (message) => message.conversationId === first,
    );
    await until(
      async () =>
        (await countMessages(api.database, { conversationId: first, received: sentBefore })).lost
          .length === 0,
      'the messages before the kill stored',
    );
    const storedAfterMs = Date.now() - repliedAt;
    const killedAt = Date.now();
    expect(killProcessTree(killed.child.pid ?? 0)).toBeGreaterThan(1);
    await until(async () => (await visitor.status()) === 'ended', 'the session ended', 60_000);
    const record = await visitor.record();
    const end = record.ends.at(-1);
    expect(end?.reason).toBe('agent_disconnected');
    const endedAt = end?.at ?? NaN;
    const agentLeftAt = record.left.find((entry) => entry.at >= killedAt)?.at ?? NaN;

    // The next conversation: served by the worker still running.
    const second = (await visitor.start()) ?? '';
    expect(second).not.toBe(first);
    expect(await workerActiveJobs(other.healthPort)).toBe(1);
    expect((await visitor.say('a note to the other worker')).content).toBe('Noted.');
    await page.evaluate(() =>
      (window as unknown as { faultPage: { end(): Promise<void> } }).faultPage.end(),
    );

    const all = (await visitor.record()).messages;
    const counts = await Promise.all(
      [first, second].map((conversationId) =>
        countMessages(api.database, {
          conversationId,
          received: all.filter((message) => message.conversationId === conversationId),
        }),
      ),
    );
    // Stored within the agent's batching delay (the first conversation's before the kill).
    await until(
      async () =>
        (
          await countMessages(api.database, {
            conversationId: second,
            received: all.filter((message) => message.conversationId === second),
          })
        ).lost.length === 0,
      'the second conversation stored',
    );
    const [before] = counts as [Awaited<ReturnType<typeof countMessages>>];
    expect(before.lost, killed.log.join('').slice(-3000)).toEqual([]);
    expect(before.sent).toBeGreaterThanOrEqual(3);
    const sent = counts.reduce((sum, count) => sum + count.sent, 0);
    console.log(
      `fault figures: worker kill: sent ${sent} (${before.sent} to the killed worker's conversation, ` +
        `stored within ${storedAfterMs} ms of the reply's arrival), ` +
        `lost in the killed conversation ${before.lost.length}; ` +
        `the agent left the visitor's room ${agentLeftAt - killedAt} ms after the kill, ` +
        `the visitor ended (agent_disconnected) ${endedAt - agentLeftAt} ms after that ` +
        `(${endedAt - killedAt} ms after the kill)`,
    );
  }, 240_000);
});
