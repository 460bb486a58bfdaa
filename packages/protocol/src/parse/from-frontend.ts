// What an agent reads: the payloads a frontend sends, and the answers of the frontend's RPCs.
import type { ConfigAckPayload } from '../config.js';
import type {
  AssistantInterruptPayload,
  ChatPayload,
  SessionControlPayload,
  UiActivityPayload,
} from '../messages.js';
import type {
  ComposerDictationRequest,
  ComposerStartRequest,
  RpcToolResponse,
  UiActivityCheckResponse,
} from '../rpc.js';
import {
  boolean,
  define,
  nonEmptyString,
  number,
  object,
  oneOf,
  string,
  type Reader,
  unknownValue,
} from './reader.js';

const mode = oneOf(['audio', 'text']);
const dictationId = { dictation_id: nonEmptyString };
const nullableNumber: Reader<number | null> = (value, path) =>
  value === null ? null : number(value, path);

/** Parses the payload of topic `config_ack`. */
export const parseConfigAckPayload = define<ConfigAckPayload>(
  object({ acknowledged: boolean, timestamp: number }, { suppress_recap: boolean }),
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

/** Parses the payload of topic `rt.chat`. */
export const parseChatPayload = define<ChatPayload>(object({ message: nonEmptyString }));

/** Parses a tool RPC response (frontend to agent). Any `code` string is accepted. */
export const parseRpcToolResponse = define<RpcToolResponse>(
  object({ code: nonEmptyString }, { requestId: string, data: unknownValue }),
);

/** Parses the answer of `svc__ui_activity_check`. */
export const parseUiActivityCheckResponse = define<UiActivityCheckResponse>(
  object({ active: boolean, visible: boolean, last_activity_at: nullableNumber }),
);

/** Parses the request of `composer_start_dictation`. */
export const parseComposerStartRequest = define<ComposerStartRequest>(
  object({}, { language: string }),
);

/** Parses the request of `composer_end_dictation` and `composer_cancel_dictation`. */
export const parseComposerDictationRequest = define<ComposerDictationRequest>(object(dictationId));
