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
