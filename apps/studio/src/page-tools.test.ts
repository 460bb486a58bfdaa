// Page tools in the Studio, in a real browser against the real API: add a page-tools feature to a
// scenario, write a tool with the schema editor (its table and its JSON, problems shown under them
// as one types), call it on the test page and answer OK and ERROR, save, and read the tool back
// from the API; axe-core finds no serious or critical problem on the way.
import { DEMO_ADMIN, DEMO_SCENARIO } from '@svc/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessibilityProblems } from './testing/accessibility';
import { startStudioStand, type StudioStand } from './testing/studio-stand';

let stand: StudioStand;

beforeAll(async () => {
  stand = await startStudioStand();
}, 180_000);

afterAll(() => stand?.close());

/** The code block under a heading of the test page, parsed. */
async function shown(page: Page, heading: string): Promise<unknown> {
  const block = page.getByText(heading, { exact: true }).locator('xpath=following-sibling::pre[1]');
  return JSON.parse(await block.innerText()) as unknown;
}

it('authors a page tool with the schema editor, calls it on a test page, and saves it', async () => {
  const page = await stand.browser.newPage();
  const problems: string[] = [];
  try {
    await page.goto(stand.url);
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: DEMO_SCENARIO.name, exact: true }).click();
    await page.getByRole('tab', { name: 'Features' }).click();
    await page.getByRole('combobox', { name: 'Add a feature' }).click();
    await page.getByRole('option', { name: 'Page tools' }).click();

    // The new tool has no description yet: said under its field, and the scenario cannot be saved.
    await page.getByText(/Description is required: the model reads it/).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Tool name' }).fill('book_visit');
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Book a visit once the visitor gave a day and how many guests.');
    await page.getByRole('textbox', { name: 'Page method' }).fill('agenda_book');
    const timeout = page.getByRole('textbox', { name: 'Timeout (seconds)' });
    await timeout.fill('45');
    await page.getByText('Timeout must be between 0.5 and 30 seconds').waitFor();
    // The longest budget: the test page's answers below come by hand, on a shared machine.
    await timeout.fill('30');

    // The table: two arguments, one a required day, one an integer.
    await page.getByRole('button', { name: 'Add argument' }).click();
    await page.getByRole('textbox', { name: 'Name of argument 1' }).fill('date');
    await page.getByRole('textbox', { name: 'Description of argument 1' }).fill('the day');
    await page.getByRole('checkbox', { name: 'Argument 1 is required' }).check();
    await page.getByRole('button', { name: 'Add argument' }).click();
    await page.getByRole('textbox', { name: 'Name of argument 2' }).fill('guests');
    await page.getByRole('combobox', { name: 'Type of argument 2' }).click();
    await page.getByRole('option', { name: 'integer' }).click();

    // The JSON: what the table wrote, and a problem under it as one types.
    const json = page.getByRole('textbox', { name: 'As JSON' });
    expect(JSON.parse(await json.inputValue())).toEqual({
      type: 'object',
      properties: { date: { type: 'string', description: 'the day' }, guests: { type: 'integer' } },
      required: ['date'],
    });
    await json.fill('{"type": "object", "properties": {"date": {"type": "datetime"}}');
    await page.getByText(/^Not JSON yet/).waitFor();
    await json.fill('{"type": "object", "properties": {"date": {"type": "datetime"}}}');
    await page.getByText(/properties\.date\.type: must be one of string/).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await json.fill(
      JSON.stringify({
        type: 'object',
        properties: {
          date: { type: 'string', description: 'the day' },
          guests: { type: 'integer', minimum: 1 },
        },
        required: ['date', 'guests'],
      }),
    );
    // The table follows the JSON.
    expect(await page.getByRole('checkbox', { name: 'Argument 2 is required' }).isChecked()).toBe(
      true,
    );
    problems.push(...(await accessibilityProblems(page)));

    // The test page: arguments checked against the schema, the call as the page gets it.
    await page.getByRole('button', { name: 'Call book_visit on a test page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test page: book_visit' });
    const args = dialog.getByRole('textbox', { name: 'Arguments the model sends' });
    await args.fill('{"date": "2026-12-03"}');
    await dialog.getByText(/guests is required/i).waitFor();
    await args.fill('{"date": "2026-12-03", "guests": 2}');
    await dialog.getByRole('button', { name: 'Send the call' }).click();
    await dialog.getByText('The page received', { exact: true }).waitFor();
    expect(await shown(page, 'The page received')).toEqual({
      method: 'agenda_book',
      payload: {
        requestId: expect.any(String),
        tool: 'book_visit',
        args: { date: '2026-12-03', guests: 2 },
        sentAt: expect.any(Number),
      },
    });
    problems.push(...(await accessibilityProblems(page)));
    await dialog.getByRole('textbox', { name: 'Answer data' }).fill('{"visit": "V-7"}');
    await dialog.getByRole('button', { name: 'Answer OK' }).click();
    await dialog.getByText('The agent receives', { exact: true }).waitFor();
    expect(await shown(page, 'The agent receives')).toEqual({
      requestId: expect.any(String),
      code: 'OK',
      data: { visit: 'V-7' },
    });

    await dialog.getByRole('button', { name: 'Send the call' }).click();
    await dialog.getByRole('textbox', { name: 'Answer data' }).fill('that day is full');
    await dialog.getByRole('button', { name: 'Answer ERROR' }).click();
    await dialog.getByText(/did not go through/).waitFor();
    expect(await shown(page, 'The agent receives')).toMatchObject({
      code: 'ERROR',
      data: 'that day is full',
    });
    problems.push(...(await accessibilityProblems(page)));
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('svc-studio-token'));
    const headers = { authorization: `Bearer ${token}` };
    const list = await stand.api.app.inject({ method: 'GET', url: '/v1/admin/scenarios', headers });
    const { scenarios } = list.json() as { scenarios: { id: number; name: string }[] };
    const id = scenarios.find((scenario) => scenario.name === DEMO_SCENARIO.name)?.id;
    const saved = await stand.api.app.inject({
      method: 'GET',
      url: `/v1/admin/scenarios/${id}`,
      headers,
    });
    expect(saved.json().features).toContainEqual({
      name: 'Page tools',
      type: 'page:tools:custom',
      settings: {},
      tools: [
        {
          name: 'book_visit',
          type: 'frontend',
          description: 'Book a visit once the visitor gave a day and how many guests.',
          frontend_method: 'agenda_book',
          rpc_timeout_s: 30,
          parameters: {
            type: 'object',
            properties: {
              date: { type: 'string', description: 'the day' },
              guests: { type: 'integer', minimum: 1 },
            },
            required: ['date', 'guests'],
          },
          settings: { operation: 'custom' },
        },
      ],
    });
    expect(problems).toEqual([]);
  } finally {
    await page.close();
  }
}, 300_000);
