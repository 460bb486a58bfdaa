import type { ConversationMessage, RestoreState } from '@svc/protocol';
import {
  AGENT_API_ENDPOINTS,
  AGENT_CAPABILITIES_PATH,
  AGENT_PUBLICATIONS_PATH,
  type ConversationAnalysis,
  MESSAGE_BATCH_LIMITS,
  type TurnMetrics,
} from '@svc/protocol/agent';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AgentCapabilityStore } from '../agent-capabilities.js';
import { checkAgentKey } from '../auth.js';
import type { Carts } from '../carts.js';
import type { CollectionStore } from '../collections/store.js';
import { resultLimit, type Conversations } from '../conversations.js';
import { HttpError } from '../errors.js';
import { securityOf } from '../openapi.js';
import {
  agentCapabilities,
  agentPublicationPage,
  agentPublicationsQuery,
  appendMessagesRequest,
  conversationAnalysis,
  endConversationRequest,
  endConversationResponse,
  recordMetricsRequest,
  restoreState,
  runtimeConfig,
  saveRestoreStateResponse,
  storedCount,
} from './agent-schemas.js';
import { contentRoutes } from './content.js';
import type { AnalysisStore } from '../post-call/analysis-store.js';
import type { Publications } from '../publications.js';
import type { Deliveries } from '../post-call/deliveries.js';

/** What the agent's API needs. */
export interface AgentRouteDeps {
  /** The service key agents send as `Authorization: Bearer`; without one, the agent API is off. */
  agentKey: string | undefined;
  conversations: Conversations;
  store: CollectionStore;
  carts: Carts;
  /** Where the ended conversations' analyses are kept. */
  analyses: AnalysisStore;
  /** Told when an analysis arrives: a delivery waiting for it goes now. */
  deliveries: Deliveries;
}

const error = z.object({ error: z.string() });
const errors = { 400: error, 401: error, 404: error };
const conversationId = z.string().min(1).max(128);
const params = z.object({ conversationId });
const security = securityOf('agent');
const { CONFIG, MESSAGES, RESTORE_STATE, END, METRICS, ANALYSIS } = AGENT_API_ENDPOINTS;

// The bodies below are cast to their protocol types: the schemas match those types field for field
// (checked in agent-schemas.ts) except that zod types an optional field `T | undefined`, which a
// parsed JSON body never holds.

/** Lets a request with the agent key through; without a key configured, the agent API is off. */
function authenticateAgent(request: FastifyRequest, agentKey: string | undefined): void {
  if (!agentKey) throw new HttpError(401, 'the agent API is off: the server has no SVC_AGENT_KEY');
  checkAgentKey(request, agentKey);
}

/**
 * The agent's API, under `/v1/agent/conversations/:conversationId`: runtime config, messages,
 * restore checkpoints, the end, per-turn metrics, and the server tools (the content routes scoped
 * to the conversation's visitor).
 */
