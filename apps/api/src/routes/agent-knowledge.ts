import { FEATURE_TYPES } from '@svc/protocol';
import { AGENT_API_ENDPOINTS } from '@svc/protocol/agent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkAgentKey } from '../auth.js';
import type { Conversations } from '../conversations.js';
import { HttpError } from '../errors.js';
import type { KnowledgeSearch } from '../knowledge/index.js';
import { securityOf } from '../openapi.js';

/** What the route needs. */
export interface AgentKnowledgeRouteDeps {
  /** The service key agents send as `Authorization: Bearer`; without one, the agent API is off. */
  agentKey: string | undefined;
  conversations: Conversations;
  search: KnowledgeSearch;
  /** The similarity under which a passage is not answered from. */
  relevanceThreshold: number;
  /**
   * The margin (`KnowledgeHit.margin`: its similarity above the next passages') from which the
   * best passage answers the question by itself.
   */
  answerMargin: number;
}

/** Passages the model gets: enough to hold an answer, few enough to read fast. */
const PASSAGES_FOR_MODEL = 3;

const error = z.object({ error: z.string() });

/** A `ToolResult`: what the agent gives the model. */
const toolResult = z.looseObject({
  ok: z.boolean(),
  result: z
    .object({
      passages: z.array(
        z.object({
          document: z.string().describe('The document’s title'),
          text: z.string(),
          similarity: z.number().describe('How close the passage is to the question, -1 to 1'),
        }),
      ),
      confident: z
        .boolean()
        .describe(
          'Whether the first passage stands far enough above the next ones to answer the question by itself; when not, it may be only near the subject',
        ),
    })
    .optional(),
  note: z.string().optional().describe('How the model is to answer from the passages'),
});

const { KNOWLEDGE_SEARCH } = AGENT_API_ENDPOINTS;

/**
 * `POST /v1/agent/conversations/:conversationId/knowledge/search`: the agent searches the
 * documents the conversation's published scenario attached (its `knowledge:documents:search`
 * features' `document_ids`, only the company's own). The answer is a `ToolResult`: the relevant
 * passages with their documents' titles, or none and a note to say the agent does not know.
 */
export function agentKnowledgeRoutes(deps: AgentKnowledgeRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      KNOWLEDGE_SEARCH.path,
      {
        onRequest: async (request) => {
          if (!deps.agentKey)
            throw new HttpError(401, 'the agent API is off: the server has no SVC_AGENT_KEY');
          checkAgentKey(request, deps.agentKey);
        },
        schema: {
          tags: ['agent'],
          security: securityOf('agent'),
          summary: 'Search the documents the conversation’s scenario attached',
          params: z.object({ conversationId: z.string().min(1).max(128) }),
          body: z.object({ query: z.string().trim().min(1).max(1000) }),
          response: {
            200: toolResult,
            400: error,
            401: error,
            404: error.describe('No such conversation'),
            409: error.describe('The conversation has ended'),
          },
        },
      },
      async (request) => {
        const { conversationId } = request.params;
        const target = await deps.conversations.scope(conversationId);
        if (target.ended_at !== null)
          throw new HttpError(409, `conversation ${conversationId} has ended`);
        const documentIds = (target.snapshot.features ?? [])
          .filter((feature) => feature.type === FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH)
          .flatMap((feature) => {
            const ids = feature.settings?.document_ids;
            return Array.isArray(ids) ? ids.filter((id) => Number.isInteger(id)) : [];
          }) as number[];
        const hits = await deps.search.search(
          { companyId: target.company_id, documentIds },
          request.body.query,
          PASSAGES_FOR_MODEL,
        );
        const relevant = hits.filter((hit) => hit.similarity >= deps.relevanceThreshold);
        if (relevant.length === 0)
          return {
            ok: true,
            result: { passages: [], confident: false },
            note: 'Nothing in the documents answers this. Say you do not know, and say what you can help with.',
          };
        const confident = (relevant[0]?.margin ?? -1) >= deps.answerMargin;
        return {
          ok: true,
          result: {
            passages: relevant.map((hit) => ({
              document: hit.document_title,
              text: hit.text,
              similarity: Math.round(hit.similarity * 1000) / 1000,
            })),
            confident,
          },
          note: confident
            ? 'Answer only from these passages, in a sentence or two. If they do not answer the question, say you do not know.'
            : 'These passages are only near the question and may not answer it. Answer only from them; if they do not answer it, say you do not know, and say what you can help with.',
        };
      },
    );
  };
}
