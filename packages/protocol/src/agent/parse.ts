// Parsers of what the agent receives from the Platform API, written with the readers every wire
// parser uses, so the agent trusts nothing the API answers until it has been read.
import {
  array,
  boolean,
  define,
  nonEmptyString,
  nullable,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
} from '../parse/reader.js';
import {
  collection,
  conversationMessage,
  featureName,
  restoreState,
  settings,
  toolConfigOptional,
  toolConfigRequired,
} from '../parse/shapes.js';
import type { Bucket, ItemComparison, ItemDisplay, ItemList } from './content.js';
import type { RuntimeConfig, ScenarioSnapshot } from './runtime-config.js';

const mode = oneOf(['audio', 'text']);

const provider = object(
  { provider: nonEmptyString },
  { model: string, voice: string, base_url: string, endpoint: string, credential: string },
);

const credential = object(
  { provider: nonEmptyString, api_key: nonEmptyString },
  { base_url: string },
);

const toolSnapshot = object(toolConfigRequired, {
  ...toolConfigOptional,
  description: string,
  parameters: settings,
});

const featureSnapshot = object({
  name: featureName,
  type: nonEmptyString,
  settings,
  tools: array(toolSnapshot),
});

const scenarioSnapshot = object(
  {},
  {
    name: string,
    language: string,
    prompt: string,
    first_message: string,
    voice_stack: string,
    voice: object({}, { stt: provider, llm: provider, tts: provider }),
    avatar_enabled: boolean,
    audio_dictation: boolean,
    limit: number,
    features: array(featureSnapshot),
    collection_ids: array(number),
    translations: record(object({}, { prompt: string, first_message: string })),
  },
);

const item = object({ id: nonEmptyString, data: settings });

const itemDisplay = object(
  { collection_id: number, id: nonEmptyString, data: settings },
  { view: record(string) },
);

/** Parses a {@link ScenarioSnapshot}, as a publication stores it. */
export const parseScenarioSnapshot = define<ScenarioSnapshot>(scenarioSnapshot);

/** Parses the answer of the agent API's `config`: a {@link RuntimeConfig}. */
export const parseRuntimeConfig = define<RuntimeConfig>(
  object(
    {
      conversation: object({
        id: nonEmptyString,
        language: string,
        input_mode: mode,
        output_mode: mode,
        metadata: settings,
        started_at: string,
        ended_at: nullable(string),
      }),
      visitor: object({ id: number, external_id: string }),
      company_id: number,
      publication_uuid: nonEmptyString,
      scenario: scenarioSnapshot,
      collections: array(collection),
      item_names: array(string),
      restore_state: restoreState,
      history: array(conversationMessage),
    },
    { credentials: record(credential) },
  ),
);

/** Parses the answer of a collection search: an {@link ItemList}. */
export const parseItemList = define<ItemList>(object({ items: array(item), limit: number }));

/** Parses the answer of an item's display: an {@link ItemDisplay}. */
export const parseItemDisplay = define<ItemDisplay>(itemDisplay);

/** Parses the answer of a comparison: an {@link ItemComparison}. */
export const parseItemComparison = define<ItemComparison>(
  object({
    collection_id: number,
    items: array(itemDisplay),
    rows: array(object({ field: string, values: array(unknownValue) })),
  }),
);

/** Parses the answer of every bucket route: a {@link Bucket}. */
export const parseBucket = define<Bucket>(
  object({
    name: string,
    items: array(
      object({
        collection_id: number,
        item_id: nonEmptyString,
        quantity: number,
        added_at: string,
        data: nullable(settings),
      }),
    ),
    total_quantity: number,
    updated_at: string,
  }),
);
