import { PROVIDER_REFERENCE_PATTERN } from '@svc/protocol/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CREDENTIAL_PROVIDERS, type Credentials } from '../../credentials.js';
import { nextOffset, pageOf, pageQuery } from '../../paging.js';
import { adminErrors, companyOf, errorBody, signedInAdminOf } from './shared.js';

const tags = ['admin: credentials'];

const credential = z.object({
  name: z.string(),
  provider: z.string(),
  base_url: z.string().nullable().describe('The company’s own server (`openai-compatible` only)'),
  key_hint: z
    .string()
    .describe('`…` and the key’s last four characters; the key is never shown again'),
  created_at: z.string(),
  updated_at: z.string(),
});

const nameParams = z.object({
  name: z
    .string()
    .regex(PROVIDER_REFERENCE_PATTERN, 'lower-case letters, digits, _ and -, at most 64')
    .describe('What a scenario’s voice setting names in `credential`'),
});

const unavailable = errorBody(
  'The operator has not configured credential storage (SVC_SECRETS_KEY)',
);

/**
 * The company's provider credentials: keys for a hosted provider (sent only to its own host) or
 * for a model server of the company's (sent only to that server's `base_url`). A scenario's voice
 * setting names one in `credential`. Keys are stored sealed and never shown again; only a signed-in
 * admin changes them (an API key may list them).
 */
export function credentialRoutes(credentials: Credentials): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/credentials',
      {
        schema: {
          operationId: 'listCredentials',
          tags,
          summary: 'The company’s provider credentials by name, without their keys (offset paged)',
          querystring: z.object(pageQuery),
          response: {
            200: z.object({ credentials: z.array(credential), next_offset: nextOffset }),
            ...adminErrors,
          },
        },
      },
      async (request) => {
        const { rows, next_offset } = pageOf(
          await credentials.list(companyOf(request), request.query),
          request.query,
        );
        return { credentials: rows, next_offset };
      },
    );

    app.put(
      '/credentials/:name',
      {
        schema: {
          operationId: 'putCredential',
          tags,
          summary: 'Store a provider key under a name (replacing the one of that name)',
          description:
            'A hosted provider’s key (`openai`, `deepgram`, `cartesia`, `elevenlabs`) is sent only to that provider’s own host; an `openai-compatible` credential carries the company’s server address (`https`, a public host), and the key is sent only there. The key is sealed at rest and never shown again.',
          params: nameParams,
          body: z.object({
            provider: z.enum(CREDENTIAL_PROVIDERS),
            api_key: z.string().min(1).max(4096),
            base_url: z.string().max(2048).optional(),
          }),
          response: {
            200: credential.describe('Replaced'),
            201: credential.describe('Created'),
            ...adminErrors,
            422: errorBody(
              'The address does not fit the provider: only openai-compatible takes one, and it must be https on a public host; the message names the field',
            ),
            503: unavailable,
          },
        },
      },
      async (request, reply) => {
        signedInAdminOf(request);
        const { created, credential: stored } = await credentials.put(
          companyOf(request),
          request.params.name,
          request.body,
        );
        return reply.status(created ? 201 : 200).send(stored);
      },
    );

    app.delete(
      '/credentials/:name',
      {
        schema: {
          operationId: 'deleteCredential',
          tags,
          summary:
            'Delete a credential; scenarios that name it can no longer be published or served',
          params: nameParams,
          response: { 204: z.null(), ...adminErrors },
        },
      },
      async (request, reply) => {
        signedInAdminOf(request);
        await credentials.remove(companyOf(request), request.params.name);
        return reply.status(204).send(null);
      },
    );
  };
}
