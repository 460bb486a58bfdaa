import { expect, it } from 'vitest';
import { AGENT_KEY, describeOnBothDialects, tokens } from '../test-harness.js';

// The visitor routes (visitor token) and the agent's server tools (service key) share one set of
// collection and cart routes; both are tested here, on SQLite and on PostgreSQL.
describeOnBothDialects('collections and carts', (harness) => {
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    token: string | undefined,
    payload?: object,
  ) => {
    const response = await harness().app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() };
  };
  const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

  it('searches with stemming and ranking, filters by enum, range and boolean, capped by the scenario limit', async () => {
    const { token } = await harness().visitor('searcher');
    const base = `/v1/visitor/collections/${harness().fixture.collectionId}/search`;
    // "boots" finds "boot" and "boots"; the item matching both words ranks first.
    const boots = await call('POST', base, token, { query: 'waterproof boots' });
    expect(boots.status).toBe(200);
    expect(ids(boots.body)[0]).toBe('B-1');
    expect(ids(boots.body)).toEqual(expect.arrayContaining(['B-1', 'B-3']));
    expect(boots.body.limit).toBe(3);
    const tents = await call('POST', base, token, { filters: { category: 'tents' } });
    expect(ids(tents.body)).toEqual(['T-1', 'T-2']);
    const cheap = await call('POST', base, token, { filters: { price: { max: 150 } } });
    expect(ids(cheap.body).sort()).toEqual(['B-2', 'L-1']);
    const dryFeet = await call('POST', base, token, {
      query: 'boot',
      filters: { waterproof: true, category: ['footwear'], price: { min: 200 } },
    });
    expect(ids(dryFeet.body)).toEqual(['B-3']);
    // Everything matches an empty query; the scenario's limit (3) caps it, and asking for more does not lift it.
    expect(ids((await call('POST', base, token, { limit: 50 })).body)).toHaveLength(3);
    expect(ids((await call('POST', base, token, { limit: 1 })).body)).toHaveLength(1);
    // Operators and punctuation are words to search, not syntax.
    const odd = await call('POST', base, token, { query: '"tent" OR * -(NEAR' });
    expect(odd.status).toBe(200);
    expect(ids(odd.body)).toEqual(expect.arrayContaining(['T-1', 'T-2']));
  });

  it('orders the matches by a numeric field before the limit, items without the number last', async () => {
    const { token } = await harness().visitor('sorter');
    const base = `/v1/visitor/collections/${harness().fixture.collectionId}/search`;
    const sorted = (sort: object, extra: object = {}) =>
      call('POST', base, token, { sort, ...extra }).then((response) => ids(response.body));
    // The cheapest three of all six items, not the first three stored.
    expect(await sorted({ field: 'price' })).toEqual(['L-1', 'B-2', 'B-1']);
    expect(await sorted({ field: 'price', order: 'desc' })).toEqual(['T-2', 'T-1', 'B-3']);
    expect(await sorted({ field: 'price', order: 'desc' }, { query: 'boot' })).toEqual([
      'B-3',
      'B-1',
    ]);
    expect(await sorted({ field: 'price' }, { filters: { category: 'tents' } })).toEqual([
      'T-1',
      'T-2',
    ]);
    // A field no item has a number in leaves the usual order.
    expect(await sorted({ field: 'name' })).toEqual(
      ids((await call('POST', base, token, {})).body),
    );
    for (const sort of [{ field: 'price; drop table x' }, { field: 'price', order: 'up' }, {}]) {
      const response = await call('POST', base, token, { sort });
      expect(response.status, JSON.stringify(sort)).toBe(400);
      expect(response.body).toEqual({ error: expect.stringContaining('sort') });
    }
  });

  it('422 for filters the collection does not have or values of the wrong kind', async () => {
    const { token } = await harness().visitor('searcher');
    const base = `/v1/visitor/collections/${harness().fixture.collectionId}/search`;
    for (const filters of [
      { colour: 'red' },
      { category: 'boats' },
      { price: 'cheap' },
      { waterproof: 'yes' },
      { price: {} },
    ]) {
      const response = await call('POST', base, token, { filters });
      expect(response.status, JSON.stringify(filters)).toBe(422);
      expect(response.body).toEqual({ error: expect.stringContaining('filters.') });
    }
    expect((await call('POST', base, token, { query: 42 })).status).toBe(400);
  });

  it('item display data renders the view; comparison puts items side by side', async () => {
    const { token } = await harness().visitor('viewer');
    const base = `/v1/visitor/collections/${harness().fixture.collectionId}`;
    const item = await call('GET', `${base}/items/B-1`, token);
    expect(item.body).toMatchObject({
      id: 'B-1',
      view: { title: 'Waterproof hiking boot', price: '180 USD' },
      data: { category: 'footwear' },
    });
    expect((await call('GET', `${base}/items/NOPE`, token)).status).toBe(404);
    const compare = await call('POST', `${base}/compare`, token, { item_ids: ['B-1', 'B-2'] });
    expect(compare.status).toBe(200);
    expect(compare.body.items.map((entry: { id: string }) => entry.id)).toEqual(['B-1', 'B-2']);
    expect(compare.body.rows).toContainEqual({ field: 'price', values: [180, 120] });
    expect(compare.body.rows).toContainEqual({ field: 'waterproof', values: [true, false] });
    expect((await call('POST', `${base}/compare`, token, { item_ids: ['B-1', 'X'] })).status).toBe(
      404,
    );
    expect((await call('POST', `${base}/compare`, token, { item_ids: ['B-1'] })).status).toBe(400);
  });

  it('never shows collections the publication did not attach, nor anything without a valid token', async () => {
    const { token } = await harness().visitor('snoop');
    const { foreignCollectionId, collectionId } = harness().fixture;
    const foreign = await call(
      'POST',
      `/v1/visitor/collections/${foreignCollectionId}/search`,
      token,
      {},
    );
    expect(foreign).toEqual({ status: 404, body: { error: expect.any(String) } });
    expect(
      (await call('GET', `/v1/visitor/collections/${foreignCollectionId}/items/X-1`, token)).status,
    ).toBe(404);
    const listed = await call('GET', '/v1/visitor/collections', token);
    expect(listed.body.collections.map((c: { id: number }) => c.id)).toEqual([collectionId]);
    expect((await call('GET', '/v1/visitor/collections', undefined)).status).toBe(401);
    expect((await call('GET', '/v1/visitor/buckets', 'not-a-jwt')).status).toBe(401);
    expect((await call('GET', '/v1/visitor/buckets', AGENT_KEY)).status).toBe(401);
    const foreignToken = await tokens.sign({
      sub: '1',
      company_id: 1,
      application_id: 999,
      scenario_uuid: harness().fixture.publicationUuid,
    });
    expect((await call('GET', '/v1/visitor/buckets', foreignToken)).status).toBe(403);
  });

  it('carts: add, add again, set, remove, clear, scoped to the token visitor', async () => {
    const ann = await harness().visitor('ann');
    const bob = await harness().visitor('bob');
    const collection_id = harness().fixture.collectionId;
    const cart = '/v1/visitor/buckets/cart';
    expect((await call('GET', cart, ann.token)).body).toMatchObject({
      name: 'cart',
      items: [],
      total_quantity: 0,
    });
    await call('POST', `${cart}/items`, ann.token, { collection_id, item_id: 'B-1' });
    const twice = await call('POST', `${cart}/items`, ann.token, {
      collection_id,
      item_id: 'B-1',
      quantity: 2,
    });
    expect(twice.status).toBe(200);
    expect(twice.body.items).toEqual([
      expect.objectContaining({
        item_id: 'B-1',
        quantity: 3,
        data: expect.objectContaining({ price: 180 }),
      }),
    ]);
    await call('POST', `${cart}/items`, ann.token, { collection_id, item_id: 'L-1' });
    const set = await call('PATCH', `${cart}/items/${collection_id}/B-1`, ann.token, {
      quantity: 1,
    });
    expect(set.body.total_quantity).toBe(2);
    const removed = await call('DELETE', `${cart}/items/${collection_id}/L-1`, ann.token);
    expect(removed.body.items.map((line: { item_id: string }) => line.item_id)).toEqual(['B-1']);
    await call('POST', '/v1/visitor/buckets/wishlist/items', ann.token, {
      collection_id,
      item_id: 'T-2',
    });
    const lists = await call('GET', '/v1/visitor/buckets', ann.token);
    expect(lists.body.buckets.map((b: { name: string }) => b.name)).toEqual(['cart', 'wishlist']);
    // Bob's token sees Bob's carts only, whatever he asks for.
    expect((await call('GET', '/v1/visitor/buckets', bob.token)).body.buckets).toEqual([]);
    expect((await call('DELETE', `${cart}/items/${collection_id}/B-1`, bob.token)).status).toBe(
      404,
    );
    const cleared = await call('DELETE', `${cart}/items`, ann.token);
    expect(cleared.body).toMatchObject({ items: [], total_quantity: 0 });
  });

  it('cart input errors: unknown item, foreign collection, bad quantity, bad list name', async () => {
    const { token } = await harness().visitor('careless');
    const { collectionId: collection_id, foreignCollectionId } = harness().fixture;
    const add = (name: string, body: object) =>
      call('POST', `/v1/visitor/buckets/${name}/items`, token, body);
    expect((await add('cart', { collection_id, item_id: 'NOPE' })).status).toBe(404);
    expect((await add('cart', { collection_id: foreignCollectionId, item_id: 'X-1' })).status).toBe(
      404,
    );
    expect((await add('cart', { collection_id, item_id: 'B-1', quantity: 0 })).status).toBe(400);
    expect((await add('cart', { collection_id, item_id: 'B-1', quantity: 1.5 })).status).toBe(400);
    expect((await add('cart', { item_id: 'B-1' })).status).toBe(400);
    expect((await add('a%20b', { collection_id, item_id: 'B-1' })).status).toBe(400);
    const patch = await call(
      'PATCH',
      `/v1/visitor/buckets/cart/items/${collection_id}/B-2`,
      token,
      { quantity: 2 },
    );
    expect(patch).toEqual({ status: 404, body: { error: expect.any(String) } });
  });

  it("the agent's API: key required, runtime config, idempotent messages, versioned restore state, first end wins, metrics", async () => {
    const visitor = await harness().visitor('talker');
    const id = await harness().conversation(visitor.id);
    const base = `/v1/agent/conversations/${id}`;
    expect((await call('GET', `${base}/config`, undefined)).status).toBe(401);
    expect((await call('GET', `${base}/config`, 'wrong-key')).status).toBe(401);
    expect((await call('GET', `${base}/config`, visitor.token)).status).toBe(401);
    expect((await call('GET', '/v1/agent/conversations/nope/config', AGENT_KEY)).status).toBe(404);

    const message = (n: number, role = 'user') => ({
      id: `m-${id}-${n}`,
      role,
      content: `message ${n}`,
      timestamp: new Date(Date.UTC(2026, 10, 22, 10, 0, n)).toISOString(),
    });
    const first = await call('POST', `${base}/messages`, AGENT_KEY, {
      messages: [message(1), message(2, 'assistant')],
    });
    expect(first.body).toEqual({ stored: 2 });
    // A retry of the same batch plus one new message stores only the new one.
    const retry = await call('POST', `${base}/messages`, AGENT_KEY, {
      messages: [
        message(1),
        message(2, 'assistant'),
        { ...message(3, 'tool'), tool_call_id: 'call-1' },
      ],
    });
    expect(retry.body).toEqual({ stored: 1 });
    expect(
      (
        await call('POST', `${base}/messages`, AGENT_KEY, {
          messages: [{ id: 'x', role: 'robot' }],
        })
      ).status,
    ).toBe(400);

    const save = (body: object) => call('PUT', `${base}/restore-state`, AGENT_KEY, body);
    expect((await save({ checkpoint: 'search', data: { q: 'boots' } })).body).toMatchObject({
      saved: true,
      restore_state: { version: 1 },
    });
    expect((await save({ checkpoint: 'cart', version: 5 })).body).toMatchObject({
      saved: true,
      restore_state: { version: 5 },
    });
    // An older version never overwrites a newer one.
    expect((await save({ checkpoint: 'stale', version: 3 })).body).toMatchObject({
      saved: false,
      restore_state: { checkpoint: 'cart', version: 5 },
    });

    const config = await call('GET', `${base}/config`, AGENT_KEY);
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({
      conversation: {
        id,
        language: 'en-US',
        input_mode: 'audio',
        metadata: { page: 'home' },
        ended_at: null,
      },
      visitor: { id: visitor.id, external_id: 'talker' },
      company_id: harness().fixture.companyId,
      publication_uuid: harness().fixture.publicationUuid,
      scenario: { prompt: 'Secret prompt', limit: 3 },
      restore_state: { checkpoint: 'cart', version: 5 },
    });
    expect(config.body.collections.map((c: { id: number }) => c.id)).toEqual([
      harness().fixture.collectionId,
    ]);
    expect(config.body.history.map((m: { content: string }) => m.content)).toEqual([
      'message 1',
      'message 2',
      'message 3',
    ]);

    const metrics = {
      turns: [
        {
          turn: 1,
          end_of_turn_ms: 320,
          stt_ms: 410,
          llm_ttft_ms: 250,
          tts_ttfb_ms: 30,
          e2e_ms: 1010,
        },
      ],
    };
    expect((await call('POST', `${base}/metrics`, AGENT_KEY, metrics)).body).toEqual({ stored: 1 });
    expect((await call('POST', `${base}/metrics`, AGENT_KEY, metrics)).body).toEqual({ stored: 0 });
    expect(
      (await call('POST', `${base}/metrics`, AGENT_KEY, { turns: [{ turn: 2, e2e_ms: -1 }] }))
        .status,
    ).toBe(400);

    const ended = await call('POST', `${base}/end`, AGENT_KEY, { reason: 'user_ended' });
    expect(ended.body).toEqual({ ended_at: expect.any(String), end_reason: 'user_ended' });
    const again = await call('POST', `${base}/end`, AGENT_KEY, { reason: 'agent_ended' });
    expect(again.body).toEqual(ended.body);
  });

  it("the agent's server tools act for the conversation's visitor", async () => {
    const visitor = await harness().visitor('shopper');
    const id = await harness().conversation(visitor.id);
    const base = `/v1/agent/conversations/${id}`;
    const { collectionId: collection_id } = harness().fixture;
    const found = await call('POST', `${base}/collections/${collection_id}/search`, AGENT_KEY, {
      query: 'headlamp',
    });
    expect(ids(found.body)).toEqual(['L-1']);
    await call('POST', `${base}/buckets/cart/items`, AGENT_KEY, {
      collection_id,
      item_id: 'L-1',
      quantity: 2,
    });
    // The visitor's own token sees what the agent put in the cart.
    const cart = await call('GET', '/v1/visitor/buckets/cart', visitor.token);
    expect(cart.body.items).toEqual([expect.objectContaining({ item_id: 'L-1', quantity: 2 })]);
    const compare = await call('POST', `${base}/collections/${collection_id}/compare`, AGENT_KEY, {
      item_ids: ['T-1', 'T-2'],
    });
    expect(compare.body.rows).toContainEqual({ field: 'price', values: [300, 450] });
  });
});
