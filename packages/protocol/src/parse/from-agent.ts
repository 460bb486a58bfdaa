// What a frontend reads: the payloads the agent sends, and the answers of the agent's RPCs.
import type { ConfigRequestPayload } from '../config.js';
import type {
  ConversationMessage,
  DictationTranscriptPayload,
  SessionEndPayload,
} from '../messages.js';
import type {
  ComposerCancelResponse,
  ComposerEndResponse,
  ComposerStartResponse,
  RpcToolRequest,
} from '../rpc.js';
import {
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
import { conversationMessage } from './shapes.js';

const dictationId = { dictation_id: nonEmptyString };

/** Parses the payload of topic `config_request`. */
export const parseConfigRequestPayload = define<ConfigRequestPayload>(
  object({ type: oneOf(['config_request']), attempt: number, timestamp: number }),
);

/** Parses the payload of topic `message:new`. */
export const parseConversationMessage = define<ConversationMessage>(conversationMessage);

/** Parses the payload of topic `session:end`. */
export const parseSessionEndPayload = define<SessionEndPayload>(
  object({}, { reason: string, ended_at: string }),
);

/** Parses the payload of topic `dictation:transcript`. */
export const parseDictationTranscriptPayload = define<DictationTranscriptPayload>(
  object({ dictation_id: nonEmptyString, text: string, is_final: boolean, timestamp: number }),
);

/** Parses a tool RPC request (agent to frontend). */
export const parseRpcToolRequest = define<RpcToolRequest>(
  object(
    { requestId: nonEmptyString },
    { tool: string, args: record(unknownValue), sentAt: number },
  ),
);

/** Parses the answer of `composer_start_dictation`. */
export const parseComposerStartResponse = define<ComposerStartResponse>(object(dictationId));

/** Parses the answer of `composer_end_dictation`. */
export const parseComposerEndResponse = define<ComposerEndResponse>(
  object({ ...dictationId, text: string }),
);

/** Parses the answer of `composer_cancel_dictation`. */
export const parseComposerCancelResponse = define<ComposerCancelResponse>(
  object({ ...dictationId, cancelled: oneOf([true]) }),
);
