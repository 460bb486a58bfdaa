import { describe, expect, it } from 'vitest';
import { AGENT_API_ENDPOINTS, agentApiPath } from './paths.js';

describe('agentApiPath', () => {
  it('fills the conversation and the route parameters', () => {
    expect(agentApiPath(AGENT_API_ENDPOINTS.CONFIG, { conversationId: 'c-1' })).toBe(
      '/agent/conversations/c-1/config',
    );
    expect(
      agentApiPath(AGENT_API_ENDPOINTS.BUCKET_SET, {
        conversationId: 'c-1',
        name: 'cart',
        collectionId: 7,
        itemId: 'B-1',
      }),
    ).toBe('/agent/conversations/c-1/buckets/cart/items/7/B-1');
  });

  it('URL-encodes every parameter', () => {
    expect(
      agentApiPath(AGENT_API_ENDPOINTS.ITEM, {
        conversationId: 'a/b',
        collectionId: 1,
        itemId: 'x y?',
      }),
    ).toBe('/agent/conversations/a%2Fb/collections/1/items/x%20y%3F');
  });

  it('asks for exactly the parameters of the route', () => {
    // @ts-expect-error: the search route needs a collection id.
    agentApiPath(AGENT_API_ENDPOINTS.SEARCH, { conversationId: 'c-1' });
  });
});
