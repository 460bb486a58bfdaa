// The widget as a site embeds it, with nothing scripted: pages on their own origin that hold only
// the publish-time snippet (the API's embed page), in Chromium, against the real API with the
// seeded Trailhead demo, livekit-server and the agent worker (its intent router answers "do you
// have tents"). A typed conversation shows the search panel inside the widget's shadow root, with
// and without a strict Content-Security-Policy; hostile page CSS leaves the launcher and the panel
// whole; two widgets on one page keep their own state; a snippet with `data-language="fr-FR"`
// speaks French; a phone-sized viewport gets a full-screen sheet. With WIDGET_SCREENSHOTS=1 it writes the screenshots docs/widget.md shows.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAgentWorker, type TestWorker } from '@svc/agent/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';
import {
  buildWidget,
  HOSTILE_CSS,
  startHostSite,
  strictPolicy,
  type HostSite,
} from './widget-stand.js';

const SCREENSHOTS = process.env.WIDGET_SCREENSHOTS === '1';
const screenshotDir = fileURLToPath(new URL('../../../docs/widget-screenshots/', import.meta.url));
/** Waits on the agent are long: the machine may be busy with other work. */
const LONG = { timeout: 90_000 };
const SEARCH = 'collection:items:search';

let server: LivekitServer;
let api: PlatformApi;
let worker: TestWorker;
let site: HostSite;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let snippet: string;
/** What the console said about blocked content (CSP) on the current page. */
let refused: string[] = [];

beforeAll(async () => {
  buildWidget();
  server = await startLivekitServer();
  api = await startPlatformApi(server);
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
  // The page the API makes for a publication holds the same snippet the publish response gives.
  const embed = await fetch(`${api.url}/widget/v1/embed.html?publication=${api.publication}`);
  expect(embed.status).toBe(200);
  const embedPage = await embed.text();
  snippet = /<script [^>]*><\/script>/.exec(embedPage)?.[0] ?? '';
  expect(snippet).toContain(`data-publication="${api.publication}"`);
  // The demo's French publication: a scenario whose own language is fr-FR.
  const french = await fetch(
    `${api.url}/widget/v1/embed.html?publication=${api.demo.publications.french}`,
  );
  expect(french.status).toBe(200);
  const frenchShopPage = await french.text();
  const policy = strictPolicy(api.url, server.url);
  site = await startHostSite({
    '/plain.html': { html: embedPage },
    '/csp.html': { html: embedPage, headers: { 'content-security-policy': policy } },
    '/hostile.html': {
      html: `<!doctype html><html><head><style>${HOSTILE_CSS}</style></head><body><p id="host-text">The host page's own words.</p>${snippet}</body></html>`,
    },
    // The snippet with the visitor's language: the loader passes it to the element.
    '/french.html': {
      html: embedPage.replace(
        snippet,
        snippet.replace('<script ', '<script data-language="fr-FR" '),
      ),
      headers: { 'content-security-policy': policy },
    },
    '/french-shop.html': { html: frenchShopPage, headers: { 'content-security-policy': policy } },
    '/two.html': {
      html: `<!doctype html><html><head><title>two</title></head><body>
<svc-agent id="first" publication="${api.publication}" api="${api.url}" layout="inline" label="First"></svc-agent>
<svc-agent id="second" publication="${api.publication}" api="${api.url}" layout="inline" label="Second"></svc-agent>
<script src="${api.url}/widget/v1/widget.js" async></script>
</body></html>`,
      headers: { 'content-security-policy': policy },
    },
  });
  browser = await launchChromium();
}, 240_000);

