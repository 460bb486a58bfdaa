import type {
  AssistantInterruptPayload,
  ChatPayload,
  ConversationMessage,
  DictationTranscriptPayload,
  EventFirePayload,
  SessionControlPayload,
  SessionEndPayload,
  UiActivityPayload,
} from '../messages.js';
import {
  array,
  boolean,
  define,
  nonEmptyString,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
} from './reader.js';

const data = record(unknownValue);
const mode = oneOf(['audio', 'text']);

/** Parses the payload of topic `message:new`. */
export const parseConversationMessage = define<ConversationMessage>(
  object(
    {
      id: nonEmptyString,
      role: oneOf(['user', 'assistant', 'tool', 'event']),
      content: string,
      timestamp: string,
    },
    {
      tool_calls: array(object({ id: nonEmptyString, name: nonEmptyString, arguments: data })),
      tool_call_id: nonEmptyString,
      interrupted: boolean,
      experience_state: data,
    },
  ),
);

/** Parses the payload of topic `session:end`. */
export const parseSessionEndPayload = define<SessionEndPayload>(
  object({}, { reason: string, ended_at: string }),
);

/** Parses the payload of topic `ui:activity`. */
export const parseUiActivityPayload = define<UiActivityPayload>(
  object({ action: nonEmptyString, timestamp: number }, { feature: string }),
);

/** Parses the payload of topic `assistant:interrupt`. */
export const parseAssistantInterruptPayload = define<AssistantInterruptPayload>(
  object({ timestamp: number }, { reason: string }),
);

/** Parses the payload of topic `session:control`. */
export const parseSessionControlPayload = define<SessionControlPayload>(
  object(
    { action: oneOf(['end', 'pause', 'resume', 'set_modes']) },
    { input_mode: mode, output_mode: mode, reason: string },
  ),
);

/** Parses the payload of topic `event:fire`. */
export const parseEventFirePayload = define<EventFirePayload>(
  object({ name: nonEmptyString, timestamp: number }, { data }),
);

/** Parses the payload of topic `dictation:transcript`. */
export const parseDictationTranscriptPayload = define<DictationTranscriptPayload>(
  object({ dictation_id: nonEmptyString, text: string, is_final: boolean, timestamp: number }),
);

/** Parses the payload of topic `rt.chat`. */
export const parseChatPayload = define<ChatPayload>(object({ message: nonEmptyString }));
