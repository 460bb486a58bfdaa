// The agent API's bodies as zod schemas: they validate requests and answers, and document both in
// the OpenAPI document. Each is tied to its `@svc/protocol` type by a compile-time check, so a
// field renamed, added or retyped on either side fails the typecheck instead of drifting.
import {
  FIELD_ROLES,
  type Collection,
  type ConversationMessage,
  type RestoreState,
} from '@svc/protocol';
import {
  AGENT_PUBLICATIONS_LIMIT,
  ANALYSIS_FIELD_TYPES,
  ANALYSIS_LIMITS,
  CRITERION_RESULTS,
  MESSAGE_BATCH_LIMITS,
  VOICE_ROLES,
  type AppendMessagesRequest,
  type AgentCapabilities,
  type AgentPublicationPage,
  type ConversationAnalysis,
  type EndConversationRequest,
  type EndConversationResponse,
  type RecordMetricsRequest,
  type RuntimeConfig,
  type SaveRestoreStateResponse,
  type ScenarioSnapshot,
  type StoredCount,
} from '@svc/protocol/agent';
import { z } from 'zod';
import type { ScenarioDefinition } from '../scenario-definition.js';
import type { Holds, Same, Settled } from './protocol-match.js';
import { MAX_ID } from './record-id.js';

const mode = z.enum(['audio', 'text']);
const settings = z.record(z.string(), z.unknown());

const provider = z
  .looseObject({
    provider: z.string().min(1),
    model: z.string().optional(),
    voice: z.string().optional(),
    base_url: z.string().optional(),
    endpoint: z.string().optional(),
    credential: z.string().optional(),
  })
  .describe('One engine choice; provider-specific options beyond these fields pass through.');

const tool = z.object({
  name: z.string().min(1),
  type: z.string().describe('`frontend` (the page runs it over RPC) or `server`'),
  settings: settings.optional(),
  frontend_method: z.string().min(1).optional(),
  rpc_timeout_s: z.number().optional(),
  description: z.string().optional(),
  parameters: settings.optional().describe("JSON Schema of the tool's arguments"),
});

/** A scenario as a publication froze it (`ScenarioSnapshot`); every field is optional. */
export const scenarioSnapshot = z.object({
  name: z.string().optional(),
  language: z.string().optional(),
  prompt: z.string().optional(),
  first_message: z.string().optional(),
  voice_stack: z.string().optional(),
  voice: z
    .object({ stt: provider.optional(), llm: provider.optional(), tts: provider.optional() })
    .optional(),
  avatar_enabled: z.boolean().optional(),
  audio_dictation: z.boolean().optional(),
  limit: z.number().optional(),
  features: z
    .array(
      z.object({
        name: z.union([z.string(), z.record(z.string(), z.string())]),
        type: z.string().min(1),
        settings,
        tools: z.array(tool),
      }),
    )
    .optional(),
  collection_ids: z.array(z.number()).optional(),
  translations: z
    .record(
      z.string(),
      z.object({ prompt: z.string().optional(), first_message: z.string().optional() }),
    )
    .optional(),
  analysis: z
    .object({
      fields: z
        .array(
          z.object({
            name: z.string(),
            type: z.enum(ANALYSIS_FIELD_TYPES),
            description: z.string(),
          }),
        )
        .optional(),
      criteria: z.array(z.object({ name: z.string(), description: z.string() })).optional(),
    })
    .optional(),
});

/** A collection as the contract has it (`Collection`). */
export const collection = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  company_id: z.number(),
  default_view_id: z.number().optional(),
  view: z.object({ template: z.string(), mapping: z.record(z.string(), z.string()) }).optional(),
  search_fields: z.array(z.object({ name: z.string(), index_type: z.string() })).optional(),
  filter_fields: z
    .array(
      z.object({
        name: z.string(),
        filter_key: z.string(),
        field_type: z.string(),
        enum_options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
        role: z.enum(FIELD_ROLES).optional(),
        unit: z.string().optional(),
      }),
    )
    .optional(),
});

