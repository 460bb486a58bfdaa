import { TIMINGS, type RpcToolResponse } from '@svc/protocol';
import { parseRpcToolRequest } from '@svc/protocol/parse';

/** What a tool handler call needs beyond the request. */
export interface ToolCall {
  /** The handler; its value becomes `data`. Returns `{ code, data }` itself when `wrapped`. */
  invoke(args: Record<string, unknown>, requestId: string, signal: AbortSignal): Promise<unknown>;
  /** True when `invoke` already returns `{ code, data }` (feature tools). */
  wrapped: boolean;
  /** The handler's budget. */
  budgetMs: number;
  /** Aborted when the session ends. */
  sessionSignal: AbortSignal;
  /** Called when the budget ran out. */
  onTimeout(): void;
}

const encoder = new TextEncoder();

/** Encodes an answer, replacing one too large for the Transport by a readable `ERROR`. */
function encodeAnswer(answer: RpcToolResponse): string {
  const text = JSON.stringify(answer);
  const bytes = encoder.encode(text).length;
  if (bytes <= TIMINGS.MAX_RPC_PAYLOAD_BYTES) return text;
  return JSON.stringify({
    requestId: answer.requestId,
    code: 'ERROR',
    data: `the tool's answer is ${bytes} bytes, over the ${TIMINGS.MAX_RPC_PAYLOAD_BYTES}-byte RPC limit`,
  });
}

/**
 * Runs one tool RPC and always answers: `OK` (or the feature's own code) with the handler's value,
 * `ERROR` when it throws or the request is invalid, `TIMEOUT` past its budget (its signal aborted),
 * `CANCELLED` when the session ends first.
 */
export async function runToolCall(payload: string, call: ToolCall): Promise<string> {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    json = payload;
  }
  const request = parseRpcToolRequest(json);
  if (!request.ok)
    return encodeAnswer({ code: 'ERROR', data: `invalid tool request: ${request.error}` });
  const { requestId, args = {} } = request.value;

  const controller = new AbortController();
  const cancel = () => controller.abort(new DOMException('the session ended', 'AbortError'));
  if (call.sessionSignal.aborted) cancel();
  call.sessionSignal.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outcome = new Promise<RpcToolResponse>((resolve) => {
    timer = setTimeout(() => {
      // Settle first: the abort below would otherwise settle the answer as CANCELLED.
      resolve({ requestId, code: 'TIMEOUT', data: `no answer within ${call.budgetMs} ms` });
      controller.abort(new DOMException('the tool timed out', 'TimeoutError'));
      call.onTimeout();
    }, call.budgetMs);
    controller.signal.addEventListener(
      'abort',
      () => resolve({ requestId, code: 'CANCELLED', data: null }),
      {
        once: true,
      },
    );
    Promise.resolve()
      .then(() => call.invoke(args, requestId, controller.signal))
      .then(
        (value) => {
          if (!call.wrapped) return resolve({ requestId, code: 'OK', data: value });
          const { code, data } = value as { code: string; data?: unknown };
          resolve({ requestId, code, data });
        },
        (error: unknown) =>
          resolve({
            requestId,
            code: 'ERROR',
            data: error instanceof Error ? error.message : String(error),
          }),
      );
  });
  try {
    return encodeAnswer(await outcome);
  } finally {
    clearTimeout(timer);
    call.sessionSignal.removeEventListener('abort', cancel);
  }
}
