// What the SDK fault page (`sdk-page.ts`) records, its bundle, and a driver for it in Chromium.
import { scriptPublication } from '@svc/agent/testing';
import type { LivekitServer } from '@svc/livekit-dev';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/browser.js';
import { bundlePage } from '../support/page-bundle.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';
import { FAULT_SCRIPT, until } from './fault-stand.js';

/** Everything the page saw, each with the page's `Date.now()`. */
export interface FaultPageRecord {
  statuses: { at: number; status: string }[];
  messages: {
    at: number;
    id: string;
    role: string;
    content: string;
    conversationId: string | null;
  }[];
  errors: string[];
  ends: { at: number; reason: string; conversationId: string | null }[];
  /** Participants that left the room (the agent among them), as the engine reported them. */
  left: { at: number; identity: string }[];
}

/** What the page offers on `window.faultPage`. */
export interface FaultPageApi {
  /** Starts a typed conversation on the page's `?publication=`. */
  start(): Promise<void>;
  sendText(text: string): Promise<void>;
  conversationId(): string | null;
  status(): string;
  record(): FaultPageRecord;
  end(): Promise<void>;
}

/** The API in-process, serving the fault page, its publication scripted with `FAULT_SCRIPT`. */
export async function startFaultPageApi(server: LivekitServer): Promise<PlatformApi> {
  const api = await startPlatformApi(server, { page: await faultPage() });
  try {
    await scriptPublication(api.database, api.publication, FAULT_SCRIPT);
  } catch (error) {
    await api.close();
    throw error;
  }
  return api;
}

/** Chromium on the fault page of `api`'s publication, its `window.faultPage` ready. */
export async function openFaultPage(api: {
  url: string;
  publication: string;
}): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${api.url}/?publication=${api.publication}`);
    await page.waitForFunction(() => 'faultPage' in window);
    return { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** The page's HTML (its script at `/app.js`) and its script, bundled with the SDK's sources. */
export async function faultPage(): Promise<{ html: string; script: string }> {
  return {
    html: '<!doctype html><title>fault</title><script type="module" src="/app.js"></script>',
    script: await bundlePage(new URL('./sdk-page.ts', import.meta.url)),
  };
}

type Window = { faultPage: FaultPageApi };

/** Drives the fault page loaded in `page`. */
export function pageVisitor(page: Page) {
  const record = () => page.evaluate(() => (window as unknown as Window).faultPage.record());
  return {
    record,
    status: () => page.evaluate(() => (window as unknown as Window).faultPage.status()),
    conversationId: () =>
      page.evaluate(() => (window as unknown as Window).faultPage.conversationId()),
    /**
     * Starts a conversation; resolves once it is connected and the greeting arrived, and throws
     * with the session's end reason as soon as it ends before that (no agent joined).
     */
    async start(timeoutMs = 90_000) {
      const before = await record();
      await page.evaluate(() => (window as unknown as Window).faultPage.start());
      await until(
        async () => {
          const now = await record();
          const end = now.ends.slice(before.ends.length).at(-1);
          if (end) throw new Error(`the session ended before the greeting: ${end.reason}`);
          return now.messages
            .slice(before.messages.length)
            .some((message) => message.role === 'assistant');
        },
        'the greeting in the page',
        timeoutMs,
      );
      return this.conversationId();
    },
    /** Types `text`; resolves with the agent's reply. */
    async say(text: string, timeoutMs = 30_000) {
      const before = (await record()).messages.length;
      await page.evaluate(
        (message) => (window as unknown as Window).faultPage.sendText(message),
        text,
      );
      let reply: FaultPageRecord['messages'][number] | undefined;
      await until(
        async () => {
          reply = (await record()).messages
            .slice(before)
            .find((message) => message.role === 'assistant' && message.content !== '');
          return reply !== undefined;
        },
        `a reply to "${text}" in the page`,
        timeoutMs,
      );
      return reply as FaultPageRecord['messages'][number];
    },
  };
}