/** A restore checkpoint (`RestoreState`). */
export const restoreState = z.object({
  checkpoint: z.string().optional(),
  data: settings.optional(),
  version: z.number().int().positive().optional(),
  updated_at: z.string().optional(),
});

/** A conversation message (`ConversationMessage`), with the bounds the API stores. */
export const conversationMessage = z.object({
  id: z.string().min(1).max(128),
  role: z.enum(['user', 'assistant', 'tool', 'event']),
  content: z.string().max(100_000),
  timestamp: z.string().min(1),
  tool_calls: z
    .array(z.object({ id: z.string().min(1), name: z.string().min(1), arguments: settings }))
    .optional(),
  tool_call_id: z.string().min(1).optional(),
  interrupted: z.boolean().optional(),
  experience_state: settings.optional(),
  route: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('Who decided the turn an agent reply answers: a router rule id, or `model`'),
});

/** Answer of `GET .../config` (`RuntimeConfig`). */
export const runtimeConfig = z.object({
  conversation: z.object({
    id: z.string().min(1),
    language: z.string(),
    input_mode: mode,
    output_mode: mode,
    metadata: settings,
    started_at: z.string(),
    ended_at: z.string().nullable(),
  }),
  visitor: z.object({ id: z.number(), external_id: z.string() }),
  company_id: z.number(),
  publication_uuid: z.string().min(1),
  scenario: scenarioSnapshot,
  collections: z.array(collection),
  item_names: z.array(z.string()).describe("Item names, for the speech recognizer's vocabulary"),
  restore_state: restoreState,
  history: z.array(conversationMessage).describe('The last messages, oldest first'),
  credentials: z
    .record(
      z.string(),
      z.object({
        provider: z.string().min(1),
        api_key: z.string().min(1),
        base_url: z.string().optional(),
      }),
    )
    .optional()
    .describe(
      "The company credentials the scenario's voice settings name, decrypted for the agent only",
    ),
});

/** Query of `GET /v1/agent/publications`. */
export const agentPublicationsQuery = z.object({
  // A history entry's id (0 before any): within the ids' range, as every id (./record-id.ts).
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_ID)
    .optional()
    .describe('The `next` of an earlier page: only publications published since, oldest first'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(AGENT_PUBLICATIONS_LIMIT.max)
    .default(AGENT_PUBLICATIONS_LIMIT.default),
});

/** Answer of `GET /v1/agent/publications` (`AgentPublicationPage`). */
export const agentPublicationPage = z.object({
  publications: z.array(
    z.object({
      uuid: z.string().min(1),
      published_at: z.string(),
      languages: z.array(z.string()).describe("The scenario's language, then its translations'"),
      scenario: scenarioSnapshot,
      collections: z.array(collection),
    }),
  ),
  next: z.string().describe('Pass as `after` to read what is published since'),
});

/** Body of `PUT .../analysis` and its answer (`ConversationAnalysis`). */
export const conversationAnalysis = z.object({
  data: z
    .record(
      z.string().max(64),
      z
        .union([z.string().max(ANALYSIS_LIMITS.MAX_STRING_VALUE), z.number(), z.boolean()])
        .nullable(),
    )
    .describe(
      'Every declared field by name, typed as declared; null when the conversation does not say',
    ),
  criteria: z
    .array(
      z.object({
        name: z.string().max(64),
        result: z.enum(CRITERION_RESULTS),
        rationale: z.string().max(ANALYSIS_LIMITS.MAX_RATIONALE),
      }),
    )
    .max(ANALYSIS_LIMITS.MAX_CRITERIA)
    .describe('Every declared criterion, in declared order'),
});

/** Body of `POST .../messages` (`AppendMessagesRequest`). */
export const appendMessagesRequest = z.object({
  messages: z.array(conversationMessage).min(1).max(MESSAGE_BATCH_LIMITS.MAX_MESSAGES),
});

