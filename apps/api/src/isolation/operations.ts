// The isolation tables are driven by the API's own OpenAPI document: every operation it serves is a
// row, so a route added later is covered (or fails the table) without anyone editing the tests.
import type { FastifyInstance } from 'fastify';

/** The parts of a JSON Schema the body generator reads. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  default?: unknown;
}

/** One operation of the document. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The templated path, e.g. `/v1/admin/scenarios/{id}/tests/{testId}`. */
  path: string;
  /** The operationId, or `METHOD path` when the operation has none. */
  name: string;
  /**
   * Path parameters with the segment before each (`scenarios` for `{id}`), in order, and the
   * type the document gives them (`integer` for numeric ids) when it gives one.
   */
  params: { name: string; after: string; type?: string | undefined }[];
  /** The JSON body schema, when the operation takes one. */
  body: JsonSchema | undefined;
  /** Whether the operation declares no security (sign-in, sign-up). */
  open: boolean;
  /** Query parameters with their type and the largest value their schema allows, if any. */
  query: { name: string; type: string | undefined; maximum: number | undefined }[];
  /** The schema of the 200 or 201 answer. */
  success: JsonSchema | undefined;
}

type DocumentOperation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: { type?: string; maximum?: number } }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

/** Every operation under `prefix` (e.g. `/v1/admin/`) in the app's `GET /v1/openapi.json`. */
export async function operationsUnder(app: FastifyInstance, prefix: string): Promise<Operation[]> {
  const document = (await app.inject({ url: '/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, DocumentOperation>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith(prefix))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const segments = path.split('/');
        const params = segments.flatMap((segment, index) => {
          const match = /^\{(.+)\}$/.exec(segment);
          const name = match?.[1];
          if (!name) return [];
          const declared = operation.parameters?.find(
            (parameter) => parameter.in === 'path' && parameter.name === name,
          );
          return [{ name, after: segments[index - 1] ?? '', type: declared?.schema?.type }];
        });
        const content = operation.requestBody?.content ?? {};
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          name: operation.operationId ?? `${method.toUpperCase()} ${path}`,
          params,
          body: operation.requestBody
            ? (content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? {})
            : undefined,
          open: Array.isArray(operation.security) && operation.security.length === 0,
          query: (operation.parameters ?? [])
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => ({
              name: parameter.name,
              type: parameter.schema?.type,
              maximum: parameter.schema?.maximum,
            })),
          success: (operation.responses?.['200'] ?? operation.responses?.['201'])?.content?.[
            'application/json'
          ]?.schema,
        };
      }),
    );
}

/**
 * Fills the path's parameters with `fill(param)`; a parameter it cannot fill throws, so a new
 * route whose ids the table does not know fails the test instead of being skipped.
 */
export function urlOf(
  operation: Operation,
  fill: (param: { name: string; after: string }) => string | number | undefined,
): string {
  let url = operation.path;
  for (const param of operation.params) {
    const value = fill(param);
    if (value === undefined)
      throw new Error(
        `${operation.name}: no value for path parameter {${param.name}} after /${param.after}/; seed one in the isolation table`,
      );
    url = url.replace(`{${param.name}}`, encodeURIComponent(String(value)));
  }
  return url;
}

/**
 * The smallest body the schema accepts: required properties only, each at its minimum. Tables use
 * it for operations they have no hand-written body for, so the request reaches the handler (and
 * its ownership check) instead of stopping at validation.
 */
export function minimalBody(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return minimalBody(schema.anyOf[0]);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, minimalBody(schema.properties?.[key])]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, index) => {
        const item = minimalBody(schema.items);
        return typeof item === 'string' ? `${item}${index}` : item;
      });
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uri') return 'https://example.com';
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return (
        (schema.minimum ?? 0) + (schema.exclusiveMinimum || schema.minimum === undefined ? 1 : 0)
      );
    case 'boolean':
      return true;
    default:
      return {};
  }
}

/** A bearer header, or none. */
export const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** Calls one operation; answers the status and the parsed body. */
export async function callOperation(
  app: FastifyInstance,
  operation: Operation,
  url: string,
  token: string | undefined,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await app.inject({
    method: operation.method,
    url,
    headers: bearer(token),
    ...(operation.body !== undefined ? { payload: body as object } : {}),
  });
  let parsed: unknown = response.body;
  try {
    parsed = response.body ? response.json() : undefined;
  } catch {
    // Not JSON: kept as text, which the tables' `{ error }` check then rejects.
  }
  return { status: response.statusCode, body: parsed };
}

/**
 * Calls one operation as each caller and answers what was wrong: every caller must get `status`
 * with an `{ error }` body (a table collects the lines and expects none).
 */
export async function refusedCallers(
  app: FastifyInstance,
  operation: Operation,
  url: string,
  callers: readonly (readonly [caller: string, token: string | undefined])[],
  body: unknown,
  status = 401,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const [caller, token] of callers) {
    const answer = await callOperation(app, operation, url, token, body);
    if (answer.status !== status || typeof (answer.body as { error?: unknown })?.error !== 'string')
      wrong.push(`${caller} ${operation.method} ${url}: ${answer.status}`);
  }
  return wrong;
}
