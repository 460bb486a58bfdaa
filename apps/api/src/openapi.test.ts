import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/index.js';

// The whole document, every audience: each path parameter declared, each operation's security
// naming its audience's scheme, the framework's answers (413, 414, 415) where they can happen, and
// answers without content (204) documented with none.

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: { type?: string; maximum?: number } }[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

/** Operations anyone may call: identify, sign-in, sign-up, the widget's files. */
const OPEN = new Set([
  'POST /v1/public/token',
  'POST /v1/admin/login',
  'POST /v1/admin/signup',
  'GET /widget/{version}/embed.html',
  'GET /widget/{version}/{*}',
]);

describe('the OpenAPI document', () => {
  let api: TestApi;
  let document: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    api = await startTestApi();
    document = (await api.app.inject({ url: '/v1/openapi.json' })).json();
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        where: `${method.toUpperCase()} ${path}`,
        path,
        method,
        operation,
      })),
    );

  it('declares every path parameter, ids in the 32-bit range the database holds', () => {
    const problems: string[] = [];
    for (const { where, path, operation } of operations()) {
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const declared = operation.parameters?.find(
          (parameter) => parameter.in === 'path' && parameter.name === name,
        );
        if (!declared) problems.push(`${where}: {${name}} not declared`);
        else if (declared.schema?.type === 'integer' && declared.schema.maximum !== 2_147_483_647)
          problems.push(`${where}: {${name}} up to ${declared.schema.maximum}`);
      }
    }
    expect(operations().length).toBeGreaterThan(60);
    expect(problems).toEqual([]);
  });

  it("names each operation's audience in its security", () => {
    const problems: string[] = [];
    for (const { where, path, operation } of operations()) {
      const audience = OPEN.has(where)
        ? undefined
        : (/^\/v1\/(admin|agent)\//.exec(path)?.[1] ?? 'visitor');
      const expected = audience ? [{ [audience]: [] }] : [];
      if (JSON.stringify(operation.security) !== JSON.stringify(expected))
        problems.push(`${where}: ${JSON.stringify(operation.security)}`);
    }
    expect(problems).toEqual([]);
  });

  it("documents the framework's answers, and 204 without content", () => {
    const problems: string[] = [];
    for (const { where, path, method, operation } of operations()) {
      const codes = Object.keys(operation.responses ?? {});
      const expected = [
        '400',
        ...(path.includes('{') ? ['404', '414'] : []),
        ...(['post', 'put', 'patch', 'delete'].includes(method) ? ['413', '415'] : []),
      ];
      for (const code of expected)
        if (!codes.includes(code)) problems.push(`${where}: ${code} not documented`);
      if (operation.responses?.['204']?.content) problems.push(`${where}: 204 has content`);
    }
    expect(problems).toEqual([]);
  });
});
