/**
 * Transport data-channel topics. Directions: `config`, `config_request`, `message:new`,
 * `session:end` and `dictation:transcript` go agent to frontend; `config_ack`, `state:update`,
 * `ui:activity`, `assistant:interrupt` and `rt.chat` frontend to agent; `session:control` and
 * `event:fire` both ways; `tool:{toolName}` is built with {@link toolDataTopic}.
 */
export const TOPICS = {
  CONFIG: 'config',
  CONFIG_ACK: 'config_ack',
  CONFIG_REQUEST: 'config_request',
  MESSAGE_NEW: 'message:new',
  SESSION_END: 'session:end',
  DICTATION_TRANSCRIPT: 'dictation:transcript',
  STATE_UPDATE: 'state:update',
  UI_ACTIVITY: 'ui:activity',
  ASSISTANT_INTERRUPT: 'assistant:interrupt',
  SESSION_CONTROL: 'session:control',
  EVENT_FIRE: 'event:fire',
  CHAT: 'rt.chat',
  TOOL_PREFIX: 'tool:',
} as const;

/** A fixed topic name. */
export type FixedTopic = Exclude<(typeof TOPICS)[keyof typeof TOPICS], typeof TOPICS.TOOL_PREFIX>;

/** A tool response channel, `tool:{toolName}`. */
export type ToolDataTopic = `${typeof TOPICS.TOOL_PREFIX}${string}`;

/** Any topic of the protocol. */
export type Topic = FixedTopic | ToolDataTopic;

/** The data topic of a tool's response channel: `tool:{toolName}`. */
export function toolDataTopic(toolName: string): ToolDataTopic {
  return `${TOPICS.TOOL_PREFIX}${toolName}`;
}
