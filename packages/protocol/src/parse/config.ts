import type {
  Collection,
  ConfigPayload,
  FeatureDefinition,
  RestoreState,
  ToolConfig,
} from '../config.js';
import {
  array,
  boolean,
  define,
  either,
  nonEmptyString,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
} from './reader.js';

const settings = record(unknownValue);

const restoreState = object(
  {},
  { checkpoint: string, data: settings, version: number, updated_at: string },
);

const toolConfig = object(
  { name: nonEmptyString, type: string },
  { settings, frontend_method: nonEmptyString, rpc_timeout_s: number },
);

const featureDefinition = object({
  name: either(string, record(string), 'string or object of strings'),
  type: nonEmptyString,
  settings,
  tools: array(toolConfig),
});

const collection = object(
  { id: number, name: string, description: string, company_id: number },
  {
    default_view_id: number,
    view: object({ template: string, mapping: record(string) }),
    search_fields: array(object({ name: string, index_type: string })),
    filter_fields: array(
      object(
        { name: string, filter_key: string, field_type: string },
        { enum_options: array(object({ value: string, label: string })) },
      ),
    ),
  },
);

/** Parses a {@link RestoreState} (also the payload of `state:update`). */
export const parseRestoreState = define<RestoreState>(restoreState);
/** Parses a {@link ToolConfig}. */
export const parseToolConfig = define<ToolConfig>(toolConfig);
/** Parses a {@link FeatureDefinition}. */
export const parseFeatureDefinition = define<FeatureDefinition>(featureDefinition);
/** Parses a {@link Collection}. */
export const parseCollection = define<Collection>(collection);

/** Parses the payload of topic `config`. Collections stay `unknown[]`; see `curateConfig`. */
export const parseConfigPayload = define<ConfigPayload>(
  object({
    type: oneOf(['config']),
    features: array(featureDefinition),
    collections: array(unknownValue),
    company_id: either(string, number, 'string or number'),
    restore_state: restoreState,
    voice_stack: string,
    audio_dictation: boolean,
    conversation_id: nonEmptyString,
    avatar_enabled: boolean,
  }),
);
