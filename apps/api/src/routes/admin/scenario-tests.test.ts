import { DEMO_SCENARIO } from '../../seed/demo-scenario.js';
import { expect, it } from 'vitest';
import { adminCaller, adminToken, AGENT_KEY, describeOnBothDialects } from '../../test-harness.js';

// A scenario's test conversations, on SQLite and on PostgreSQL.
describeOnBothDialects('scenario tests', (harness) => {
  const call = adminCaller(() => harness().app);

  it('stores tests, checks their tools, and makes one of a real conversation', async () => {
    const token = await adminToken(harness().app);
    const scenario = (
      await call('POST', '/scenarios', token, {
        application_id: harness().fixture.applicationId,
        name: 'Tested',
        features: DEMO_SCENARIO.definition.features,
      })
    ).body;
    const base = `/scenarios/${scenario.id}/tests`;
    const test = {
      name: 'Finds boots',
      turns: [
        {
          user: 'Do you have waterproof boots?',
          expect: { tool: { name: 'search_products', arguments: { query: 'waterproof boots' } } },
        },
        { user: 'Thanks!', expect: { reply_contains: ['welcome'], reply_not_contains: ['sorry'] } },
        { user: 'Bye' },
      ],
    };
    const created = await call('POST', base, token, test);
    expect(created).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), scenario_id: scenario.id, name: 'Finds boots' },
    });
    expect(created.body.turns[2]).toEqual({ user: 'Bye', expect: {} });
    expect((await call('POST', base, token, test)).status).toBe(409);
    const unknownTool = {
      name: 'Flies',
      turns: [{ user: 'Fly me', expect: { tool: { name: 'fly' } } }],
    };
    expect(await call('POST', base, token, unknownTool)).toMatchObject({
      status: 422,
      body: { error: 'turns[0].expect.tool.name: no tool fly in this scenario' },
    });
    expect((await call('POST', base, token, { name: 'Empty', turns: [] })).status).toBe(400);

    const replaced = await call('PUT', `${base}/${created.body.id}`, token, {
      name: 'Finds boots again',
      turns: [test.turns[0]],
    });
    expect(replaced.body).toMatchObject({ name: 'Finds boots again', turns: [test.turns[0]] });
    expect((await call('GET', `${base}/${created.body.id}`, token)).body.name).toBe(
      'Finds boots again',
    );

    // A real conversation becomes a test: the visitor's words, and the tool each led to.
    const visitor = await harness().visitor('tested');
    const conversationId = await harness().conversation(visitor.id);
    const at = new Date().toISOString();
    await harness().app.inject({
      method: 'POST',
      url: `/v1/agent/conversations/${conversationId}/messages`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload: {
        messages: [
          { id: `g-${conversationId}`, role: 'assistant', content: 'Hi!', timestamp: at },
          { id: `u1-${conversationId}`, role: 'user', content: 'Any tents?', timestamp: at },
          {
            id: `c1-${conversationId}`,
            role: 'assistant',
            content: '',
            timestamp: at,
            tool_calls: [{ id: 'c1', name: 'search_products', arguments: { query: 'tents' } }],
          },
          {
            id: `r1-${conversationId}`,
            role: 'tool',
            content: '{}',
            timestamp: at,
            tool_call_id: 'c1',
          },
          { id: `a1-${conversationId}`, role: 'assistant', content: 'Two tents.', timestamp: at },
          { id: `u2-${conversationId}`, role: 'user', content: 'Nice, thanks', timestamp: at },
        ],
      },
    });
    const fromConversation = await call('POST', `${base}/from-conversation`, token, {
      conversation_id: conversationId,
      name: 'Tents',
    });
    expect(fromConversation).toMatchObject({
      status: 201,
      body: {
        name: 'Tents',
        turns: [
          {
            user: 'Any tents?',
            expect: { tool: { name: 'search_products', arguments: { query: 'tents' } } },
          },
          { user: 'Nice, thanks', expect: {} },
        ],
      },
    });
    expect(
      (await call('GET', base, token)).body.tests.map((t: { name: string }) => t.name),
    ).toEqual(['Finds boots again', 'Tents']);

    // A duplicate takes the definition, the collections and the tests, never the publications.
    await call('POST', `/scenarios/${scenario.id}/publish`, token, {});
    const copy = await call('POST', `/scenarios/${scenario.id}/duplicate`, token, {});
    expect(copy).toMatchObject({
      status: 201,
      body: { name: 'Tested (copy)', features: scenario.features },
    });
    expect(copy.body.id).not.toBe(scenario.id);
    expect(
      (await call('GET', `/scenarios/${copy.body.id}/tests`, token)).body.tests.map(
        (t: { name: string }) => t.name,
      ),
    ).toEqual(['Finds boots again', 'Tents']);
    expect((await call('GET', `/scenarios/${copy.body.id}/publications`, token)).body).toEqual({
      publications: [],
      next_offset: null,
    });
    const other = await adminToken(harness().app, 'admin@other.example');
    expect((await call('GET', base, other)).status).toBe(404);
    expect(
      (
        await call('POST', `${base}/from-conversation`, token, {
          conversation_id: 'not-a-conversation',
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `${base}/${created.body.id}`, token)).status).toBe(204);
    expect((await call('GET', `${base}/${created.body.id}`, token)).status).toBe(404);
  });
});
