import { FEATURE_TYPES } from '@svc/protocol';
import { beforeAll, expect, it } from 'vitest';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from './test-harness.js';

// What a tool does and what a collection's fields mean are declared by the author and stored,
// never read from names: a cart tool named `compute_total` is not an add.
describeOnBothDialects('declared operations and field roles', (harness) => {
  const call = adminCaller(() => harness().app);
  let token: string;
  beforeAll(async () => {
    token = await adminToken(harness().app);
  });
  const cart = (tools: object[]) => ({
    name: 'Cart',
    type: FEATURE_TYPES.BUCKET_LIST_CRUD,
    tools,
  });
  const scenario = (features: object[]) => ({
    application_id: harness().fixture.applicationId,
    name: 'Declared',
    features,
  });
  const operations = (body: { features: { tools: { settings?: { operation?: string } }[] }[] }) =>
    body.features.flatMap((feature) => feature.tools.map((tool) => tool.settings?.operation));

  it('stores every tool’s operation when a scenario is saved', async () => {
    const created = await call(
      'POST',
      '/scenarios',
      token,
      scenario([
        {
          name: 'Search',
          type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
          tools: [{ name: 'find', type: 'frontend' }],
        },
        cart([
          { name: 'add_to_cart', type: 'frontend' },
          { name: 'compute_total', type: 'frontend', settings: { operation: 'custom' } },
        ]),
      ]),
    );
    expect(created.status).toBe(201);
    expect(operations(created.body)).toEqual(['search', 'cart_add', 'custom']);
    const changed = await call('PATCH', `/scenarios/${created.body.id}`, token, {
      features: [
        cart([
          { name: 'empty_basket', type: 'frontend', settings: { operation: 'cart_clear' } },
          { name: 'show_cart', type: 'frontend' },
        ]),
      ],
    });
    expect(changed.status).toBe(200);
    expect(operations(changed.body)).toEqual(['cart_clear', 'cart_list']);
    expect(operations((await call('GET', `/scenarios/${created.body.id}`, token)).body)).toEqual([
      'cart_clear',
      'cart_list',
    ]);
  });

  it('answers 422 naming a cart tool whose operation cannot be told', async () => {
    const refused = await call(
      'POST',
      '/scenarios',
      token,
      scenario([
        cart([
          { name: 'add_to_cart', type: 'frontend' },
          { name: 'compute_total', type: 'frontend' },
        ]),
      ]),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(
      /^features\[0\]\.tools\[1\]: tool compute_total must declare settings\.operation/,
    );
    const created = await call('POST', '/scenarios', token, scenario([]));
    const patched = await call('PATCH', `/scenarios/${created.body.id}`, token, {
      features: [cart([{ name: 'put_in_basket', type: 'frontend' }])],
    });
    expect(patched.status).toBe(422);
    expect(patched.body.error).toMatch(/tool put_in_basket must declare/);
  });

  const collection = (filterFields: object[]) => ({
    name: 'Werkzeug',
    language: 'de',
    filter_fields: filterFields,
  });

  it('stores the roles and units of a collection’s fields', async () => {
    const fields = [
      { name: 'Preis', filter_key: 'preis', field_type: 'number', role: 'price', unit: 'EUR' },
      { name: 'Gewicht', filter_key: 'gewicht_g', field_type: 'number', role: 'weight', unit: 'g' },
      { name: 'Farbe', filter_key: 'farbe', field_type: 'text', role: 'colour' },
      { name: 'Lager', filter_key: 'lager', field_type: 'boolean', role: 'stock' },
    ];
    const created = await call('POST', '/collections', token, collection(fields));
    expect(created.status).toBe(201);
    expect(created.body.filter_fields).toEqual(fields);
    const read = await call('GET', `/collections/${created.body.id}`, token);
    expect(read.body.filter_fields).toEqual(fields);
    const changed = await call('PATCH', `/collections/${created.body.id}`, token, {
      filter_fields: [{ ...fields[0], unit: 'CHF' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.filter_fields).toEqual([{ ...fields[0], unit: 'CHF' }]);
  });

  it('gives the agent the roles of an attached collection in its runtime config', async () => {
    const { fixture } = harness();
    const price = {
      name: 'Price',
      filter_key: 'price',
      field_type: 'number',
      role: 'price',
      unit: 'USD',
    };
    const patched = await call('PATCH', `/collections/${fixture.collectionId}`, token, {
      filter_fields: [price],
    });
    expect(patched.status).toBe(200);
    const { id: visitorId } = await harness().visitor('roles-reader');
    const conversation = await harness().conversation(visitorId);
    const config = await harness().app.inject({
      method: 'GET',
      url: `/v1/agent/conversations/${conversation}/config`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
    });
    expect(config.statusCode).toBe(200);
    const collection = config
      .json()
      .collections.find((candidate: { id: number }) => candidate.id === fixture.collectionId);
    expect(collection.filter_fields).toEqual([price]);
  });

  it('answers 422 for an unknown role, a role on a field of another type, a unit that does not fit', async () => {
    const refusal = async (field: object) => {
      const answer = await call('POST', '/collections', token, collection([field]));
      expect(answer.status).toBe(422);
      return answer.body.error as string;
    };
    expect(
      await refusal({ name: 'Kosten', filter_key: 'kosten', field_type: 'number', role: 'cost' }),
    ).toMatch(/^filter_fields\[0\]: unknown role cost/);
    expect(
      await refusal({ name: 'Preis', filter_key: 'preis', field_type: 'text', role: 'price' }),
    ).toMatch(/^filter_fields\[0\]: role price needs a field of type number/);
    expect(
      await refusal({
        name: 'Gewicht',
        filter_key: 'g',
        field_type: 'number',
        role: 'weight',
        unit: 'stone',
      }),
    ).toMatch(/weight's unit/);
    const created = await call('POST', '/collections', token, collection([]));
    const patched = await call('PATCH', `/collections/${created.body.id}`, token, {
      filter_fields: [{ name: 'Note', filter_key: 'note', field_type: 'enum', role: 'rating' }],
    });
    expect(patched.status).toBe(422);
  });
});
