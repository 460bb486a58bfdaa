import type { ConversationMessage, RestoreState } from '@svc/protocol';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkAgentKey } from '../auth.js';
import type { Carts } from '../carts.js';
import type { CollectionStore } from '../collections/store.js';
import { resultLimit, type Conversations } from '../conversations.js';
import { HttpError } from '../errors.js';
import { contentRoutes } from './content.js';

/** What the agent's API needs. */
export interface AgentRouteDeps {
  /** The service key agents send as `Authorization: Bearer`; without one, the agent API is off. */
  agentKey: string | undefined;
  conversations: Conversations;
  store: CollectionStore;
  carts: Carts;
}

const error = z.object({ error: z.string() });
const errors = { 400: error, 401: error, 404: error };
const params = z.looseObject({ conversationId: z.string().min(1).max(128) });
const message = z.object({
  id: z.string().min(1).max(128),
  role: z.enum(['user', 'assistant', 'tool', 'event']),
  content: z.string().max(100_000),
  timestamp: z.string().min(1),
  tool_calls: z.array(z.unknown()).optional(),
  tool_call_id: z.string().optional(),
  interrupted: z.boolean().optional(),
  experience_state: z.record(z.string(), z.unknown()).optional(),
});
const restoreState = z.object({
  checkpoint: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
  version: z.number().int().positive().optional(),
  updated_at: z.string().optional(),
});
const ms = z.number().min(0).max(600_000).nullable().optional();

/**
 * The agent's API, under `/v1/agent/conversations/:conversationId`: runtime config, messages,
 * restore checkpoints, the end, per-turn metrics, and the server tools (the content routes scoped
 * to the conversation's visitor).
 */
export function agentRoutes(deps: AgentRouteDeps): FastifyPluginAsyncZod {
  const { conversations } = deps;
  const authenticate = (request: FastifyRequest) => {
    if (!deps.agentKey)
      throw new HttpError(401, 'the agent API is off: the server has no SVC_AGENT_KEY');
    checkAgentKey(request, deps.agentKey);
  };
  const conversationId = (request: FastifyRequest) =>
    (request.params as { conversationId: string }).conversationId;

  return async (app) => {
    app.addHook('onRequest', async (request) => authenticate(request));
    const tags = ['agent'];

    app.get(
      '/config',
      {
        schema: {
          tags,
          summary: 'Runtime config of a conversation',
          params,
          response: { 200: z.unknown(), ...errors },
        },
      },
      async (request) => conversations.runtimeConfig(request.params.conversationId),
    );

    app.post(
      '/messages',
      {
        schema: {
          tags,
          summary: 'Append messages (idempotent by id)',
          params,
          body: z.object({ messages: z.array(message).min(1).max(100) }),
          response: { 200: z.object({ stored: z.number() }), ...errors },
        },
      },
      async (request) =>
        conversations.appendMessages(
          request.params.conversationId,
          request.body.messages as ConversationMessage[],
        ),
    );

    app.put(
      '/restore-state',
      {
        schema: {
          tags,
          summary: 'Save a restore checkpoint (an older version is ignored)',
          params,
          body: restoreState,
          response: {
            200: z.object({ saved: z.boolean(), restore_state: restoreState }),
            ...errors,
          },
        },
      },
      async (request) =>
        conversations.saveRestoreState(request.params.conversationId, request.body as RestoreState),
    );

    app.post(
      '/end',
      {
        schema: {
          tags,
          summary: 'Record the end of the conversation (the first end wins)',
          params,
          body: z.object({
            reason: z.string().min(1).max(64),
            ended_at: z.iso.datetime().optional(),
          }),
          response: {
            200: z.object({ ended_at: z.string().nullable(), end_reason: z.string().nullable() }),
            ...errors,
          },
        },
      },
      async (request) =>
        conversations.end(
          request.params.conversationId,
          request.body.reason,
          request.body.ended_at,
        ),
    );

    app.post(
      '/metrics',
      {
        schema: {
          tags,
          summary: 'Record per-turn latencies (milliseconds)',
          params,
          body: z.object({
            turns: z
              .array(
                z.object({
                  turn: z.number().int().min(0),
                  end_of_turn_ms: ms,
                  stt_ms: ms,
                  llm_ttft_ms: ms,
                  tts_ttfb_ms: ms,
                  e2e_ms: ms,
                }),
              )
              .max(100),
          }),
          response: { 200: z.object({ stored: z.number() }), ...errors },
        },
      },
      async (request) =>
        conversations.recordMetrics(request.params.conversationId, request.body.turns),
    );

    await app.register(
      contentRoutes({
        store: deps.store,
        carts: deps.carts,
        tag: 'agent',
        async scope(request) {
          const target = await conversations.scope(conversationId(request));
          return {
            companyId: target.company_id,
            visitorId: target.visitor_id,
            collectionIds: target.snapshot.collection_ids ?? [],
            limit: resultLimit(target.snapshot),
          };
        },
      }),
    );
  };
}
