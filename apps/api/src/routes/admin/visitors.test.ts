import { expect, it } from 'vitest';
import { FOREIGN_ADMIN } from '../../test-fixtures.js';
import {
  AGENT_KEY,
  adminCaller,
  adminToken,
  describeOnBothDialects,
  type Harness,
} from '../../test-harness.js';

/** A conversation of `externalId` with a message, a tool call and its result, figures and a cart. */
async function converse(harness: Harness, externalId: string) {
  const { app, fixture } = harness;
  const visitor = await harness.visitor(externalId);
  const conversationId = await harness.conversation(visitor.id);
  const agent = async (method: 'POST' | 'PUT', path: string, payload: object) => {
    const response = await app.inject({
      method,
      url: `/v1/agent/conversations/${conversationId}${path}`,
      headers: { authorization: `Bearer ${AGENT_KEY}` },
      payload,
    });
    expect(response.statusCode).toBe(200);
  };
  const at = new Date().toISOString();
  await agent('POST', '/messages', {
    messages: [
      { id: `${externalId}-u1`, role: 'user', content: 'My address is 1 Main St', timestamp: at },
      {
        id: `${externalId}-calls`,
        role: 'assistant',
        content: '',
        timestamp: at,
        tool_calls: [{ id: 'c1', name: 'search_products', arguments: { query: 'lamp' } }],
      },
      {
        id: `${externalId}-result`,
        role: 'tool',
        content: '{}',
        timestamp: at,
        tool_call_id: 'c1',
      },
    ],
  });
  await agent('PUT', '/restore-state', { checkpoint: 'cart', data: { step: 1 }, version: 1 });
  await agent('POST', '/metrics', { turns: [{ turn: 1, e2e_ms: 900 }] });
  await agent('POST', '/buckets/cart/items', {
    collection_id: fixture.collectionId,
    item_id: 'L-1',
  });
  return { visitorId: visitor.id, conversationId };
}

/** What the database holds of a visitor and a conversation, table by table. */
async function heldOf(harness: Harness, visitorId: number, conversationId: string) {
  const { db } = harness.fixture.database;
  const count = async (table: string, column: string, value: string | number) =>
    Number(
      (
        await db
          .selectFrom(table as 'messages')
          .select((eb) => eb.fn.countAll().as('count'))
          .where(column as 'id', '=', value as string)
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    visitors: await count('visitors', 'id', visitorId),
    conversations: await count('conversations', 'visitor_id', visitorId),
    messages: await count('messages', 'conversation_id', conversationId),
    tool_calls: await count('tool_calls', 'conversation_id', conversationId),
    turn_metrics: await count('turn_metrics', 'conversation_id', conversationId),
    restore_checkpoints: await count('restore_checkpoints', 'conversation_id', conversationId),
    buckets: await count('buckets', 'visitor_id', visitorId),
  };
}

describeOnBothDialects('erasing a visitor', (harness) => {
  const admin = adminCaller(() => harness().app);
  const url = (applicationId: number, externalId: string) =>
    `/applications/${applicationId}/visitors/${encodeURIComponent(externalId)}`;

  it("deletes everything keyed by the visitor, and nobody else's, idempotently", async () => {
    const { fixture } = harness();
    const erased = await converse(harness(), 'erase-me@example.com');
    const kept = await converse(harness(), 'keep-me');
    const everything = {
      visitors: 1,
      conversations: 1,
      messages: 3,
      tool_calls: 1,
      turn_metrics: 1,
      restore_checkpoints: 1,
      buckets: 1,
    };
    expect(await heldOf(harness(), erased.visitorId, erased.conversationId)).toEqual(everything);
    const token = await adminToken(harness().app);

    const first = await admin('DELETE', url(fixture.applicationId, 'erase-me@example.com'), token);
    expect(first).toEqual({
      status: 200,
      body: {
        external_id: 'erase-me@example.com',
        visitor: true,
        conversations: 1,
        messages: 3,
        buckets: 1,
      },
    });
    expect(await heldOf(harness(), erased.visitorId, erased.conversationId)).toEqual({
      visitors: 0,
      conversations: 0,
      messages: 0,
      tool_calls: 0,
      turn_metrics: 0,
      restore_checkpoints: 0,
      buckets: 0,
    });
    const { db } = fixture.database;
    expect(
      await db.selectFrom('bucket_items').select('item_id').where('item_id', '=', 'L-1').execute(),
    ).toHaveLength(1);
    expect(await heldOf(harness(), kept.visitorId, kept.conversationId)).toEqual(everything);

    // Again: nothing left to erase, the same success.
    const again = await admin('DELETE', url(fixture.applicationId, 'erase-me@example.com'), token);
    expect(again).toEqual({
      status: 200,
      body: {
        external_id: 'erase-me@example.com',
        visitor: false,
        conversations: 0,
        messages: 0,
        buckets: 0,
      },
    });
    // The admin's conversation listing no longer knows the visitor.
    const listed = await admin(
      'GET',
      `/conversations?external_id=${encodeURIComponent('erase-me@example.com')}`,
      token,
    );
    expect(listed.body.conversations).toEqual([]);
  });

  it("an erased visitor's token is refused with 401 (the page identifies again), and identifying again starts afresh", async () => {
    const { app, fixture } = harness();
    const before = await harness().visitor('comes-back');
    const token = await adminToken(app);
    expect((await admin('DELETE', url(fixture.applicationId, 'comes-back'), token)).status).toBe(
      200,
    );
    const withToken = (userToken: string) => ({
      session: () =>
        app.inject({
          method: 'POST',
          url: '/v1/public/session',
          payload: { scenario_uuid: fixture.publicationUuid },
          headers: { authorization: `Bearer ${userToken}` },
        }),
      addToCart: () =>
        app.inject({
          method: 'POST',
          url: '/v1/visitor/buckets/cart/items',
          payload: { collection_id: fixture.collectionId, item_id: 'L-1' },
          headers: { authorization: `Bearer ${userToken}` },
        }),
    });
    const stale = withToken(before.token);
    for (const response of [await stale.session(), await stale.addToCart()]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.stringContaining('identify again') });
    }
    const after = await harness().visitor('comes-back');
    expect(after.id).not.toBe(before.id);
    const fresh = withToken(after.token);
    expect((await fresh.session()).statusCode).toBe(200);
    expect((await fresh.addToCart()).statusCode).toBe(200);
  });

  it("is scoped to the caller's company: another company's application is 404", async () => {
    const { fixture } = harness();
    const visitor = await converse(harness(), 'not-theirs');
    const foreign = await adminToken(harness().app, FOREIGN_ADMIN.email);
    const refused = await admin('DELETE', url(fixture.applicationId, 'not-theirs'), foreign);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: expect.any(String) });
    expect((await heldOf(harness(), visitor.visitorId, visitor.conversationId)).visitors).toBe(1);
    // Unknown application, no credential, an external id longer than identify takes.
    const token = await adminToken(harness().app);
    expect((await admin('DELETE', url(999_999, 'not-theirs'), token)).status).toBe(404);
    expect((await admin('DELETE', url(fixture.applicationId, 'not-theirs'))).status).toBe(401);
    const tooLong = await admin('DELETE', url(fixture.applicationId, 'x'.repeat(257)), token);
    expect(tooLong.status).toBe(400);
  });
});
