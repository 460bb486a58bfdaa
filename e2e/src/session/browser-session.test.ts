import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { fakeConfig } from '@svc/sdk/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinAsAgent } from '../support/agent-stand-in.js';
import { launchChromium } from '../support/browser.js';
import { bundlePage } from '../support/page-bundle.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';

// The real SDK with the real LiveKitTransport in Debian Chromium, a fake microphone from a WAV
// file, a real livekit-server, the real Platform API, and an agent stand-in on rtc-node.

let server: LivekitServer;
let api: PlatformApi;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startLivekitServer();
  const script = await bundlePage(new URL('./page.ts', import.meta.url));
  api = await startPlatformApi(server, {
    page: {
      html: '<!doctype html><html><body><script type="module" src="/app.js"></script></body></html>',
      script,
    },
  });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`${api.url}/?publication=${api.publication}`);
  await page.waitForFunction(() => 'svc' in window);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await server?.stop();
});

type PageState = {
  status: string;
  agentState: string;
  messages: { id: string }[];
  conversationId: string | null;
  error: string | null;
};
const state = () =>
  page.evaluate(() => (window as unknown as { svc: { state(): PageState } }).svc.state());
const events = () =>
  page.evaluate(() => (window as unknown as { svc: { events: [string, unknown][] } }).svc.events);
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('SvcSession in Chromium over a real livekit-server', () => {
  it('connects, hears the microphone, and carries data and RPC both ways', async () => {
    await page.evaluate(() =>
      (window as unknown as { svc: { start(): Promise<void> } }).svc.start(),
    );
    const room = api.rooms.at(-1)!;
    const config = fakeConfig({
      conversation_id: 'c-e2e',
      features: [
        {
          name: 'Offers',
          type: 'collection:items:display',
          settings: {},
          tools: [{ name: 'show_offer', type: 'frontend' }],
        },
      ],
    });
    const agent = await joinAsAgent(server, room, config);

    const ack = await agent.next('config_ack');
    expect(ack.payload).toMatchObject({ acknowledged: true, timestamp: expect.any(Number) });
    await until(async () => (await state()).status === 'connected', 'connected');
    expect((await state()).conversationId).toBe('c-e2e');

    await agent.setState('speaking');
    await until(async () => (await state()).agentState === 'speaking', 'agent state');

    await agent.publish('message:new', {
      id: 'm1',
      role: 'assistant',
      content: 'Hello from the agent',
      timestamp: new Date().toISOString(),
    });
    await until(
      async () => (await state()).messages.some((message) => message.id === 'm1'),
      'message',
    );

    expect(
      await agent.callRpc('show_offer', { requestId: 'r1', tool: 'show_offer', args: { id: 5 } }),
    ).toEqual({
      requestId: 'r1',
      code: 'OK',
      data: { shown: 5 },
    });
    expect(await agent.callRpc('svc__ui_activity_check', {})).toMatchObject({ visible: true });

    await page.evaluate(() =>
      (
        window as unknown as { svc: { session: { sendText(text: string): Promise<void> } } }
      ).svc.session.sendText('Hello from the page'),
    );
    expect((await agent.next('rt.chat')).payload).toEqual({ message: 'Hello from the page' });

    // RPC from the page to the agent: a composer dictation.
    agent.answerRpc('composer_start_dictation', (request) => ({ dictation_id: 'd1', request }));
    const dictation = await page.evaluate(() =>
      (
        window as unknown as {
          svc: { session: { startDictation(language?: string): Promise<string | null> } };
        }
      ).svc.session.startDictation('en-US'),
    );
    expect(dictation).toBe('d1');

    await until(async () => agent.audioFrames() > 10, 'microphone audio at the agent', 20_000);

    const left = Date.now();
    await agent.leave();
    await until(async () => (await state()).status === 'ended', 'ended', 10_000);
    expect(Date.now() - left).toBeGreaterThanOrEqual(1900);
    expect(await events()).toContainEqual([
      'session-end',
      { reason: 'agent_disconnected', endedAt: expect.any(String) },
    ]);
  }, 90_000);
});
