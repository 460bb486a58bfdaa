// The whole loop in a real browser against the real service (livekit-server, the API, the agent
// worker): sign up, create an application for the example page, create a collection and import a
// CSV, create a scenario with all five feature types and a page tool of its own, try it by typing
// (a reply, a tool call and its panel appear; the page tool waits for the author's answer),
// publish to staging, start a visitor session on that publication from the example page, read
// that conversation's transcript in the Studio, and roll back. The LLM is the test-only scripted
// one, set like any provider in the voice section, so every turn is known.
// With STUDIO_SCREENSHOTS=1 the test also writes the screenshots docs/studio.md shows.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessibilityProblems } from './testing/accessibility';
import { startLoopStand, type LoopStand } from './testing/loop-stand';

const SCREENSHOTS = process.env.STUDIO_SCREENSHOTS === '1';
const screenshotDir = fileURLToPath(new URL('../../../docs/studio-screenshots/', import.meta.url));

/** What the scripted LLM answers (the agent's intent router stays off for it). */
const SCRIPT = [
  // The business's own page tool: the author answers it in Try it.
  { when: '"booking_id"', reply: 'Your slot is booked.' },
  { when: '^book', tools: [{ name: 'book_slot', args: { day: 'monday' } }] },
  { when: '"shown_on_page":true', reply: 'I put some tents on your screen.' },
  { when: '"ok":true', reply: '' },
  { when: 'hello', reply: 'Hello from the trail shop.' },
  { when: '^[^{]', tools: [{ name: 'search_products', args: { query: 'tent' } }] },
];

const CSV = [
  'id,name,category,price,description',
  'tent-1,Ridge 2 Tent,tents,249,A light two-person tent for three seasons',
  'tent-2,Summit 4 Tent,tents,399,A roomy four-person tent for family trips',
  'bag-1,Down Sleeping Bag,bags,189,A warm bag rated to minus five',
].join('\n');

const COMPANY = {
  name: 'Trail Co',
  email: 'owner@trail.example',
  password: 'a long enough password',
};

let stand: LoopStand;
let page: Page;
const errors: string[] = [];
const problems: string[] = [];
/** Waits on conditions here take long: the machine may be busy with other tests. */
const LONG = { timeout: 60_000 };

async function screenshot(name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

beforeAll(async () => {
  stand = await startLoopStand();
  page = await stand.browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => errors.push(error.message));
}, 180_000);

let failed = false;
// Each step builds on the one before: after a failure the rest would only wait out their time.
beforeEach((context) => {
  if (failed) context.skip();
});

