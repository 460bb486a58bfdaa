import type {
  ComposerCancelResponse,
  ComposerDictationRequest,
  ComposerEndResponse,
  ComposerStartRequest,
  ComposerStartResponse,
  FeatureToolResult,
  RpcToolRequest,
  RpcToolResponse,
  UiActivityCheckResponse,
} from '../rpc.js';
import {
  boolean,
  define,
  fail,
  nonEmptyString,
  number,
  object,
  oneOf,
  record,
  string,
  unknownValue,
  type Reader,
} from './reader.js';

const dictationId = { dictation_id: nonEmptyString };
const nullableNumber: Reader<number | null> = (value, path) =>
  value === null ? null : number(value, path);

/** Parses a tool RPC request (agent to frontend). */
export const parseRpcToolRequest = define<RpcToolRequest>(
  object(
    { requestId: nonEmptyString },
    { tool: string, args: record(unknownValue), sentAt: number },
  ),
);

/** Parses a tool RPC response (frontend to agent). Any `code` string is accepted. */
export const parseRpcToolResponse = define<RpcToolResponse>(
  object({ code: nonEmptyString }, { requestId: string, data: unknownValue }),
);

/** Parses what a feature tool handler returns. */
export const parseFeatureToolResult = define<FeatureToolResult>(
  object(
    {
      requestId: nonEmptyString,
      response: object({
        code: oneOf(['SUCCESS', 'ERROR', 'TIMEOUT', 'CANCELLED']),
        // `data` must be present (it is what the agent reads), though it may be anything.
        data: (value, path) =>
          value === undefined ? fail(path, 'required field is missing') : value,
      }),
    },
    { componentData: record(unknownValue) },
  ),
);

/** Parses the answer of `svc__ui_activity_check`. */
export const parseUiActivityCheckResponse = define<UiActivityCheckResponse>(
  object({ active: boolean, visible: boolean, last_activity_at: nullableNumber }),
);

/** Parses the request of `composer_start_dictation`. */
export const parseComposerStartRequest = define<ComposerStartRequest>(
  object({}, { language: string }),
);
/** Parses the answer of `composer_start_dictation`. */
export const parseComposerStartResponse = define<ComposerStartResponse>(object(dictationId));
/** Parses the request of `composer_end_dictation` and `composer_cancel_dictation`. */
export const parseComposerDictationRequest = define<ComposerDictationRequest>(object(dictationId));
/** Parses the answer of `composer_end_dictation`. */
export const parseComposerEndResponse = define<ComposerEndResponse>(
  object({ ...dictationId, text: string }),
);
/** Parses the answer of `composer_cancel_dictation`. */
export const parseComposerCancelResponse = define<ComposerCancelResponse>(
  object({ ...dictationId, cancelled: oneOf([true]) }),
);
