import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, seedFixture } from '../../test-fixtures.js';
import { startTestApi, type TestApi } from '../../testing/index.js';

// The studio's client is generated from the served OpenAPI document, so every admin operation must
// name itself, say how it authenticates, and document its body and every answer it can give.

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[] };
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** Operations that take no body at all: an action named by its path. */
const BODYLESS = new Set([
  'logout',
  'logoutEverywhere',
  'unpublishPublication',
  'rotateIdentifySecret',
  'rotateWebhookSecret',
  'resendWebhookDelivery',
  'rotateWebhookSigningKey',
]);
/** Operations open without credentials. */
const OPEN = new Set(['login', 'signUp']);

describe('the admin OpenAPI document', () => {
  let api: TestApi<Awaited<ReturnType<typeof seedFixture>>>;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components?: { securitySchemes?: Record<string, unknown> };
  };
  beforeAll(async () => {
    api = await startTestApi({ seed: seedFixture, app: { adminRateLimit: 3 } });
    document = (await api.app.inject({ url: '/v1/openapi.json' })).json();
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const operations = () =>
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/admin/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );

  it('declares a bearer scheme per audience', () => {
    for (const audience of ['admin', 'visitor', 'agent'])
      expect(document.components?.securitySchemes?.[audience]).toMatchObject({
        type: 'http',
        scheme: 'bearer',
      });
    expect(operations().length).toBeGreaterThan(30);
  });

  it('names every admin operation once, in camelCase, with its security, body and answers', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const { path, method, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const id = operation.operationId;
      if (!id || !/^[a-z][A-Za-z0-9]*$/.test(id)) problems.push(`${where}: operationId ${id}`);
      else if (seen.has(id)) problems.push(`${where}: operationId ${id} used twice`);
      if (id) seen.add(id);
      const open = OPEN.has(id ?? '');
      const expectedSecurity = open ? [] : [{ admin: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(expectedSecurity))
        problems.push(`${where}: security ${JSON.stringify(operation.security)}`);
      if (['post', 'put', 'patch'].includes(method) && !BODYLESS.has(id ?? '')) {
        if (!operation.requestBody?.content) problems.push(`${where}: no request body`);
      }
      const responses = operation.responses ?? {};
      const codes = Object.keys(responses);
      if (!codes.some((code) => /^2\d\d$/.test(code))) problems.push(`${where}: no success answer`);
      const required = [
        '400',
        '429',
        ...(open ? [] : ['401']),
        ...(path.includes('{') ? ['404'] : []),
      ];
      for (const code of required)
        if (!codes.includes(code)) problems.push(`${where}: answer ${code} not documented`);
      for (const [code, response] of Object.entries(responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (Number(code) >= 400) {
          if (schema?.properties?.error?.type !== 'string' || !schema.required?.includes('error'))
            problems.push(`${where}: ${code} is not an { error } body`);
        } else if (code !== '204' && response.content?.['application/json']) {
          if (!schema || Object.keys(schema).length === 0)
            problems.push(`${where}: ${code} has an empty schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 429 with an { error } body past the per-route limit', async () => {
    const login = await api.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      payload: ADMIN,
    });
    const token = login.json().token as string;
    const statuses: number[] = [];
    let last: unknown;
    for (let n = 0; n < 4; n += 1) {
      const response = await api.app.inject({
        url: '/v1/admin/applications',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(response.statusCode);
      last = response.json();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last).toEqual({ error: expect.stringMatching(/^rate limited/) });
  });
});