afterEach(async (context) => {
  // A failed step leaves a picture of the page behind, outside the tree.
  if (context.task.result?.state === 'fail' && page) {
    failed = true;
    const file = join(tmpdir(), `whole-loop-${context.task.name.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(
      `whole-loop: the page at the failure is in ${file}\n${stand.workerLog().slice(-3000)}`,
    );
  }
});

afterAll(() => stand?.close());

describe('the whole loop', () => {
  let publication = '';

  it('signs up a company and adds an application for the example page', async () => {
    await page.goto(`${stand.studio.url}sign-in`);
    await page.getByRole('button', { name: 'Create a company' }).click();
    await page.getByRole('textbox', { name: 'Company name' }).fill(COMPANY.name);
    await page.getByRole('textbox', { name: 'Email' }).fill(COMPANY.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(COMPANY.password);
    await page.getByRole('button', { name: 'Create company' }).click();
    await page.getByText('No scenarios yet').waitFor();

    await page.getByRole('link', { name: 'Applications, keys, admins' }).click();
    await page.getByRole('button', { name: 'New application' }).click();
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Trail shop');
    const origins = dialog.getByLabel('Allowed origins');
    await origins.fill(stand.example.url.replace(/\/$/, ''));
    await origins.press('Enter');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('button', { name: /Trail shop/ }).waitFor();
  }, 60_000);

  it('creates a collection and imports its items from a CSV file', async () => {
    await page.getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('button', { name: 'New collection' }).click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Gear');
    await dialog.getByRole('button', { name: /Add search field/i }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).nth(1).fill('name');
    await dialog.getByRole('button', { name: /Add search field/i }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).nth(2).fill('description');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Gear' }).waitFor();

    await page.getByRole('tab', { name: /Import/ }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'gear.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('3 imported, 0 failed').waitFor();
    await page.getByRole('tab', { name: /Items/ }).click();
    await page
      .getByRole('cell', { name: /Ridge 2 Tent/ })
      .first()
      .waitFor();
    problems.push(...(await accessibilityProblems(page)));
    await screenshot('collection');
  }, 60_000);

  it('creates a scenario with all five feature types, a page tool, the collection and a scripted LLM', async () => {
    await page.getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('button', { name: 'New scenario' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Trail assistant');
    await dialog.getByRole('combobox', { name: 'Application' }).click();
    await page.getByRole('option', { name: 'Trail shop' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Trail assistant' }).waitFor();

    await page.getByRole('tab', { name: 'Prompt and first message' }).click();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('You help visitors find gear.');
    await page.getByRole('textbox', { name: 'First message' }).fill('Hi, welcome to Trail Co!');

    await page.getByRole('tab', { name: 'Features' }).click();
    for (const title of ['Search a collection', 'Show an item', 'Compare items', 'Cart', 'End']) {
      await page.getByRole('combobox', { name: 'Add a feature' }).click();
      await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
    }
    // And one of the business's own page tools, answered by hand in Try it (the longest timeout).
    await page.getByRole('combobox', { name: 'Add a feature' }).click();
    await page.getByRole('option', { name: 'Page tools' }).click();
    await page.getByRole('textbox', { name: 'Tool name' }).fill('book_slot');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Book a slot on the day the visitor names.');
    await page.getByRole('textbox', { name: 'Timeout (seconds)' }).fill('30');
    await page.getByRole('button', { name: 'Add argument' }).click();
    await page.getByRole('textbox', { name: 'Name of argument 1' }).fill('day');
    await page.getByRole('tab', { name: 'Collections' }).click();
    // The input sits under Mantine's pill box, which takes the click.
    await page.getByRole('combobox', { name: 'Collections attached' }).click({ force: true });
    await page.getByRole('option', { name: 'Gear' }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Voice' }).click();
    await page
      .getByRole('textbox', { name: /^Provider/ })
      .nth(1)
      .fill('scripted');
    await page
      .getByRole('textbox', { name: /Other llm options/i })
      .fill(JSON.stringify({ script: SCRIPT }));
    // "Hear this voice": the agent's embedded TTS speaks the draft's voice (flite's slt here).
    await page.getByRole('button', { name: 'Hear this voice' }).click();
    await page.getByLabel('Voice sample').waitFor();
    problems.push(...(await accessibilityProblems(page)));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Features' }).click();
    await screenshot('scenario-editor');
  }, 60_000);

  it('tries the draft by typing: the reply, the tool call and its panel appear', async () => {
    await page.getByRole('button', { name: 'Try it' }).click();
    const panel = page.getByRole('dialog', { name: /Try Trail assistant/ });
    await panel.getByRole('button', { name: 'Start' }).click();
    await panel.getByText('Hi, welcome to Trail Co!').waitFor(LONG);
    await panel.getByRole('textbox', { name: 'Say' }).fill('do you have tents?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel
      .getByText(/Calls search_products/)
      .first()
      .waitFor(LONG);
    await panel
      .getByRole('region', { name: /Search a collection/ })
      .getByText('Ridge 2 Tent')
      .waitFor(LONG);
    await panel
      .getByText(/on your screen/)
      .first()
      .waitFor(LONG);
    problems.push(...(await accessibilityProblems(page)));
    await screenshot('try-it');

    // The business's page tool waits for the author's answer, which the agent then uses.
    await panel.getByRole('textbox', { name: 'Say' }).fill('book monday');
    await panel.getByRole('button', { name: 'Send' }).click();
    const call = panel.getByRole('region', { name: 'Page tool call: book_slot' });
    await call.getByText('"day": "monday"').waitFor(LONG);
    problems.push(...(await accessibilityProblems(page)));
    await call.getByRole('textbox', { name: /Answer data/ }).fill('{"booking_id": "B-12"}');
    await call.getByRole('button', { name: 'Answer OK' }).click();
    await panel.getByText(/book_slot: the agent got/).waitFor(LONG);
    await panel.getByText('Your slot is booked.').first().waitFor(LONG);
    await panel.getByRole('button', { name: 'End', exact: true }).click();
    await page.keyboard.press('Escape');
  }, 120_000);

  it('publishes to staging', async () => {
    await page.getByRole('tab', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Publish the saved scenario' }).click();
    await page.getByRole('cell', { name: COMPANY.email }).first().waitFor();
    const token = await page.evaluate(() => localStorage.getItem('svc-studio-token'));
    const headers = { authorization: `Bearer ${token}` };
    const scenarioId = /scenarios\/(\d+)/.exec(page.url())?.[1];
    const listed = (await (
      await fetch(`${stand.api.url}/v1/admin/scenarios/${scenarioId}/publications`, { headers })
    ).json()) as { publications: { uuid: string; label: string }[] };
    publication = listed.publications.find((entry) => entry.label === 'staging')?.uuid ?? '';
    expect(publication).not.toBe('');
  }, 60_000);

  it('starts a visitor session on the publication from the example page', async () => {
    const visitor = await stand.browser.newPage();
    try {
      await visitor.goto(`${stand.example.url}?publication=${publication}`);
      await visitor.check('input[name="mode"][value="text"]');
      await visitor.click('#start');
      await visitor.waitForSelector('#messages li[data-role="assistant"]', LONG);
      expect(await visitor.textContent('#messages')).toContain('welcome to Trail Co');
      await visitor.fill('#text', 'hello there');
      await visitor.press('#text', 'Enter');
      await visitor.waitForFunction(
        () =>
          document.querySelector('#messages')?.textContent?.includes('Hello from the trail shop'),
        undefined,
        LONG,
      );
      await visitor.click('#end');
      await visitor.waitForFunction(
        () => document.querySelector('#status')?.textContent === 'ended',
      );
    } finally {
      await visitor.close();
    }
  }, 120_000);

  it("shows that conversation's transcript in the Studio", async () => {
    await page.getByRole('link', { name: 'Conversations' }).click();
    await page
      .getByRole('row', { name: /staging/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByRole('heading', { name: 'Transcript' }).waitFor();
    await page.getByText('hello there').waitFor();
    await page.getByText('Hello from the trail shop.').waitFor();
    problems.push(...(await accessibilityProblems(page)));
    await screenshot('conversation');
  }, 60_000);

  it('publishes again and rolls back to the first publication', async () => {
    await page.getByRole('link', { name: 'Scenarios' }).click();
    await page.getByRole('link', { name: 'Trail assistant' }).click();
    await page.getByRole('tab', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Publish the saved scenario' }).click();
    await page.getByRole('button', { name: 'Roll back to this' }).first().click();
    await page
      .getByRole('cell', { name: /^rollback/ })
      .first()
      .waitFor();
    // The history at the top of the picture.
    await page
      .getByRole('heading', { name: 'History' })
      .evaluate((heading) => heading.scrollIntoView());
    problems.push(...(await accessibilityProblems(page)));
    await screenshot('publish-history');

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Conversations per day', exact: true }).waitFor();
    await screenshot('dashboard');
    expect(errors).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);
});