/** Answer of `POST .../messages` and `POST .../metrics` (`StoredCount`). */
export const storedCount = z.object({ stored: z.number() });

/** Answer of `PUT .../restore-state` (`SaveRestoreStateResponse`). */
export const saveRestoreStateResponse = z.object({
  saved: z.boolean(),
  restore_state: restoreState,
});

/** Body of `POST .../end` (`EndConversationRequest`). */
export const endConversationRequest = z.object({
  reason: z.string().min(1).max(64),
  ended_at: z.iso.datetime().optional(),
  detail: z.string().max(1000).optional(),
});

/** Answer of `POST .../end` (`EndConversationResponse`). */
export const endConversationResponse = z.object({
  ended_at: z.string().nullable(),
  end_reason: z.string().nullable(),
});

const milliseconds = z.number().min(0).max(600_000).nullable().optional();

/** Body of `POST .../metrics` (`RecordMetricsRequest`). */
export const recordMetricsRequest = z.object({
  turns: z
    .array(
      z.object({
        turn: z.number().int().min(0),
        end_of_turn_ms: milliseconds,
        stt_ms: milliseconds,
        llm_ttft_ms: milliseconds,
        tts_ttfb_ms: milliseconds,
        e2e_ms: milliseconds,
      }),
    )
    .max(100),
});

/** What publishing stores: the authored definition with its name, language and collections. */
type PublishedScenario = ScenarioDefinition & {
  name: string;
  language: string;
  collection_ids: number[];
};

const names = z.array(z.string().min(1).max(128)).max(200);

/** Body of `PUT /v1/agent/capabilities` (`AgentCapabilities`). */
export const agentCapabilities = z.object({
  agent_name: z.string().min(1).max(128),
  providers: z.object({ stt: names, llm: names, tts: names }),
  keys: names,
  endpoints: z
    .array(
      z.object({
        name: z.string().min(1).max(64),
        provider: z.string().min(1).max(64),
        roles: z.array(z.enum(VOICE_ROLES)).min(1).max(3),
      }),
    )
    .max(200)
    .optional(),
  embedded_languages: z.object({ stt: names, tts: names }),
});

/**
 * Each schema against its protocol type, and the authoring schema against the snapshot the agent
 * reads (every authored field is a snapshot field of the same type): a mismatch is a compile error.
 */
export type SchemasMatchTheProtocol = [
  Holds<Same<z.output<typeof scenarioSnapshot>, ScenarioSnapshot>>,
  Holds<Same<z.output<typeof collection>, Collection>>,
  Holds<Same<z.output<typeof restoreState>, RestoreState>>,
  Holds<Same<z.output<typeof conversationMessage>, ConversationMessage>>,
  Holds<Same<z.output<typeof runtimeConfig>, RuntimeConfig>>,
  Holds<Same<z.output<typeof appendMessagesRequest>, AppendMessagesRequest>>,
  Holds<Same<z.output<typeof storedCount>, StoredCount>>,
  Holds<Same<z.output<typeof saveRestoreStateResponse>, SaveRestoreStateResponse>>,
  Holds<Same<z.output<typeof endConversationRequest>, EndConversationRequest>>,
  Holds<Same<z.output<typeof endConversationResponse>, EndConversationResponse>>,
  Holds<Same<z.output<typeof recordMetricsRequest>, RecordMetricsRequest>>,
  Holds<Same<z.output<typeof agentCapabilities>, AgentCapabilities>>,
  Holds<Same<z.output<typeof agentPublicationPage>, AgentPublicationPage>>,
  Holds<Same<z.output<typeof conversationAnalysis>, ConversationAnalysis>>,
  Holds<Settled<PublishedScenario> extends Settled<ScenarioSnapshot> ? true : false>,
  Holds<[Exclude<keyof PublishedScenario, keyof ScenarioSnapshot>] extends [never] ? true : false>,
];
