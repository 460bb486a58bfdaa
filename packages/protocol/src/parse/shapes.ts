// Readers of the shapes several parsers share: the `config` payload, the agent's runtime config
// (`@svc/protocol/agent`) and `message:new` all carry tools, features, collections, restore states or
// messages. Internal: no entry re-exports this module, so the readers stay out of the public API.
import {
  array,
  boolean,
  either,
  nonEmptyString,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
} from './reader.js';

/** A free-form object: feature and tool settings, message data, session metadata. */
export const settings = record(unknownValue);

/** A `RestoreState`. */
export const restoreState = object(
  {},
  { checkpoint: string, data: settings, version: number, updated_at: string },
);

/** The required fields of a `ToolConfig`, for readers of shapes that extend it. */
export const toolConfigRequired = { name: nonEmptyString, type: string };

/** The optional fields of a `ToolConfig`, for readers of shapes that extend it. */
export const toolConfigOptional = {
  settings,
  frontend_method: nonEmptyString,
  rpc_timeout_s: number,
};

/** A `ToolConfig`. */
export const toolConfig = object(toolConfigRequired, toolConfigOptional);

/** A feature's display name: plain or localized. */
export const featureName = either(string, record(string), 'string or object of strings');

/** A `FeatureDefinition`. */
export const featureDefinition = object({
  name: featureName,
  type: nonEmptyString,
  settings,
  tools: array(toolConfig),
});

/** A `Collection`. */
export const collection = object(
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

/** A `ConversationMessage`. */
export const conversationMessage = object(
  {
    id: nonEmptyString,
    role: oneOf(['user', 'assistant', 'tool', 'event']),
    content: string,
    timestamp: string,
  },
  {
    tool_calls: array(object({ id: nonEmptyString, name: nonEmptyString, arguments: settings })),
    tool_call_id: nonEmptyString,
    interrupted: boolean,
    experience_state: settings,
    route: nonEmptyString,
  },
);
