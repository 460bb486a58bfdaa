// Names for the shapes the studio reads and sends, all taken from the generated `paths`: every
// route documents its answer, so a shape changed in the API reaches the studio when the client is
// regenerated, with nothing written twice here.
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

/** An application with its origins and limits. */
export type Application = Answer<'/v1/admin/applications/{id}', 'get'>;
/** An API key as listed (never the key itself). */
export type ApiKey = Answer<'/v1/admin/api-keys', 'get'>['api_keys'][number];

/** What a scenario is made of, as the API takes it. */
export type ScenarioFields = RequestBody<'/v1/admin/scenarios', 'post'>;
/** A scenario as the API answers it. */
export type Scenario = Answer<'/v1/admin/scenarios/{id}', 'get'>;
/** A scenario in a listing. */
export type ScenarioSummary = Answer<'/v1/admin/scenarios', 'get'>['scenarios'][number];
/** A publication of a scenario under a label, with its embed snippets. */
export type Publication = Answer<
  '/v1/admin/scenarios/{id}/publications',
  'get'
>['publications'][number];

/** What a collection is made of, as the API takes it. */
export type CollectionFields = RequestBody<'/v1/admin/collections', 'post'>;
/** A collection as the API answers it. */
export type Collection = Answer<'/v1/admin/collections/{id}', 'get'>;
/** An item of a collection. */
export type CollectionItem = Answer<'/v1/admin/collections/{id}/items', 'get'>['items'][number];

/** A conversation in a listing. */
export type ConversationSummary = Answer<'/v1/admin/conversations', 'get'>['conversations'][number];
/** A conversation with its transcript, restore state and turn metrics. */
export type ConversationDetail = Answer<'/v1/admin/conversations/{id}', 'get'>;
/** One turn's latency split, milliseconds (null where the agent did not measure it). */
export type TurnMetrics = ConversationDetail['turn_metrics'][number];
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
