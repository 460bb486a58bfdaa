// Names for the shapes the studio reads and sends, all taken from the generated `paths`. Where a
// route does not document its answer yet (`unknown` in the OpenAPI document), `Documented` falls
// back to a shape built from the route's request type; once the API documents the answer and the
// client is regenerated, the documented type wins without a change here.
import type { ConversationMessage } from '@svc/protocol';
import type { JsonSchema } from '../schema-form/schema-model';
import requestSchemas from './request-schemas.json';
import type { paths } from './schema';

type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON request body of an operation. */
export type RequestBody<
  Path extends keyof paths,
  Method extends keyof paths[Path],
> = paths[Path][Method] extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

/** The JSON answer of an operation's success (200 or 201). */
export type Answer<
  Path extends keyof paths,
  Method extends keyof paths[Path],
> = paths[Path][Method] extends {
  responses: infer Responses;
}
  ? Responses extends { 200: infer Ok }
    ? JsonOf<Ok>
    : Responses extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;

/** `Documented` when the API documents it, `Fallback` while it answers `unknown`. */
export type Documented<Documented, Fallback> = unknown extends Documented ? Fallback : Documented;

/** An application with its origins and limits. */
export type Application = Answer<'/v1/admin/applications/{id}', 'get'>;
/** An API key as listed (never the key itself). */
export type ApiKey = Answer<'/v1/admin/api-keys', 'get'>['api_keys'][number];

/** What a scenario is made of, as the API takes it. */
export type ScenarioFields = RequestBody<'/v1/admin/scenarios', 'post'>;
/** A scenario as the API answers it. */
export type Scenario = Documented<
  Answer<'/v1/admin/scenarios/{id}', 'get'>,
  Required<ScenarioFields> & { id: number; created_at: string; updated_at: string }
>;
/** A scenario in a listing. */
export type ScenarioSummary = Documented<
  Answer<'/v1/admin/scenarios', 'get'>['scenarios'][number],
  Pick<Scenario, 'id' | 'application_id' | 'name' | 'language' | 'updated_at'>
>;
/** A publication of a scenario under a label, with its embed snippets. */
export type Publication = Answer<
  '/v1/admin/scenarios/{id}/publications',
  'get'
>['publications'][number];

/** What a collection is made of, as the API takes it. */
export type CollectionFields = RequestBody<'/v1/admin/collections', 'post'>;
/** A collection as the API answers it. */
export type Collection = Documented<
  Answer<'/v1/admin/collections/{id}', 'get'>,
  Required<CollectionFields> & { id: number; created_at: string; item_count?: number }
>;
/** An item of a collection. */
export type CollectionItem = Answer<'/v1/admin/collections/{id}/items', 'get'>['items'][number];

/** One turn's latency split, milliseconds (null where the agent did not measure it). */
export interface TurnMetrics {
  turn: number;
  end_of_turn_ms: number | null;
  stt_ms: number | null;
  llm_ttft_ms: number | null;
  tts_ttfb_ms: number | null;
  e2e_ms: number | null;
}

/** A conversation in a listing. */
export type ConversationSummary = Documented<
  Answer<'/v1/admin/conversations', 'get'>['conversations'][number],
  {
    id: string;
    publication_uuid: string;
    label: string;
    scenario_id: number;
    external_id: string;
    language: string;
    input_mode: string;
    output_mode: string;
    started_at: string;
    ended_at: string | null;
    end_reason: string | null;
    message_count: number;
  }
>;
/** A conversation with its transcript, restore state and turn metrics. */
export type ConversationDetail = Documented<
  Answer<'/v1/admin/conversations/{id}', 'get'>,
  ConversationSummary & {
    messages: (ConversationMessage & { seq: number })[];
    restore_state: Record<string, unknown>;
    turn_metrics: TurnMetrics[];
  }
>;
/** The filters the conversation list takes. */
export type ConversationFilters = NonNullable<
  paths['/v1/admin/conversations']['get']['parameters']['query']
>;

const schemas = requestSchemas as Record<string, JsonSchema>;

/**
 * The JSON Schema the API validates an operation's body with (`"patch /v1/admin/scenarios/{id}"`),
 * from the generated `request-schemas.json`; an empty schema when the operation takes none.
 */
export function requestSchema(operation: string): JsonSchema {
  return schemas[operation] ?? {};
}