export function agentRoutes(deps: AgentRouteDeps): FastifyPluginAsyncZod {
  const { conversations } = deps;
  const authenticate = (request: FastifyRequest) => authenticateAgent(request, deps.agentKey);
  const conversationOf = (request: FastifyRequest) =>
    (request.params as { conversationId: string }).conversationId;

  return async (app) => {
    app.addHook('onRequest', async (request) => authenticate(request));
    const tags = ['agent'];

    app.get(
      CONFIG.path,
      {
        schema: {
          tags,
          security,
          summary: 'Runtime config of a conversation',
          params,
          response: { 200: runtimeConfig, ...errors },
        },
      },
      async (request) => conversations.runtimeConfig(request.params.conversationId),
    );

    app.post(
      MESSAGES.path,
      {
        // The limit the agent sizes its batches under (the app's default today, named here so
        // the two cannot drift apart).
        bodyLimit: MESSAGE_BATCH_LIMITS.MAX_BODY_BYTES,
        schema: {
          tags,
          security,
          summary: 'Append messages (idempotent by id)',
          params,
          body: appendMessagesRequest,
          response: { 200: storedCount, ...errors },
        },
      },
      async (request) =>
        conversations.appendMessages(
          request.params.conversationId,
          request.body.messages as ConversationMessage[],
        ),
    );

    app.put(
      RESTORE_STATE.path,
      {
        schema: {
          tags,
          security,
          summary: 'Save a restore checkpoint (an older version is ignored)',
          params,
          body: restoreState,
          response: { 200: saveRestoreStateResponse, ...errors },
        },
      },
      async (request) =>
        conversations.saveRestoreState(request.params.conversationId, request.body as RestoreState),
    );

    app.post(
      END.path,
      {
        schema: {
          tags,
          security,
          summary: 'Record the end of the conversation (the first end wins)',
          params,
          body: endConversationRequest,
          response: { 200: endConversationResponse, ...errors },
        },
      },
      async (request) =>
        conversations.end(
          request.params.conversationId,
          request.body.reason,
          request.body.ended_at,
          request.body.detail,
        ),
    );

    app.post(
      METRICS.path,
      {
        schema: {
          tags,
          security,
          summary: 'Record per-turn latencies (milliseconds)',
          params,
          body: recordMetricsRequest,
          response: { 200: storedCount, ...errors },
        },
      },
      async (request) =>
        conversations.recordMetrics(
          request.params.conversationId,
          request.body.turns as TurnMetrics[],
        ),
    );

    app.put(
      ANALYSIS.path,
      {
        schema: {
          tags,
          security,
          summary:
            'Store what was read out of the ended conversation: its declared fields and criteria (the first one stored stays)',
          params,
          body: conversationAnalysis,
          response: {
            200: conversationAnalysis,
            ...errors,
            409: error.describe(
              'The conversation runs still, or its scenario declares no analysis',
            ),
            422: error.describe(
              'A field or criterion is missing, undeclared or not of its declared type',
            ),
          },
        },
      },
      async (request) => {
        const target = await conversations.scope(request.params.conversationId);
        const stored = await deps.analyses.store(target, request.body as ConversationAnalysis);
        await deps.deliveries.analysisArrived(target.id, Date.now());
        return stored;
      },
    );

    await app.register(
      contentRoutes({
        store: deps.store,
        carts: deps.carts,
        audience: 'agent',
        prefixParams: { conversationId },
        rateLimited: false,
        async scope(request) {
          const target = await conversations.scope(conversationOf(request));
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

/** What the capabilities route needs. */
export interface AgentCapabilityRouteDeps {
  agentKey: string | undefined;
  capabilities: AgentCapabilityStore;
}

/**
 * `PUT /v1/agent/capabilities`: a starting worker reports the providers it knows, the key
 * variables it has (names only) and the languages of its embedded engines; the publish route
 * checks scenarios against the latest report of the deployment's agent.
 */
export function agentCapabilityRoutes(deps: AgentCapabilityRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      AGENT_CAPABILITIES_PATH,
      {
        onRequest: async (request) => authenticateAgent(request, deps.agentKey),
        schema: {
          tags: ['agent'],
          security,
          summary: 'Report what an agent worker can serve (when it starts)',
          body: agentCapabilities,
          response: { 200: z.object({ stored: z.boolean() }), 400: error, 401: error },
        },
      },
      async (request) => {
        await deps.capabilities.report(request.body);
        return { stored: true };
      },
    );
  };
}

/** What the workers' publication list needs. */
export interface AgentPublicationRouteDeps {
  agentKey: string | undefined;
  publications: Pick<Publications, 'liveSince'>;
  store: Pick<CollectionStore, 'many'>;
}

/**
 * `GET /v1/agent/publications`: the live publications, each with its snapshot, languages and
 * attached collections, so that a worker evaluates a new publication's prompt before its first
 * conversation does (seconds on two cores). A page read `after` a cursor holds what was published
 * or rolled back since, oldest first; without one, the most recent.
 */
export function agentPublicationRoutes(deps: AgentPublicationRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      AGENT_PUBLICATIONS_PATH,
      {
        onRequest: async (request) => authenticateAgent(request, deps.agentKey),
        schema: {
          tags: ['agent'],
          security,
          summary: 'List the live publications, for workers to prepare their prompts',
          querystring: agentPublicationsQuery,
          response: { 200: agentPublicationPage, 400: error, 401: error },
        },
      },
      async (request) => {
        const { after, limit } = request.query;
        const live = await deps.publications.liveSince(after, limit);
        const publications = await Promise.all(
          live.map(async (publication) => ({
            uuid: publication.uuid,
            published_at: publication.published_at,
            languages: publication.languages,
            scenario: publication.snapshot,
            collections: await deps.store.many(
              publication.company_id,
              publication.snapshot.collection_ids ?? [],
            ),
          })),
        );
        const newest = Math.max(after ?? 0, ...live.map((publication) => publication.history_id));
        return { publications, next: String(newest) };
      },
    );
  };
}
