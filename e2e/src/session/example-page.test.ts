import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { fakeConfig } from '@svc/sdk/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinAsAgent } from '../support/agent-stand-in.js';
import { launchChromium } from '../support/browser.js';
import { startExamplePage, type ExamplePage } from '../support/example-page.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';

// The example page as a visitor uses it: served by its own script, in Chromium, talking to a
// real livekit-server and an agent stand-in.

let server: LivekitServer;
let api: PlatformApi;
let example: ExamplePage;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startPlatformApi(server);
  example = await startExamplePage(api.url, api.publication);
  browser = await launchChromium();
  page = await browser.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  example?.close();
  await api?.close();
  await server?.stop();
});

describe('examples/minimal', () => {
  it('starts a text conversation and shows status, agent state, messages; sends text', async () => {
    await page.goto(example.url);
    expect(await page.textContent('#status')).toBe('idle');
    expect(await page.inputValue('#publication')).toBe(api.publication);
    await page.check('input[name="mode"][value="text"]');
    await page.click('#start');
    await page.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'connecting',
    );

    const deadline = Date.now() + 10_000;
    while (api.rooms.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const agent = await joinAsAgent(server, api.rooms.at(-1)!, fakeConfig());
    await page.waitForFunction(
      () => document.querySelector('#status')?.textContent === 'connected',
    );
    await agent.setState('speaking');
    await page.waitForFunction(
      () => document.querySelector('#agent-state')?.textContent === 'speaking',
    );
    await agent.publish('message:new', {
      id: 'm1',
      role: 'assistant',
      content: 'Hi, how can I help?',
      timestamp: new Date().toISOString(),
    });
    await page.waitForSelector('#messages li[data-role="assistant"]');
    expect(await page.textContent('#messages')).toContain('Agent: Hi, how can I help?');

    await page.fill('#text', 'Trail shoes please');
    await page.press('#text', 'Enter');
    expect((await agent.next('rt.chat')).payload).toEqual({ message: 'Trail shoes please' });

    await page.click('#end');
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'ended');
    await agent.leave();
  }, 60_000);
});
