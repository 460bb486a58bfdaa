// The knowledge page in a real browser (chromium, driven by playwright) against the real API:
// documents listed page by page with what each upload became, a file uploaded and its passages
// read, a refused URL explained, the "what would the agent find" box answering with documents and
// relevance, and a delete; axe-core finds no serious or critical problem on the way.
import { DEMO_ADMIN } from '@svc/api/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessibilityProblems } from './testing/accessibility';
import { startStudioStand, type StudioStand } from './testing/studio-stand';

let stand: StudioStand;

beforeAll(async () => {
  stand = await startStudioStand();
}, 180_000);

afterAll(() => stand?.close());

const HOURS = `# Opening hours

The clinic is open Monday to Friday from 8:00 to 18:30.

# Weekends

On Saturday we open from 9:00 to 13:00 and we are closed on Sundays.
`;

it('lists documents, uploads one, shows its passages, searches, and deletes', async () => {
  const page = await stand.browser.newPage();
  const problems: string[] = [];
  let headers: Record<string, string> | undefined;
  try {
    await page.goto(stand.url);
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ADMIN.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Knowledge', exact: true }).click();
    await page.getByText('No documents yet').waitFor();
    problems.push(...(await accessibilityProblems(page)));

    // A full first page already stored: the next comes with the "More documents" button.
    const token = await page.evaluate(() => localStorage.getItem('svc-studio-token'));
    headers = { authorization: `Bearer ${token}` };
    for (let index = 1; index <= 50; index += 1) {
      const stored = await stand.api.app.inject({
        method: 'POST',
        url: `/v1/admin/knowledge/documents?title=Note%20${index}`,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: `Parking note ${index}: the car park behind the clinic is free for patients.`,
      });
      expect(stored.statusCode).toBe(201);
    }
    await page.reload();
    await page.getByRole('button', { name: 'Note 50', exact: true }).waitFor();

    await page.locator('input[type="file"]').setInputFiles({
      name: 'hours.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(HOURS),
    });
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Opening hours');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    // What the upload became: two passages (one per heading) and the start of its text.
    const became = page.getByText('Opening hours: added');
    await became.waitFor();
    await page.getByText(/^2 passages, \d+ characters of text$/).waitFor();

    await page.getByRole('button', { name: 'More documents' }).click();
    // The document's row, not the search's: only it names the type.
    const row = page
      .getByRole('row')
      .filter({ hasText: 'Opening hours' })
      .filter({ hasText: 'text/markdown' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).innerText()).toBe('2');
    await row.getByRole('button', { name: 'Opening hours', exact: true }).click();
    const passages = page.getByRole('dialog', { name: 'Passages of Opening hours' });
    await passages.getByText('2. Weekends').waitFor();
    await passages.getByText(/On Saturday we open from 9:00 to 13:00/).waitFor();
    problems.push(...(await accessibilityProblems(page)));
    await page.keyboard.press('Escape');

    // A URL on a private address is refused by the guarded fetch, and said why.
    await page.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/hours.html');
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Fetch failed' })
      .getByText(/^url: /)
      .waitFor();

    // What the agent would find: the passage that answers, with its document, marked so.
    await page.getByRole('textbox', { name: 'Question' }).fill('Are you open on Saturday morning?');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const first = page
      .getByRole('form', { name: 'What would the agent find' })
      .getByRole('row')
      .nth(1);
    await first.getByText('Opening hours').waitFor();
    await first.getByText(/On Saturday we open/).waitFor();
    await first.getByText('Answers', { exact: true }).waitFor();
    problems.push(...(await accessibilityProblems(page)));

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Opening hours' }).click();
    await row.waitFor({ state: 'detached' });
    const listed = await stand.api.app.inject({
      method: 'GET',
      url: '/v1/admin/knowledge/documents?offset=50',
      headers,
    });
    expect(listed.json()).toEqual({ documents: [], next_offset: null });
    expect(problems).toEqual([]);
  } finally {
    // A retry starts from the empty list the first attempt found.
    if (headers) await removeDocuments(headers);
    await page.close();
  }
}, 300_000);

/** Deletes every knowledge document of the demo company. */
async function removeDocuments(headers: Record<string, string>): Promise<void> {
  for (;;) {
    const listed = await stand.api.app.inject({
      method: 'GET',
      url: '/v1/admin/knowledge/documents',
      headers,
    });
    const { documents } = listed.json() as { documents: { id: number }[] };
    if (listed.statusCode !== 200 || documents.length === 0) return;
    for (const { id } of documents) {
      const deleted = await stand.api.app.inject({
        method: 'DELETE',
        url: `/v1/admin/knowledge/documents/${id}`,
        headers,
      });
      if (deleted.statusCode >= 300) return;
    }
  }
}
