import { FEATURE_TYPES } from '@svc/protocol';
import {
  AGENT_API_ENDPOINTS,
  type WebhookToolCallRequest,
  type WebhookToolSettings,
} from '@svc/protocol/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { checkAgentKey } from '../auth.js';
import type { Conversations } from '../conversations.js';
import { HttpError } from '../errors.js';
import { securityOf } from '../openapi.js';
import type { WebhookToolRunner } from '../webhook-tools/run.js';

/** What the route needs. */
export interface AgentWebhookToolRouteDeps {
  /** The service key agents send as `Authorization: Bearer`; without one, the agent API is off. */
  agentKey: string | undefined;
  conversations: Conversations;
  runner: WebhookToolRunner;
}

const error = z.object({ error: z.string() });

/** A `ToolResult`: what the agent gives the model. */
const toolResult = z.looseObject({
  ok: z.boolean(),
  result: z.unknown().optional().describe('The endpoint’s answer: JSON, or text, cut at the cap'),
  note: z.string().optional().describe('Said when the answer was cut'),
  error: z.string().optional().describe('Why the call did not go through, for the model to say'),
});

const { WEBHOOK_TOOL_CALL } = AGENT_API_ENDPOINTS;

/**
 * `POST /v1/agent/conversations/:conversationId/webhook-tools/:toolName/calls`: the agent asks the
 * API to run a webhook tool of the conversation's published scenario. The API holds the company's
 * secrets and signing key, so the call is made here; the answer is always a `ToolResult` (200),
 * an `ok: false` one with a sentence for the model when the endpoint failed, was refused or took
 * longer than the tool's timeout.
 */
export function agentWebhookToolRoutes(deps: AgentWebhookToolRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      WEBHOOK_TOOL_CALL.path,
      {
        onRequest: async (request) => {
          if (!deps.agentKey)
            throw new HttpError(401, 'the agent API is off: the server has no SVC_AGENT_KEY');
          checkAgentKey(request, deps.agentKey);
        },
        schema: {
          tags: ['agent'],
          security: securityOf('agent'),
          summary: 'Run a webhook tool of the conversation’s scenario (the API calls the endpoint)',
          params: z.object({
            conversationId: z.string().min(1).max(128),
            toolName: z.string().min(1).max(64),
          }),
          body: z.object({
            arguments: z.record(z.string(), z.unknown()),
            tool_call_id: z.string().min(1).max(200).optional(),
          }),
          response: {
            200: toolResult,
            400: error,
            401: error,
            404: error.describe(
              'No such conversation, or its scenario has no webhook tool of that name',
            ),
            409: error.describe('The conversation has ended'),
          },
        },
      },
      async (request) => {
        const { conversationId, toolName } = request.params;
        const body = request.body as WebhookToolCallRequest;
        const target = await deps.conversations.scope(conversationId);
        if (target.ended_at !== null)
          throw new HttpError(409, `conversation ${conversationId} has ended`);
        const tool = (target.snapshot.features ?? [])
          .filter((feature) => feature.type === FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM)
          .flatMap((feature) => feature.tools ?? [])
          .find((candidate) => candidate.name === toolName);
        const settings = tool?.settings?.webhook as WebhookToolSettings | undefined;
        if (!tool || !settings)
          throw new HttpError(404, `the scenario has no webhook tool named ${toolName}`);
        return deps.runner.run({
          companyId: target.company_id,
          name: tool.name,
          settings,
          arguments: body.arguments,
          // One key per model call: the agent's retries of this request reuse it.
          idempotencyKey: `${conversationId}:${body.tool_call_id ?? randomUUID()}`,
        });
      },
    );
  };
}
