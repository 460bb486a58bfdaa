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
  string,
  unknownValue,
} from './reader.js';
import { collection, featureDefinition, restoreState, toolConfig } from './shapes.js';

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
  object(
    {
      features: array(featureDefinition),
      collections: array(unknownValue),
      company_id: either(string, number, 'string or number'),
      restore_state: restoreState,
      voice_stack: string,
      audio_dictation: boolean,
      conversation_id: nonEmptyString,
      avatar_enabled: boolean,
    },
    // Only the handshake example names `type`: a payload without it is a config all the same.
    { type: oneOf(['config']) },
  ),
);
