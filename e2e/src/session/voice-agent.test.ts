import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_SCRIPT,
  scriptPublication,
  startAgentWorker,
  type TestWorker,
} from '@svc/agent/testing';
import { launchChromium, spokenWav } from '../support/browser.js';
import { startExamplePage, type ExamplePage } from '../support/example-page.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';

// The whole service as a visitor meets it: the example page in Chromium with the real SDK, a
// fake microphone that says a sentence, the real API, livekit-server and the agent worker with the
// embedded speech stack. The LLM is scripted (FakeLLM) so the turns are known.

let server: LivekitServer;
let api: PlatformApi;
let worker: TestWorker;
let example: ExamplePage;
let browser: Browser;
let page: Page;

async function textOf(selector: string): Promise<string> {
  return (await page.textContent(selector)) ?? '';
}

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startPlatformApi(server);
  await scriptPublication(api.database, api.publication, DEMO_SCRIPT);
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
  example = await startExamplePage(api.url, api.publication);
  // The visitor asks once, then stays quiet long enough for the answer (the file loops).
  browser = await launchChromium(spokenWav('do you have tents', { trailingSeconds: 14 }));
  page = await browser.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  example?.close();
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

describe('the example page with the real agent', () => {
  it('talks by voice: the visitor is heard, the page panel shows the search, goodbye ends it', async () => {
    await page.goto(example.url);
    await page.check('input[name="mode"][value="audio"]');
    await page.click('#start');
    await page.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'connected',
      undefined,
      { timeout: 60_000 },
    );
    // The greeting (the scenario's first message), then what the microphone said.
    await page.waitForSelector('#messages li[data-role="assistant"]', { timeout: 30_000 });
    expect(await textOf('#messages')).toContain('welcome to Trailhead');
    await page.waitForSelector('#messages li[data-role="user"]', { timeout: 60_000 });
    expect(await textOf('#messages li[data-role="user"]')).toMatch(/\b(do|you|have|tents?)\b/i);
    // The agent searched; the page drew the results and told the agent, which says so.
    await page.waitForFunction(
      () => document.querySelector('#messages')?.textContent?.includes('tents on your screen'),
      undefined,
      { timeout: 60_000 },
    );
    expect(await textOf('#panel h2')).toBe('search products');
    expect(await page.locator('#panel li').count()).toBeGreaterThan(0);
    // Typed input ends it through the end tool.
    await page.fill('#text', 'Thanks, goodbye');
    await page.press('#text', 'Enter');
    await page.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'ended',
      undefined,
      { timeout: 30_000 },
    );
    const rows = await api.database.db
      .selectFrom('messages')
      .select(['role'])
      .where('conversation_id', '=', (await latestConversation()).id)
      .execute();
    expect(rows.map((row) => row.role)).toEqual(
      expect.arrayContaining(['assistant', 'user', 'tool']),
    );
  }, 180_000);

  // Last: it takes the worker down.
  it('ends the session with agent_disconnected when the agent process dies', async () => {
    await page.goto(example.url);
    await page.check('input[name="mode"][value="text"]');
    await page.click('#start');
    await page
      .waitForSelector('#messages li[data-role="assistant"]', { timeout: 60_000 })
      .catch(async (error: unknown) => {
        throw new Error(
          `no greeting (status ${await textOf('#status')}, error "${await textOf('#error')}")\n${worker.log.join('').slice(-4000)}`,
          { cause: error },
        );
      });
    worker.child.kill('SIGKILL');
    await page.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'ended',
      undefined,
      { timeout: 40_000 },
    );
    expect(await textOf('#end-reason')).toBe('(agent_disconnected)');
  }, 120_000);
});

async function latestConversation(): Promise<{ id: string }> {
  return api.database.db
    .selectFrom('conversations')
    .select(['id'])
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}
