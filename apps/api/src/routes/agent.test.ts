import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AGENT_API_BASE, AGENT_API_ENDPOINTS, parseRuntimeConfig } from '@svc/protocol/agent';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AGENT_KEY, adminToken, describeOnBothDialects } from '../test-harness.js';
import {
  collection,
  conversationMessage,
  restoreState,
  runtimeConfig,
  scenarioSnapshot,
} from './agent-schemas.js';

// The agent API speaks `@svc/protocol/agent`: its answers parse with the protocol's parsers, and
// its zod schemas accept and reject what the protocol's conformance vectors do.

interface VectorFile {
  valid: { name: string; value: unknown }[];
  invalid: { name: string; value: unknown }[];
}

const require = createRequire(import.meta.url);
const vectors = (file: string): VectorFile =>
  JSON.parse(readFileSync(require.resolve(`@svc/protocol/vectors/${file}`), 'utf8')) as VectorFile;

/**
 * The value with `null` removed where the schema has an optional (not nullable) field: the
 * protocol's readers count such a `null` as absent, while the API's schemas describe what a writer
 * sends, which leaves the field out.
 */
function withoutOptionalNulls(schema: z.ZodType, value: unknown): unknown {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return value === null ? null : withoutOptionalNulls(schema.unwrap() as z.ZodType, value);
  if (schema instanceof z.ZodArray && Array.isArray(value))
    return value.map((entry) => withoutOptionalNulls(schema.element as z.ZodType, entry));
  if (schema instanceof z.ZodObject && typeof value === 'object' && value !== null) {
    const shape = schema.shape as Record<string, z.ZodType>;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, entry]) => !(entry === null && shape[key] instanceof z.ZodOptional))
        .map(([key, entry]) => [key, shape[key] ? withoutOptionalNulls(shape[key], entry) : entry]),
    );
  }
  return value;
}

describe.each([
  ['runtime-config.json', runtimeConfig],
  ['scenario-snapshot.json', scenarioSnapshot],
  ['collection.json', collection],
  ['state-update.json', restoreState],
  ['message-new.json', conversationMessage],
] as const)('the zod schema of %s', (file, schema) => {
  const { valid, invalid } = vectors(file);

  it.each(valid.map((vector) => [vector.name, vector.value] as const))('accepts %s', (_, value) => {
    const result = schema.safeParse(withoutOptionalNulls(schema, value));
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it.each(invalid.map((vector) => [vector.name, vector.value] as const))(
    'rejects %s',
    (_, value) => {
      expect(schema.safeParse(value).success).toBe(false);
    },
  );
});

describeOnBothDialects('the agent API', (harness) => {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await harness().app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${AGENT_KEY}` },
    });
    return { status: response.statusCode, body: response.json<unknown>() };
  };

  it('routes every endpoint of AGENT_API_ENDPOINTS', () => {
    for (const { method, path } of Object.values(AGENT_API_ENDPOINTS)) {
      expect(harness().app.hasRoute({ method, url: `/v1${AGENT_API_BASE}${path}` }), path).toBe(
        true,
      );
    }
  });

  it('answers a runtime config the protocol parser reads', async () => {
    const { id: visitorId } = await harness().visitor('config-reader');
    const id = await harness().conversation(visitorId);
    const base = `/v1/agent/conversations/${id}`;
    await call('POST', `${base}/messages`, {
      messages: [
        {
          id: `${id}-1`,
          role: 'assistant',
          content: '',
          timestamp: new Date().toISOString(),
          tool_calls: [{ id: 'call-1', name: 'search_products', arguments: { query: 'tent' } }],
        },
      ],
    });

    const { status, body } = await call('GET', `${base}/config`);
    expect(status).toBe(200);
    const parsed = parseRuntimeConfig(body);
    if (!parsed.ok) throw new Error(parsed.error);
    const config = parsed.value;
    expect(config.conversation).toMatchObject({ id, input_mode: 'audio', ended_at: null });
    expect(config.conversation.metadata).toEqual({ page: 'home' });
    expect(config.visitor).toEqual({ id: visitorId, external_id: 'config-reader' });
    expect(config.publication_uuid).toBe(harness().fixture.publicationUuid);
    expect(config.scenario).toMatchObject({ name: 'Assistant', limit: 3 });
    expect(config.collections.map((attached) => attached.id)).toEqual([
      harness().fixture.collectionId,
    ]);
    expect(config.item_names.length).toBeGreaterThan(0);
    expect(config.history.map((message) => message.tool_calls?.[0]?.name)).toEqual([
      'search_products',
    ]);
  });

  it("stores who decided an agent reply (`route`) and gives it to the admin's transcript", async () => {
    const { id: visitorId } = await harness().visitor('route-reader');
    const id = await harness().conversation(visitorId);
    const at = new Date().toISOString();
    const reply = (suffix: string, route: string) => ({
      id: `${id}-${suffix}`,
      role: 'assistant',
      content: 'I removed it from your cart.',
      timestamp: at,
      route,
    });
    const stored = await call('POST', `/v1/agent/conversations/${id}/messages`, {
      messages: [reply('a1', 'cart.remove'), reply('a2', 'model')],
    });
    expect(stored.status).toBe(200);
    const refused = await call('POST', `/v1/agent/conversations/${id}/messages`, {
      messages: [reply('a3', 'x'.repeat(65))],
    });
    expect(refused.status).toBe(400);
    const detail = await harness().app.inject({
      url: `/v1/admin/conversations/${id}`,
      headers: { authorization: `Bearer ${await adminToken(harness().app)}` },
    });
    expect(
      (detail.json() as { messages: { route?: string }[] }).messages.map(
        (message) => message.route,
      ),
    ).toEqual(['cart.remove', 'model']);
  });

  it('documents the runtime config in the OpenAPI document', async () => {
    const { body } = await call('GET', '/v1/openapi.json');
    const document = body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const config = document.paths['/v1/agent/conversations/{conversationId}/config']?.get;
    expect(JSON.stringify(config?.responses['200'])).toContain('"item_names"');
  });
});