afterEach(async (test) => {
  if (test.task.result?.state === 'fail' && page) {
    const file = join(tmpdir(), `widget-${test.task.name.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(
      `widget: the page at the failure is in ${file}\n${worker.log.join('').slice(-3000)}`,
    );
  }
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

/** A new visitor (fresh storage) on a page of the host site. */
async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  context = await browser.newContext({ viewport });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  refused = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) refused.push(text);
  });
  await page.goto(`${site.url}${path}`);
  return page;
}

async function screenshot(name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** Opens a widget, starts a typed conversation and asks for tents; answers the search panel. */
async function askForTents(widget: Locator): Promise<Locator> {
  await widget.locator('.svcw-launcher').click();
  await widget.getByRole('radio', { name: 'Typing' }).click();
  await widget.getByRole('button', { name: 'Start typing' }).click();
  await widget.locator('.svcw-conversation[data-status="connected"]').waitFor(LONG);
  // The scenario's greeting first, so the agent is listening.
  await widget.locator('.svcw-transcript li[data-role="assistant"]').first().waitFor(LONG);
  const message = widget.getByRole('textbox', { name: 'Message' });
  await message.fill('do you have tents');
  await message.press('Enter');
  const panel = widget.locator(`.svcw-feature[data-feature="${SEARCH}"]`);
  await panel.waitFor(LONG);
  await panel.locator('.svc-grid__item').first().waitFor(LONG);
  return panel;
}

/** The box of an element, failing if it has none. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box: the element is not rendered');
  return found;
}

describe('the widget on a page with nothing but its snippet', () => {
  it('holds a typed conversation and shows the search results inside its shadow root', async () => {
    await open('/plain.html');
    const widget = page.locator('svc-agent');
    await widget.locator('.svcw-launcher').waitFor();
    expect(await page.evaluate(() => document.querySelector('svc-agent')?.shadowRoot?.mode)).toBe(
      'open',
    );
    await screenshot('launcher');
    const panel = await askForTents(widget);
    const items = panel.locator('.svc-grid__item');
    expect(await items.count()).toBeGreaterThan(0);
    await expect.poll(() => items.first().isVisible()).toBe(true);
    expect(await panel.textContent()).toMatch(/tent/i);
    expect(
      await widget.locator('.svcw-transcript li[data-role="user"]').last().textContent(),
    ).toContain('do you have tents');
    await screenshot('search');
    // The end button ends it; the end card offers a new conversation.
    await widget.getByRole('button', { name: 'End the conversation' }).click();
    await widget.locator('.svcw-conversation[data-status="ended"]').waitFor(LONG);
    await screenshot('ended');
  });

  it('works under a strict CSP: no inline styles or scripts, no eval, no blob: or data:', async () => {
    await open('/csp.html');
    const widget = page.locator('svc-agent');
    const panel = await askForTents(widget);
    expect(await panel.locator('.svc-grid__item').count()).toBeGreaterThan(0);
    // The launcher is styled (adopted stylesheets are not inline styles under CSP).
    const launcher = await box(widget.locator('.svcw-launcher'));
    expect(launcher.height).toBeGreaterThanOrEqual(40);
    expect(refused).toEqual([]);
  });

  it('is not broken by hostile page CSS, and does not break the page', async () => {
    await open('/hostile.html');
    const widget = page.locator('svc-agent');
    const launcher = await box(widget.locator('.svcw-launcher'));
    const viewport = page.viewportSize()!;
    expect(launcher.width).toBeGreaterThan(80);
    expect(launcher.width).toBeLessThan(300);
    expect(launcher.height).toBeGreaterThanOrEqual(44);
    expect(launcher.height).toBeLessThan(80);
    // Bottom right, inside the viewport, whatever the page said about svc-agent's position.
    expect(launcher.x + launcher.width).toBeLessThanOrEqual(viewport.width);
    expect(launcher.y + launcher.height).toBeLessThanOrEqual(viewport.height);
    expect(launcher.x).toBeGreaterThan(viewport.width / 2);
    await widget.locator('.svcw-launcher').click();
    const frame = await box(widget.locator('.svcw-panel'));
    expect(frame.width).toBeGreaterThan(300);
    expect(frame.width).toBeLessThanOrEqual(420);
    expect(frame.height).toBeGreaterThan(400);
    const start = await box(widget.getByRole('button', { name: /Start/ }));
    expect(start.height).toBeGreaterThanOrEqual(36);
    expect(start.height).toBeLessThan(60);
    const fontSize = await widget
      .locator('.svcw-launcher')
      .evaluate((element) => getComputedStyle(element).fontSize);
    expect(fontSize).toBe('15px');
    // The page keeps its own (hostile) look: nothing of the widget's CSS leaked out.
    expect(
      await page.evaluate(() => getComputedStyle(document.querySelector('#host-text')!).fontSize),
    ).toBe('48px');
    await screenshot('hostile-page');
  });

  it('keeps two widgets on one page apart: each its own panel and conversation', async () => {
    await open('/two.html');
    const first = page.locator('svc-agent#first');
    const second = page.locator('svc-agent#second');
    await askForTents(first);
    await second.locator('.svcw-launcher').click();
    const idle = second.locator('.svcw-conversation');
    await idle.waitFor();
    expect(await idle.getAttribute('data-status')).toBe('idle');
    expect(await second.locator('.svcw-transcript li').count()).toBe(0);
    expect(await second.locator('.svcw-feature').count()).toBe(0);
    expect(await first.locator('.svcw-transcript li').count()).toBeGreaterThan(1);
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('svc-agent')].map(
        (element) => element.shadowRoot?.querySelector('.svcw-panel')?.id,
      ),
    );
    expect(new Set(ids).size).toBe(2);
    expect(refused).toEqual([]);
  });

  it('starts a spoken conversation under the strict CSP, with Mute and the switch to typing', async () => {
    await open('/csp.html');
    const widget = page.locator('svc-agent');
    await widget.locator('.svcw-launcher').click();
    await widget.getByRole('button', { name: 'Start talking' }).click();
    await widget.locator('.svcw-conversation[data-status="connected"]').waitFor(LONG);
    // The greeting is spoken and written.
    await widget.locator('.svcw-transcript li[data-role="assistant"]').first().waitFor(LONG);
    const mute = widget.getByRole('button', { name: 'Mute' });
    await mute.click();
    await expect
      .poll(() => widget.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed'))
      .toBe('true');
    await widget.getByRole('radio', { name: 'Typing' }).click();
    expect(await widget.getByRole('radio', { name: 'Typing' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // Typing in a spoken conversation: no Mute, the message box stays.
    expect(await widget.getByRole('button', { name: /^(Mute|Unmute)$/ }).count()).toBe(0);
    await widget.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(refused).toEqual([]);
  });

  it(
    'speaks French for data-language="fr-FR", and for a French publication once it connects',
    async () => {
      await open('/french.html');
      const widget = page.locator('svc-agent');
      expect(await widget.getAttribute('language')).toBe('fr-FR');
      const launcher = widget.locator('.svcw-launcher');
      expect(await launcher.textContent()).toBe('Une question\u00a0?');
      expect(await launcher.getAttribute('aria-label')).toBe('Ouvrir l’assistant');
      await launcher.click();
      const conversation = widget.locator('.svcw-conversation');
      await conversation.waitFor();
      expect(await conversation.getAttribute('lang')).toBe('fr-FR');
      expect(await widget.getByRole('radio').allTextContents()).toEqual(['Voix', 'Texte']);
      expect(await widget.locator('.svcw-hint').textContent()).toMatch(
        /^Parlez avec notre assistant/,
      );
      expect(await widget.getByRole('log').getAttribute('aria-label')).toBe('Conversation');
      await widget.getByRole('button', { name: 'Commencer à parler' }).waitFor();
      expect(await widget.locator('.svcw-state').textContent()).toBe('prêt');
      expect(refused).toEqual([]);
      await context?.close();

      // No language on the tag and an English browser: English until the session names its own.
      await open('/french-shop.html');
      const shop = page.locator('svc-agent');
      expect(await shop.locator('.svcw-launcher').textContent()).toBe('Ask us');
      await shop.locator('.svcw-launcher').click();
      await shop.getByRole('radio', { name: 'Typing' }).click();
      await shop.getByRole('button', { name: 'Start typing' }).click();
      await shop.locator('.svcw-conversation[data-status="connected"]').waitFor(LONG);
      await shop.locator('.svcw-conversation[lang="fr-FR"]').waitFor(LONG);
      expect(await shop.locator('.svcw-launcher').textContent()).toBe('Une question\u00a0?');
      expect(await shop.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).toBe(
        'Écrivez un message',
      );
      expect(refused).toEqual([]);
    },
    LONG.timeout,
  );

  it('is a full-screen sheet on a phone-sized screen', async () => {
    await open('/plain.html', { width: 390, height: 844 });
    const widget = page.locator('svc-agent');
    await widget.locator('.svcw-launcher').click();
    const sheet = await box(widget.locator('.svcw-panel'));
    expect(sheet).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    // Closing hands the launcher back, with focus on it.
    await widget.getByRole('button', { name: 'Close the assistant' }).first().click();
    await expect.poll(() => widget.locator('.svcw-panel').isVisible()).toBe(false);
    await screenshot('phone-launcher');
    await widget.locator('.svcw-launcher').click();
    await widget.getByRole('button', { name: /Start/ }).waitFor();
    await screenshot('phone');
  });
});
