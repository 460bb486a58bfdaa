// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createTokenStore } from '../auth/token-store';
import { createAdminClient } from './client';
import { ApiError, unwrap } from './errors';

/** A Map standing in for localStorage. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the admin client', () => {
  it('sends the bearer token and forgets it when the API answers 401', async () => {
    const tokens = createTokenStore(memoryStorage());
    tokens.set('svc_as_token');
    const seen: (string | null)[] = [];
    const originalFetch = globalThis.fetch;
    globalThis.fetch = async (input: RequestInfo | URL) => {
      const request = input as Request;
      seen.push(request.headers.get('Authorization'));
      return new Response(JSON.stringify({ error: 'session expired' }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    try {
      const client = createAdminClient(tokens, 'http://api.test');
      const failure = await unwrap(client.GET('/v1/admin/me')).catch((error: unknown) => error);
      expect(seen).toEqual(['Bearer svc_as_token']);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status).toBe(401);
      expect(tokens.getSnapshot()).toBeNull();
    } finally {
      globalThis.fetch = originalFetch;
    }
  });

  it('reads the field a 400 names', () => {
    const error = new ApiError(400, 'features.0.settings.max_items: Too big');
    expect(error.field).toBe('features.0.settings.max_items');
    expect(error.detail).toBe('Too big');
    expect(new ApiError(400, 'body: bad').field).toBeUndefined();
    expect(new ApiError(409, 'name: taken').field).toBeUndefined();
  });
});
