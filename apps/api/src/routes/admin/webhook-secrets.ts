import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import type { CompanySecrets } from '../../webhook-tools/company-secrets.js';
import type { SigningSecrets } from '../../webhook-tools/signing-secrets.js';
import { adminErrors, companyOf, errorBody, signedInAdminOf } from './shared.js';

const tags = ['admin: webhook tools'];

const secret = z.object({
  name: z.string(),
  value_hint: z
    .string()
    .describe('`…` and the value’s last four characters; the value is never shown again'),
  created_at: z.string(),
  updated_at: z.string(),
});

const nameParams = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, _ and -, at most 64')
    .describe('What a webhook tool’s header names as `{{secret:name}}`'),
});

const signingStatus = z.object({
  secret_hint: z.string().describe('`…` and the key’s last four characters'),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
  previous_valid_until: z
    .string()
    .nullable()
    .describe('Until when the key before the last rotation still signs (a second `v1`)'),
});

const unavailable = errorBody('The operator has not configured secret storage (SVC_SECRETS_KEY)');

/** What the routes work on. */
export interface WebhookSecretRouteDeps {
  secrets: CompanySecrets;
  signing: SigningSecrets;
}

/**
 * The company's secrets for its webhook tools' headers, and the key its webhook calls are signed
 * with. Values are sealed at rest and never shown again after they are stored; the signing key is
 * shown once, when it is created or rotated. Only a signed-in admin changes them.
 */
export function webhookSecretRoutes(deps: WebhookSecretRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/secrets',
      {
        schema: {
          operationId: 'listSecrets',
          tags,
          summary: 'The company’s webhook secrets by name, without their values (offset paged)',
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ secrets: z.array(secret), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { rows, next_offset } = pageOf(
          await deps.secrets.list(companyOf(request), request.query),
          request.query,
        );
        return { secrets: rows, next_offset };
      },
    );

    app.put(
      '/secrets/:name',
      {
        schema: {
          operationId: 'putSecret',
          tags,
          summary: 'Store a secret under a name, or rotate it (replace its value)',
          description:
            'A webhook tool’s header value names it as `{{secret:name}}`; the API fills it into that header of the company’s tool calls and nowhere else. The value is sealed at rest and never shown again.',
          params: nameParams,
          body: z.object({
            value: z
              .string()
              .min(1)
              .max(4096)
              .regex(/^[^\r\n\0]*$/, 'one line'),
          }),
          response: {
            200: secret.describe('Replaced'),
            201: secret.describe('Created'),
            ...adminErrors,
            503: unavailable,
          },
        },
      },
      async (request, reply) => {
        signedInAdminOf(request);
        const { created, secret: stored } = await deps.secrets.put(
          companyOf(request),
          request.params.name,
          request.body.value,
        );
        return reply.status(created ? 201 : 200).send(stored);
      },
    );

    app.delete(
      '/secrets/:name',
      {
        schema: {
          operationId: 'deleteSecret',
          tags,
          summary: 'Delete a secret; a tool whose header names it answers the model an error',
          params: nameParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        signedInAdminOf(request);
        await deps.secrets.remove(companyOf(request), request.params.name);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/webhook-signing-key',
      {
        schema: {
          operationId: 'getWebhookSigningKey',
          tags,
          summary:
            'Whether the company has a webhook signing key, and when it was made (never the key)',
          response: {
            200: signingStatus,
            ...adminErrors,
            404: errorBody('The company has no signing key yet'),
          },
        },
      },
      async (request, reply) => {
        const status = await deps.signing.status(companyOf(request));
        if (!status)
          return reply.status(404).send({ error: 'the company has no webhook signing key yet' });
        return status;
      },
    );

    app.post(
      '/webhook-signing-key',
      {
        schema: {
          operationId: 'rotateWebhookSigningKey',
          tags,
          summary:
            'Create the webhook signing key, or rotate it; the answer is the only time it is shown',
          description:
            'Every webhook tool call carries `svc-signature: t=<unix>,v1=<hex>` (HMAC-SHA256 of `<t>.<body>` under this key; `@svc/webhooks` verifies it). After a rotation the previous key signs too, as a second `v1`, for 24 hours.',
          response: {
            200: signingStatus.extend({ secret: z.string() }).describe('Rotated'),
            201: signingStatus.extend({ secret: z.string() }).describe('Created'),
            ...adminErrors,
            503: unavailable,
          },
        },
      },
      async (request, reply) => {
        signedInAdminOf(request);
        const { created, secret: key, status } = await deps.signing.rotate(companyOf(request));
        return reply.status(created ? 201 : 200).send({ ...status, secret: key });
      },
    );
  };
}
