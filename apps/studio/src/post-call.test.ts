// After each conversation, in the Studio, in a real browser against the real API: declare a
// scenario's fields and criteria (a name used twice said inline, nothing saved meanwhile), create
// an application's post-call webhook (its secret shown once, with a copy button), read the
// delivery log of a conversation that ended and resend it, see the extracted data on the
// conversation's page and the criteria's success rate on the dashboard; axe-core finds no serious
// or critical problem on any of these screens.
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

/** Calls an agent route of the stand's API for one conversation. */
async function agentCall(conversationId: string, path: string, payload: object): Promise<number> {
  const answer = await stand.api.app.inject({
    method: path === '/analysis' ? 'PUT' : 'POST',
    url: `/v1/agent/conversations/${conversationId}${path}`,
    headers: { authorization: `Bearer ${stand.api.agentKey}` },
    payload,
  });
  return answer.statusCode;
}

/**
 * Opens the demo application's panel and waits until what loads above its webhook (the
 * publications' embed snippets) is there: a click on the delivery log while they arrive would
 * land where the layout moved from, not on the button it aimed at.
 */
async function openDemoApplication(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Demo/ }).first().click();
  await page.locator('pre[aria-label="One tag on any page (widget)"]').first().waitFor();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(stand.url);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

it('declares the analysis, sets the webhook, and shows deliveries, results and rates', async () => {
  const page = await stand.browser.newPage();
  const problems: string[] = [];
  try {
    await signIn(page);

    // The scenario's analysis: a field and two criteria, the second first named as the first.
    await page.getByRole('link', { name: DEMO_SCENARIO.name, exact: true }).click();
    await page.getByRole('tab', { name: 'After the call' }).click();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('textbox', { name: 'Field 1 name' }).fill('appointment_date');
    await page.getByRole('combobox', { name: 'Field 1 type' }).click();
    await page.getByRole('option', { name: 'date' }).click();
    await page
      .getByRole('textbox', { name: 'Field 1 description' })
      .fill('The day the visitor booked');
    for (const index of [1, 2]) {
      await page.getByRole('button', { name: 'Add criterion' }).click();
      await page.getByRole('textbox', { name: `Criterion ${index} name` }).fill('booked');
      await page
        .getByRole('textbox', { name: `Criterion ${index} description` })
        .fill('The visitor booked an appointment');
    }
    await page.getByText('booked is named twice').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    problems.push(...(await accessibilityProblems(page)));
    await page.getByRole('textbox', { name: 'Criterion 2 name' }).fill('polite');
    await page
      .getByRole('textbox', { name: 'Criterion 2 description' })
      .fill('The agent stayed polite');
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
    const analysis = {
      fields: [
        {
          name: 'appointment_date',
          type: 'date' as const,
          description: 'The day the visitor booked',
        },
      ],
      criteria: [
        { name: 'booked', description: 'The visitor booked an appointment' },
        { name: 'polite', description: 'The agent stayed polite' },
      ],
    };
    expect(saved.json().analysis).toEqual(analysis);

    // The application's webhook: created, its secret shown once with a copy button.
    await page.getByRole('link', { name: /^Applications/ }).click();
    await openDemoApplication(page);
    await page
      .getByRole('textbox', { name: 'Webhook URL' })
      .fill('https://hooks.example.com/conversations');
    await page.getByRole('button', { name: 'Create webhook' }).click();
    await page.getByText('Copy it now: it is not shown again.').waitFor();
    await page.getByRole('button', { name: 'Copy Signing secret' }).waitFor();
    expect(await page.locator('pre[aria-label="Signing secret"]').innerText()).toMatch(/\S{16}/);
    await page.getByText('No deliveries yet').waitFor();
    problems.push(...(await accessibilityProblems(page)));

    // A conversation of the published scenario ends, and the agent stores what it read.
    await stand.api.patchPublication((snapshot) => ({ ...snapshot, analysis }));
    const { id: conversationId } = await stand.api.openConversation();
    expect(await agentCall(conversationId, '/end', { reason: 'completed' })).toBe(200);
    expect(
      await agentCall(conversationId, '/analysis', {
        data: { appointment_date: '2026-12-03' },
        criteria: [
          { name: 'booked', result: 'success', rationale: 'The agent confirmed December 3rd.' },
          { name: 'polite', result: 'unknown', rationale: '' },
        ],
      }),
    ).toBe(200);

    // The API's delivery round (run by its process, not by this in-process app) queues it.
    await stand.api.database.db
      .insertInto('webhook_deliveries')
      .values({
        application_id: stand.api.seeded.application_id,
        conversation_id: conversationId,
        status: 'pending',
        next_attempt_at: new Date().toISOString(),
      })
      .execute();

    // The delivery log: the conversation's delivery, its payload view, and a resend.
    await page.reload();
    await openDemoApplication(page);
    const resend = page.getByRole('button', { name: /^Resend delivery/ });
    await resend.waitFor();
    await page.getByRole('cell', { name: conversationId.slice(0, 8) }).waitFor();
    await page.getByRole('button', { name: /^Payload of delivery/ }).click();
    await page.getByRole('dialog', { name: 'Delivery' }).waitFor();
    problems.push(...(await accessibilityProblems(page)));
    await page.keyboard.press('Escape');
    await resend.click();
    await page.getByRole('cell', { name: 'pending' }).waitFor();

    // The conversation's page: the extracted data and the criteria results.
    await page.goto(`${stand.url}conversations/${conversationId}`);
    await page.getByRole('heading', { name: 'Extracted data and criteria' }).waitFor();
    await page.getByRole('cell', { name: '2026-12-03' }).waitFor();
    await page.getByRole('cell', { name: 'The agent confirmed December 3rd.' }).waitFor();
    problems.push(...(await accessibilityProblems(page)));

    // The dashboard: each criterion's success rate.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Success criteria' }).waitFor();
    await page.getByLabel('booked success rate 100%').waitFor();
    problems.push(...(await accessibilityProblems(page)));
    expect(problems).toEqual([]);
  } finally {
    await page.close();
  }
}, 180_000);
