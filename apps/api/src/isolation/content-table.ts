// The visitor routes and the agent's server tools are the same content routes with another scope
// (routes/content.ts): collections the publication attached, and the scoped visitor's carts. The
// visitor and agent tables judge their answers with the rules here.
import type { FastifyInstance } from 'fastify';
import type { Operation } from './operations.js';
import { bearer, minimalBody } from './operations.js';
import type { TenantA } from './tenants.js';

/** What a content route works on: decides what a caller outside A's scope may get back. */
export type ContentFamily = 'collections' | 'buckets' | 'conversation';

/**
 * The family of an operation by its path: `collections` (the publication's content: 404 outside
 * it), `buckets` (the scoped visitor's own carts: never A's lines), `conversation` (the agent's
 * own endpoints of the conversation in the path). A path in none of them throws, so a new kind of
 * route must be given its rule before the table passes.
 */
export function familyOf(operation: Operation): ContentFamily {
  if (/\/collections(\/|$)/.test(operation.path)) return 'collections';
  if (/\/buckets(\/|$)/.test(operation.path)) return 'buckets';
  // The conversation's own endpoints, and what runs in the API on its scenario's behalf (its
  // knowledge search, its webhook tools): they reach nothing but the conversation's own.
  const own = operation.path.replace(/^\/v1\/agent\/conversations\/\{conversationId\}\//, '');
  if (
    own !== operation.path &&
    /^([\w-]+|knowledge\/search|webhook-tools\/\{toolName\}\/calls)$/.test(own)
  )
    return 'conversation';
  throw new Error(`${operation.name}: not a collection, bucket or conversation route`);
}

/** Fills a content route's parameters with A's collection, item and cart. */
export const fillContent =
  (a: TenantA, conversationId?: string) =>
  ({ name }: { name: string }): string | number | undefined =>
    (
      ({
        collectionId: a.collectionId,
        itemId: a.itemId,
        name: a.bucket,
        toolName: 'a_tool',
        ...(conversationId ? { conversationId } : {}),
      }) as Record<string, string | number>
    )[name];

/** Bodies aimed at A's collection and item. */
export function contentBody(operation: Operation, a: TenantA): unknown {
  if (operation.path.endsWith('/search')) return { query: 'boot' };
  if (operation.path.endsWith('/compare')) return { item_ids: [a.itemId, 'B-2'] };
  if (operation.method === 'POST' && operation.path.endsWith('/items'))
    return { collection_id: a.collectionId, item_id: a.itemId, quantity: 1 };
  if (operation.method === 'PATCH') return { quantity: 7 };
  return minimalBody(operation.body);
}

/** A's cart as A's visitor reads it. */
export async function cartOfA(app: FastifyInstance, a: TenantA): Promise<unknown> {
  return (
    await app.inject({ url: '/v1/visitor/buckets', headers: bearer(a.visitor.token) })
  ).json();
}

const isError = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { error?: unknown }).error === 'string';

/** Whether an answer holds one of A's cart lines (A put {@link TenantA.itemId} in twice). */
const holdsCartOfA = (body: unknown) =>
  /"quantity":2\b/.test(JSON.stringify(body)) || /"total_quantity":2\b/.test(JSON.stringify(body));

/**
 * What is wrong with an answer to a caller outside A's scope, or undefined: collections answer 404
 * `{ error }` (or, for the list, none of A's collections); carts answer 404 `{ error }` or the
 * caller's own, never A's lines.
 */
export function judgeOutsider(
  family: ContentFamily,
  operation: Operation,
  answer: { status: number; body: unknown },
  a: TenantA,
): string | undefined {
  const collectionList =
    family === 'collections' && operation.params.every((p) => p.name !== 'collectionId');
  if (family === 'collections' && !collectionList) {
    return answer.status === 404 && isError(answer.body) ? undefined : 'expected 404 { error }';
  }
  if (collectionList) {
    if (answer.status !== 200) return 'expected 200 with its own collections';
    const ids = (answer.body as { collections: { id: number }[] }).collections.map((c) => c.id);
    return ids.includes(a.collectionId) ? "lists A's collection" : undefined;
  }
  if (answer.status === 404) return isError(answer.body) ? undefined : 'a 404 without { error }';
  if (answer.status !== 200) return `expected 404 or the caller's own cart`;
  return holdsCartOfA(answer.body) ? "shows A's cart" : undefined;
}
