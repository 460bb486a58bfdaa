// The studio in a real browser against the real API: sign in as the demo admin, find the demo
// scenario in the list, edit it (a wrong language is refused under its field as one types), save,
// and read the change back from the API; then every page, with axe-core and under the API's
// Content-Security-Policy. The stand (testing/studio-stand.ts) builds the Studio and serves it
// from an in-process API.
import { DEMO_ADMIN, DEMO_SCENARIO } from '@svc/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems } from './testing/accessibility';
import { startStudioStand, type StudioStand } from './testing/studio-stand';

let stand: StudioStand;
let api: StudioStand['api'];
let browser: Browser;
let studioUrl: string;

beforeAll(async () => {
  stand = await startStudioStand();
  ({ api, browser, url: studioUrl } = stand);
}, 180_000);

afterAll(() => stand?.close());

describe('the studio', () => {
  it('signs in, lists scenarios, edits one with checks as one types, and saves it', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(studioUrl);
      // Not signed in: the studio sends the admin to sign in first.
      await page.getByRole('heading', { name: 'Sign in to Svc Studio' }).waitFor();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Email is required').waitFor();
      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await page.getByRole('heading', { name: 'Scenarios' }).waitFor();
      await page.getByRole('link', { name: DEMO_SCENARIO.name }).click();
      await page.getByRole('heading', { name: DEMO_SCENARIO.name }).waitFor();

      const language = page.getByRole('textbox', { name: 'Language' });
      await language.fill('english!');
      await page.getByText(/Language has the wrong form/).waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await language.fill('en-GB');

      await page.getByRole('tab', { name: 'Prompt and first message' }).click();
      const firstMessage = page.getByRole('textbox', { name: 'First message' });
      await firstMessage.fill('Hello from the studio test.');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();

      // Read back with the studio's own session, as the next visit would.
      const token = await page.evaluate(() => localStorage.getItem('svc-studio-token'));
      const headers = { authorization: `Bearer ${token}` };
      const list = await api.app.inject({ method: 'GET', url: '/v1/admin/scenarios', headers });
      const { scenarios } = list.json() as { scenarios: { id: number; name: string }[] };
      const id = scenarios.find((scenario) => scenario.name === DEMO_SCENARIO.name)?.id;
      const saved = await api.app.inject({
        method: 'GET',
        url: `/v1/admin/scenarios/${id}`,
        headers,
      });
      expect(saved.json()).toMatchObject({
        language: 'en-GB',
        first_message: 'Hello from the studio test.',
      });
    } finally {
      await page.close();
    }
  }, 120_000);

  it('renders every page with no serious accessibility problem, tries, publishes, rolls back', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const problems: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The API serves the Studio as in production, under its Content-Security-Policy: whatever the
    // policy blocks (a script, a style, an image, a call) shows as a console error naming it.
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
    });
    // One conversation, so the dashboard and the conversation list have something to show.
    await api.openConversation();
    try {
      const served = await page.goto(studioUrl);
      expect(served?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Scenarios' }).waitFor();
      problems.push(...(await accessibilityProblems(page)));

      await page.getByRole('button', { name: 'Duplicate' }).first().click();
      await page.getByRole('link', { name: /\(copy\)/ }).waitFor();
      await page.getByRole('link', { name: DEMO_SCENARIO.name, exact: true }).click();
      await page.getByRole('tab', { name: 'Features' }).click();
      await page.getByText('Settings').first().waitFor();
      problems.push(...(await accessibilityProblems(page)));
      // A test of the scenario, from the form generated from the API's request schema.
      await page.getByRole('tab', { name: 'Tests' }).click();
      await page.getByRole('button', { name: 'New test' }).click();
      await page.getByRole('textbox', { name: 'Name' }).first().fill('asks for tents');
      await page.getByRole('button', { name: 'Add turns' }).click();
      await page.getByRole('textbox', { name: 'User' }).fill('do you have tents?');
      await page.getByRole('button', { name: 'Add test' }).click();
      await page.getByRole('button', { name: 'asks for tents (1 turn)' }).waitFor();
      problems.push(...(await accessibilityProblems(page)));

      // Try it: the API starts a preview of the draft; this test API's Transport opens nothing,
      // so the session fails to connect and says so, with the preview's conversation linked.
      await page.getByRole('button', { name: 'Try it' }).click();
      await page.getByRole('button', { name: 'Start' }).click();
      await page.getByText(/cannot connect to the Transport/).waitFor();
      await page.getByRole('link', { name: /This preview's conversation/ }).waitFor();
      problems.push(...(await accessibilityProblems(page)));
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Publish' }).click();
      await page.getByRole('button', { name: 'Publish the saved scenario' }).click();
      await page.getByRole('heading', { name: 'History' }).waitFor();
      await page.getByRole('cell', { name: DEMO_ADMIN.email }).first().waitFor();
      problems.push(...(await accessibilityProblems(page)));
      // Published again, the first entry is no longer live: roll staging back to it.
      await page.getByRole('button', { name: 'Publish the saved scenario' }).click();
      await page.getByRole('button', { name: 'Roll back to this' }).first().click();
      await page
        .getByRole('cell', { name: /^rollback/ })
        .first()
        .waitFor();

      for (const [link, heading] of [
        ['Dashboard', 'Conversations per day'],
        ['Collections', 'Collections'],
        ['Conversations', 'Conversations'],
        ['Applications, keys, admins', 'Admins'],
      ] as const) {
        await page.getByRole('link', { name: link }).click();
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        problems.push(...(await accessibilityProblems(page)));
      }
      // The application's panel lists what it serves, with the snippets (staging was published).
      await page.getByRole('button', { name: /Demo shop/ }).click();
      await page.getByRole('button', { name: 'Copy Embed in React' }).first().waitFor();
      problems.push(...(await accessibilityProblems(page)));

      await page.getByRole('link', { name: 'Conversations' }).click();
      await page.getByRole('table').getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Transcript' }).waitFor();
      problems.push(...(await accessibilityProblems(page)));

      await page.getByRole('link', { name: 'Collections' }).click();
      await page.getByRole('table').getByRole('link').first().click();
      // The search asks the API after a short pause in typing: wait for that answer.
      const searched = page.waitForResponse((response) => response.url().includes('query=tent'));
      await page.getByRole('textbox', { name: 'Search' }).fill('tent');
      await searched;
      await page
        .getByRole('cell', { name: /category: tents/ })
        .first()
        .waitFor();
      // Open the first item found and save its fields back unchanged.
      await page.getByRole('row').nth(1).getByRole('button').click();
      await page.getByRole('button', { name: 'Save item' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
      problems.push(...(await accessibilityProblems(page)));
      // The view, previewed with the first item.
      await page.getByRole('tab', { name: 'Fields and view' }).click();
      await page.getByRole('region', { name: 'View preview' }).waitFor();
      problems.push(...(await accessibilityProblems(page)));

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to Svc Studio' }).waitFor();
      problems.push(...(await accessibilityProblems(page)));
      expect(errors).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('signs up a new company and shows the empty states', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${studioUrl}sign-in`);
      await page.getByRole('button', { name: 'Create a company' }).click();
      await page.getByRole('textbox', { name: 'Company name' }).fill('Newco');
      await page.getByRole('textbox', { name: 'Email' }).fill('owner@newco.example');
      await page.getByRole('textbox', { name: 'Password' }).fill('short');
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.getByText('Password needs at least 10 characters').waitFor();
      await page.getByRole('textbox', { name: 'Password' }).fill('a long enough password');
      await page.getByRole('button', { name: 'Create company' }).click();
      await page.getByText('No scenarios yet').waitFor();
      await page.getByRole('link', { name: 'Collections' }).click();
      await page.getByText('No collections yet').waitFor();
      await page.getByRole('link', { name: 'Conversations' }).click();
      await page.getByText('No conversations').waitFor();
    } finally {
      await page.close();
    }
  }, 60_000);
});
