import type { ListeningTestApi } from '@svc/api/testing';
import { AGENT_API_ENDPOINTS, agentApiPath } from '@svc/protocol/agent';
import { describe, expect, it, vi } from 'vitest';
import { SvcSession } from '@svc/sdk';
import { FakeTransport, fakeConfig } from '@svc/sdk/testing';
import { refreshOnCartChange } from '@svc/sdk/buckets';
import { FIRST_ITEM, line, useBucketApi, visitor } from './test-api.js';

// A real SvcSession on the real API; the FakeTransport plays the agent's side of the room, and
// the agent's cart tool changes the cart through the agent API, as the agent does.
let api: ListeningTestApi;
useBucketApi((started) => (api = started));

const cartFeature = (settings: Record<string, unknown> = {}) => ({
  name: 'Cart',
  type: 'bucket:list:crud',
  settings,
  tools: [
    { name: 'add_to_cart', type: 'frontend' },
    { name: 'show_cart', type: 'frontend' },
  ],
});

async function connected(features = [cartFeature()]) {
  const requests: string[] = [];
  const made = visitor(api, {
    fetch: (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
  });
  const transport = new FakeTransport();
  const session = new SvcSession({ client: made.client, transport });
  await session.start({ scenario: api.seeded.publicationUuid, inputMode: 'text' });
  transport.agentJoin('listening');
  transport.publish('config', fakeConfig({ features }));
  const conversation = await api.openConversation({ visitorId: made.client.getSessionUserId()! });
  /** The agent's cart tool: the API call the agent makes, then its tool-call message. */
  const agentAdds = async (toolName: string, bucket = 'cart') => {
    const path = agentApiPath(AGENT_API_ENDPOINTS.BUCKET_ADD, {
      conversationId: conversation.id,
      name: bucket,
    });
    const response = await fetch(`${api.url}/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${api.agentKey}` },
      body: JSON.stringify(line(api, FIRST_ITEM)),
    });
    expect(response.status).toBe(200);
    transport.sendMessage({
      content: '',
      tool_calls: [{ id: `call-${toolName}`, name: toolName, arguments: {} }],
    });
  };
  return { ...made, session, transport, requests, agentAdds };
}

const reads = (requests: string[]) =>
  requests.filter((request) => request === 'GET /v1/visitor/buckets/cart').length;

describe('refreshOnCartChange', () => {
  it('refreshes the store when the agent ran a cart tool, so the page shows the same cart', async () => {
    const { buckets, session, agentAdds } = await connected();
    const cart = buckets.store('cart');
    await cart.refresh();
    const stop = refreshOnCartChange(session, cart);

    await agentAdds('add_to_cart');
    await vi.waitFor(() => expect(cart.getSnapshot().bucket?.total_quantity).toBe(1));
    expect(cart.getSnapshot().bucket?.items[0]?.item_id).toBe(FIRST_ITEM);

    stop();
    await agentAdds('add_to_cart');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cart.getSnapshot().bucket?.total_quantity).toBe(1);
    await session.end();
  });

  it('ignores other tools, other buckets and messages of other roles', async () => {
    const { buckets, session, transport, requests, agentAdds } = await connected([
      cartFeature({ bucket: 'wishlist' }),
      {
        name: 'Search',
        type: 'collection:items:search',
        settings: {},
        tools: [{ name: 'search', type: 'frontend' }],
      },
    ]);
    const cart = buckets.store('cart');
    const wishlist = buckets.store('wishlist');
    refreshOnCartChange(session, cart);
    refreshOnCartChange(session, wishlist);

    transport.sendMessage({
      content: '',
      tool_calls: [{ id: 'c1', name: 'search', arguments: {} }],
    });
    transport.sendMessage({ role: 'user', content: 'add_to_cart' });
    await agentAdds('add_to_cart', 'wishlist');
    await vi.waitFor(() => expect(wishlist.getSnapshot().bucket?.total_quantity).toBe(1));
    expect(reads(requests)).toBe(0);
    expect(cart.getSnapshot().bucket).toBeNull();
    await session.end();
  });

  it('takes tool names when the page knows them, and reports a failed refresh', async () => {
    const { buckets, session, transport } = await connected([]);
    const cart = buckets.store('cart');
    const broken = buckets.store('not a name');
    const errors: unknown[] = [];
    const options = {
      toolNames: ['put_in_basket'],
      onError: (error: unknown) => errors.push(error),
    };
    refreshOnCartChange(session, cart, options);
    refreshOnCartChange(session, broken, options);

    transport.sendMessage({
      content: '',
      tool_calls: [{ id: 'c1', name: 'put_in_basket', arguments: {} }],
    });
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({ code: 'CONNECTION_LOST', status: 400 });
    expect(broken.getSnapshot().error).toBe(errors[0]);
    await vi.waitFor(() => expect(cart.getSnapshot().bucket?.name).toBe('cart'));
    await session.end();
  });
});
