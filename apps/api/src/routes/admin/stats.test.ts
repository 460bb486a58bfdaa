import { expect, it } from 'vitest';
import { adminToken, AGENT_KEY, describeOnBothDialects } from '../../test-harness.js';

// The dashboard's aggregations, computed by SQLite and by PostgreSQL alike.
describeOnBothDialects('dashboard stats', (harness) => {
  const agent = (conversationId: string, path: string, payload: object) =>
    harness().app.inject({
      method: 'POST',
      url: `/v1/agent/conversations/${conversationId}/${path}`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload,
    });
  const at = () => new Date().toISOString();
  const search = (id: string, query: string, result: unknown) => [
    {
      id: `calls-${id}`,
      role: 'assistant',
      content: '',
      timestamp: at(),
      tool_calls: [{ id, name: 'search_products', arguments: { query } }],
    },
    {
      id: `result-${id}`,
      role: 'tool',
      content: typeof result === 'string' ? result : JSON.stringify(result),
      timestamp: at(),
      tool_call_id: id,
    },
  ];

  it('counts per day, end reasons, latency percentiles, tool usage and empty searches', async () => {
    const { fixture } = harness();
    const visitor = await harness().visitor('dashboard');
    const done = await harness().conversation(visitor.id);
    // A second one today that never ends: it counts, with no end reason.
    await harness().conversation(visitor.id);
    const yesterday = await harness().conversation(visitor.id);
    const dayBefore = new Date(Date.now() - 86_400_000).toISOString();
    await fixture.database.db
      .updateTable('conversations')
      .set({ started_at: dayBefore })
      .where('id', '=', yesterday)
      .execute();
    const empty = {
      ok: true,
      shown_on_page: true,
      result: { collection_id: 1, count: 0, items: [] },
    };
    const found = { ok: true, result: { collection_id: 1, count: 1, items: [{ id: 'B-1' }] } };
    expect(
      (
        await agent(done, 'messages', {
          messages: [
            { id: `u-${done}`, role: 'user', content: 'kayaks?', timestamp: at() },
            ...search(`a-${done}`, 'kayak', empty),
            ...search(`b-${done}`, 'boots', found),
            ...search(`c-${done}`, 'kayak', empty),
            // A result that is not JSON counts as no result, and fails nothing.
            ...search(`d-${done}`, 'tent', 'the page did not answer {'),
          ],
        })
      ).statusCode,
    ).toBe(200);
    await agent(yesterday, 'messages', {
      messages: [
        ...search(`e-${yesterday}`, 'canoe', empty),
        {
          id: `calls-f-${yesterday}`,
          role: 'assistant',
          content: '',
          timestamp: at(),
          tool_calls: [
            { id: `f-${yesterday}`, name: 'add_to_cart', arguments: { item_id: 'B-1' } },
          ],
        },
      ],
    });
    await agent(done, 'metrics', {
      turns: Array.from({ length: 10 }, (_, n) => ({ turn: n + 1, e2e_ms: (n + 1) * 100 })),
    });
    await agent(done, 'end', { reason: 'completed' });
    await agent(yesterday, 'end', { reason: 'visitor_left' });

    const token = await adminToken(harness().app);
    const get = (query: string) =>
      harness().app.inject({
        url: `/v1/admin/stats${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const response = await get(`?publication_uuid=${fixture.publicationUuid}`);
    expect(response.statusCode).toBe(200);
    const stats = response.json();
    const uuid = fixture.publicationUuid;
    expect(stats.publications).toEqual([
      {
        publication_uuid: uuid,
        label: 'production',
        scenario_id: expect.any(Number),
        scenario_name: 'Assistant',
        conversations: 3,
        ended: 2,
        completed: 1,
      },
    ]);
    expect(stats.conversations_per_day).toEqual([
      { publication_uuid: uuid, day: dayBefore.slice(0, 10), conversations: 1 },
      { publication_uuid: uuid, day: at().slice(0, 10), conversations: 2 },
    ]);
    expect(stats.end_reasons).toEqual(
      expect.arrayContaining([
        { publication_uuid: uuid, end_reason: 'completed', conversations: 1 },
        { publication_uuid: uuid, end_reason: 'visitor_left', conversations: 1 },
        { publication_uuid: uuid, end_reason: null, conversations: 1 },
      ]),
    );
    expect(stats.turn_latency).toEqual([
      { publication_uuid: uuid, turns: 10, p50_ms: 500, p95_ms: 1000 },
    ]);
    expect(stats.tool_usage).toEqual([
      { publication_uuid: uuid, tool: 'search_products', calls: 5 },
      { publication_uuid: uuid, tool: 'add_to_cart', calls: 1 },
    ]);
    expect(stats.empty_searches).toEqual([
      { publication_uuid: uuid, tool: 'search_products', query: 'kayak', searches: 2 },
      { publication_uuid: uuid, tool: 'search_products', query: 'canoe', searches: 1 },
    ]);

    // The window: from now on, yesterday's conversation is out.
    const today = (
      await get(`?from=${encodeURIComponent(at().slice(0, 10) + 'T00:00:00Z')}`)
    ).json();
    expect(today.publications[0]?.conversations).toBe(2);
    // Each bound is valid, the pair is not: 422.
    expect((await get('?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')).statusCode).toBe(422);
    // The conversation list filters by end reason too.
    const left = await harness().app.inject({
      url: '/v1/admin/conversations?end_reason=visitor_left',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(left.json().conversations.map((c: { id: string }) => c.id)).toEqual([yesterday]);
    // The transcript view gets every restore checkpoint.
    await harness().app.inject({
      method: 'PUT',
      url: `/v1/agent/conversations/${done}/restore-state`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload: { checkpoint: 'cart', data: { items: 1 } },
    });
    const detail = await harness().app.inject({
      url: `/v1/admin/conversations/${done}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.json().restore_checkpoints).toEqual([
      {
        version: 1,
        state: expect.objectContaining({ checkpoint: 'cart', version: 1 }),
        created_at: expect.any(String),
      },
    ]);
    // Another company sees none of it.
    const other = await adminToken(harness().app, 'admin@other.example');
    const theirs = await harness().app.inject({
      url: '/v1/admin/stats',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(theirs.json()).toMatchObject({ publications: [], tool_usage: [], empty_searches: [] });
  });
});
