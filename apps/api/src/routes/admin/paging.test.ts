import { beforeAll, expect, it } from 'vitest';
import { adminCaller, adminToken, describeOnBothDialects } from '../../test-harness.js';

// The admin lists of authored records page by `limit` and `offset`, answering `next_offset` until
// the last page; a page walked to its end holds every record once, in the list's order.
describeOnBothDialects('paged admin lists', (harness) => {
  const call = adminCaller(() => harness().app);
  let token: string;
  beforeAll(async () => {
    token = await adminToken(harness().app);
    for (const name of ['Paged one', 'Paged two', 'Paged three'])
      expect((await call('POST', '/applications', token, { name })).status).toBe(201);
    for (const name of ['Key one', 'Key two'])
      expect((await call('POST', '/api-keys', token, { name })).status).toBe(201);
  });

  /** Every record of a list, a page of `limit` at a time, and the pages' sizes. */
  async function walk(path: string, key: string, limit: number) {
    const records: { id: number }[] = [];
    const sizes: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const separator = path.includes('?') ? '&' : '?';
      const page = await call('GET', `${path}${separator}limit=${limit}&offset=${offset}`, token);
      expect(page.status).toBe(200);
      const body = page.body as Record<string, unknown> & { next_offset: number | null };
      const rows = body[key] as { id: number }[];
      records.push(...rows);
      sizes.push(rows.length);
      expect(body.next_offset).toBe(rows.length === limit ? body.next_offset : null);
      offset = body.next_offset;
      if (sizes.length > 20) throw new Error(`${path}: no last page`);
    }
    return { ids: records.map((record) => record.id), sizes };
  }

  it('walks applications, API keys and scenarios page by page, each record once', async () => {
    for (const [path, key] of [
      ['/applications', 'applications'],
      ['/api-keys', 'api_keys'],
      ['/scenarios', 'scenarios'],
    ] as const) {
      const whole = await call('GET', path, token);
      const all = (whole.body as Record<string, { id: number }[]>)[key] ?? [];
      expect(all.length, path).toBeGreaterThan(1);
      expect(whole.body).toMatchObject({ next_offset: null });
      const { ids, sizes } = await walk(path, key, 1);
      expect(ids, path).toEqual(all.map((record) => record.id));
      expect(sizes.slice(0, -1).every((size) => size === 1)).toBe(true);
    }
  });

  it('answers next_offset on a full page and null on the last', async () => {
    const first = await call('GET', '/applications?limit=2', token);
    expect(first.body).toMatchObject({ next_offset: 2 });
    expect((first.body as { applications: unknown[] }).applications).toHaveLength(2);
    const past = await call('GET', '/applications?offset=1000', token);
    expect(past.body).toEqual({ applications: [], next_offset: null });
    expect((await call('GET', '/applications?offset=-1', token)).status).toBe(400);
    // An empty number is not 0 (coercion would read it so): the document asks for an integer.
    for (const query of ['offset=', 'limit=', 'offset=%20'])
      expect((await call('GET', `/applications?${query}`, token)).status, query).toBe(400);
    expect((await call('GET', '/scenarios?application_id=', token)).status).toBe(400);
  });
});
