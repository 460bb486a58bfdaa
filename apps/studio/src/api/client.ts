import createClient, { type Middleware } from 'openapi-fetch';
import { tokenStore, type TokenStore } from '../auth/token-store';
import type { paths } from './schema';

/** The typed admin API client: every path, body and answer comes from the generated `paths`. */
export type AdminClient = ReturnType<typeof createClient<paths>>;

/**
 * Adds the admin's bearer token to every request, and forgets the token when the API answers 401
 * to it (expired or revoked): the router then sends the admin to the sign-in page.
 */
export function bearerMiddleware(tokens: TokenStore): Middleware {
  return {
    onRequest({ request }) {
      const token = tokens.getSnapshot();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ request, response }) {
      if (response.status === 401 && request.headers.has('Authorization')) tokens.set(null);
      return response;
    },
  };
}

/** A client for the API at `baseUrl` (the page's own origin, which proxies `/v1`). */
export function createAdminClient(tokens: TokenStore, baseUrl = window.location.origin) {
  const client = createClient<paths>({ baseUrl });
  client.use(bearerMiddleware(tokens));
  return client;
}

/** The studio's one API client. */
export const api: AdminClient = createAdminClient(tokenStore);
