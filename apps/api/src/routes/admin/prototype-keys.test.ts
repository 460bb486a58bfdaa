import { afterEach, expect, it } from 'vitest';
import { adminToken, describeOnBothDialects } from '../../test-harness.js';

// Keys a tenant or visitor chooses become object keys (CSV columns, item fields, field paths, view
// mappings); none may reach `Object.prototype`, and no admin power may come from it.
describeOnBothDialects('keys that reach the prototype', (harness) => {
  const anyObject = () => ({}) as Record<string, unknown>;
  afterEach(() => {
    // Only a regression pollutes; the other suites in this process must not inherit it.
    delete (Object.prototype as Record<string, unknown>)['admin_id'];
  });

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    token: string,
    payload?: string,
    type = 'application/json',
  ) => {
    const response = await harness().app.inject({
      method,
      url: `/v1/admin${url}`,
      ...(payload !== undefined ? { payload } : {}),
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const apiKey = async () => {
    const admin = await adminToken(harness().app);
    const created = await call('POST', '/api-keys', admin, JSON.stringify({ name: 'importer' }));
    return created.body.key as string;
  };
  const collection = async (token: string) =>
    (await call('POST', '/collections', token, JSON.stringify({ name: 'Keys' }))).body.id as number;

  it('a CSV import with a __proto__.admin_id column is refused (400, naming it) and the API key still cannot mint keys (403)', async () => {
    const key = await apiKey();
    const id = await collection(key);
    const mint = () => call('POST', '/api-keys', key, JSON.stringify({ name: 'minted' }));
    expect((await mint()).status).toBe(403);
    const imported = await call(
      'POST',
      `/collections/${id}/items/import`,
      key,
      'id,__proto__.admin_id\nk1,1\n',
      'text/csv',
    );
    expect(imported).toEqual({
      status: 400,
      body: {
        error:
          'column __proto__.admin_id: __proto__, constructor and prototype are not field names',
      },
    });
    expect(anyObject()['admin_id']).toBeUndefined();
    expect(await mint()).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    expect((await call('GET', `/collections/${id}`, key)).body.item_count).toBe(0);
  });

  it('an API key stays no admin even when Object.prototype has been given an admin_id', async () => {
    const key = await apiKey();
    (Object.prototype as Record<string, unknown>)['admin_id'] = 1;
    try {
      expect((await call('POST', '/api-keys', key, JSON.stringify({ name: 'x' }))).status).toBe(
        403,
      );
      const admin = JSON.stringify({ email: 'mallory@acme.example', password: 'long enough pw' });
      expect((await call('POST', '/admins', key, admin)).status).toBe(403);
      expect((await call('GET', '/me', key)).body).toMatchObject({ admin: null });
    } finally {
      delete (Object.prototype as Record<string, unknown>)['admin_id'];
    }
  });

  it('refuses __proto__, constructor and prototype in search fields, filter keys and view mappings, naming the field', async () => {
    const token = await adminToken(harness().app);
    const attempts: [object, RegExp][] = [
      [{ search_fields: [{ name: 'constructor' }] }, /^search_fields\.0\.name: /],
      [
        { filter_fields: [{ name: 'W', filter_key: 'specs.__proto__', field_type: 'text' }] },
        /^filter_fields\.0\.filter_key: /,
      ],
      [{ view: { template: 'card', mapping: { constructor: '{{name}}' } } }, /^view\.mapping/],
      [
        { view: { template: 'card', mapping: { title: 'Made by {{constructor.name}}' } } },
        /^view\.mapping\.title: /,
      ],
    ];
    for (const [fields, path] of attempts) {
      const body = JSON.stringify({ name: 'Refused', ...fields });
      const answer = await call('POST', '/collections', token, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(path);
      expect(answer.body.error).toContain(
        '__proto__, constructor and prototype are not field names',
      );
    }
    const id = await collection(token);
    const changed = await call(
      'PATCH',
      `/collections/${id}`,
      token,
      JSON.stringify({ search_fields: [{ name: 'specs.prototype' }] }),
    );
    expect(changed.status).toBe(400);
  });

  it('refuses such keys anywhere in item fields: created, replaced or imported', async () => {
    const token = await adminToken(harness().app);
    const id = await collection(token);
    const created = await call(
      'POST',
      `/collections/${id}/items`,
      token,
      JSON.stringify({ id: 'i1', data: { name: 'Tent', constructor: 'x' } }),
    );
    expect(created).toEqual({
      status: 400,
      body: { error: 'data.constructor: __proto__, constructor and prototype are not field names' },
    });
    const replaced = await call(
      'PUT',
      `/collections/${id}/items/i2`,
      token,
      JSON.stringify({ data: { specs: { prototype: { weight: 1 } } } }),
    );
    expect(replaced.status).toBe(400);
    expect(replaced.body.error).toMatch(/^data\.specs\.prototype: /);
    const imported = await call(
      'POST',
      `/collections/${id}/items/import`,
      token,
      '{"id":"i3","__proto__":{"admin_id":1}}\n{"id":"i4"}\n',
      'application/x-ndjson',
    );
    expect(imported).toEqual({
      status: 200,
      body: {
        imported: 1,
        failed: 1,
        errors: [
          {
            row: 1,
            error: 'field __proto__: __proto__, constructor and prototype are not field names',
          },
        ],
      },
    });
    expect(anyObject()['admin_id']).toBeUndefined();
  });

  it('CSV export neutralises cells a spreadsheet would run as formulas', async () => {
    const token = await adminToken(harness().app);
    const formulas = [
      '=HYPERLINK("https://evil.example","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\tx',
      '\rx',
    ];
    for (const [index, formula] of formulas.entries()) {
      const visitor = await harness().visitor(`${formula}#${index}`);
      await harness().conversation(visitor.id);
    }
    const csv = await harness().app.inject({
      method: 'GET',
      url: '/v1/admin/conversations/export?format=csv',
      headers: { authorization: `Bearer ${token}` },
    });
    for (const [index, formula] of formulas.entries()) {
      const cell = `"'${formula.replaceAll('"', '""')}#${index}"`;
      expect(csv.body).toContain(`,${cell},`);
    }
    // No line (a cell may hold a carriage return, quoted) starts a cell with a formula character.
    expect(csv.body).not.toMatch(/(^|,)[=+@\t-]/m);
  });
});
