// The OpenAPI document: how each audience authenticates, and the answers every route can give
// because of the framework (before or around its handler), added to what the route declares.
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The security schemes, one per audience; each operation names its own in `security`. */
export const SECURITY_SCHEMES = {
  admin: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An admin session token (`svc_as_…`, from `POST /v1/admin/login` or `/signup`) or a company API key (`svc_sk_…`).',
  },
  visitor: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A visitor token: the `user_token` of `POST /v1/public/token` (identify).',
  },
  agent: {
    type: 'http',
    scheme: 'bearer',
    description: "The agent's service key (`SVC_AGENT_KEY` of the API and of the agent).",
  },
} as const;

/** `security` of an operation that takes the credential of `audience`. */
export const securityOf = (audience: keyof typeof SECURITY_SCHEMES) => [{ [audience]: [] }];

/** The longest path parameter the router matches, in URL characters (an encoded id of 256 characters fits). */
export const MAX_PARAM_LENGTH = 4096;

const error = (description: string) => z.object({ error: z.string() }).describe(description);

/** Answers the framework gives, by what a route has; a route's own description of one wins. */
const FRAMEWORK_ANSWERS = {
  400: error('The body, query or path does not match the schema; the message names the field'),
  404: error('Nothing with this id (or not visible to this credential)'),
  413: error('The body is over the size limit'),
  414: error(`A path parameter is over ${MAX_PARAM_LENGTH} characters`),
  415: error('The Content-Type is not one this operation reads'),
};

/** Methods whose requests may carry a body the framework reads (and limits, and types). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * `schema.documentedBody` of a route that reads its body itself (validated as `z.any()`): the
 * body's schema per media type, as the document shows it.
 */
export interface DocumentedBody {
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * `jsonSchemaTransform` plus what the route's own schema leaves out: the framework's answers
 * (400 for input that fails its schema or is not JSON, 404 and 414 on paths with parameters, 413
 * and 415 where a body is read), and answers without a body (204) documented with no content.
 */
export function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const methods = [input.route.method].flat().map(String);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: keyof typeof FRAMEWORK_ANSWERS) => {
    if (!(status in response)) response[status] = FRAMEWORK_ANSWERS[status];
  };
  add(400);
  if (input.url.includes(':')) {
    add(404);
    add(414);
  }
  if (methods.some((method) => WITH_BODY.has(method))) {
    add(413);
    add(415);
  }
  const noContent = '204' in response ? response['204'] : undefined;
  delete response['204'];
  const { documentedBody, ...rest } = schema as { documentedBody?: DocumentedBody };
  const transformed = jsonSchemaTransform({ ...input, schema: { ...rest, response } });
  if (documentedBody) {
    // A body the handler reads itself (a stream): its schema per media type, for the document only.
    const content: Record<string, { schema: unknown }> = {};
    for (const [type, { schema: body }] of Object.entries(documentedBody.content)) {
      const converted = jsonSchemaTransform({ ...input, schema: { body } }).schema as {
        body: unknown;
      };
      content[type] = { schema: converted.body };
    }
    (transformed.schema as Record<string, unknown>).body = { content };
  }
  if (noContent !== undefined) {
    const described = (noContent as { description?: string }).description;
    // `type: 'null'` is how @fastify/swagger writes an answer with no content.
    (transformed.schema as { response: Record<string, unknown> }).response['204'] = {
      type: 'null',
      description: described ?? 'Done; no content',
    };
  }
  return transformed;
}
