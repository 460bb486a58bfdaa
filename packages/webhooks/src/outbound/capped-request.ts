// One outbound exchange with a deadline and a size cap: the answer's headers and body must both
// arrive within the time, and the body is read only up to the cap, so a slow or endless endpoint
// can neither hold the caller nor fill its memory.
import { WebhookError } from '../webhook-error.js';
import type { FetchLike } from './guarded-fetch.js';

/** A body read up to a cap. */
export interface CappedBody {
  /** The bytes read, at most the cap. */
  bytes: Uint8Array;
  /** Whether the body went on beyond the cap (the rest was not read). */
  truncated: boolean;
}

/**
 * Reads a response body up to `maxBytes` and stops there, cancelling the rest of the stream;
 * `truncated` says whether there was more.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  if (!response.body) return { bytes: new Uint8Array(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

/** One request of `cappedRequest`. */
export interface CappedRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange (connection, answer, body) ends within this time. */
  timeoutMs: number;
  /** Body bytes read at most. */
  maxBytes: number;
  /** Ends the exchange early (a hang-up). */
  signal?: AbortSignal;
}

/** What came back. */
export interface CappedResponse extends CappedBody {
  status: number;
  headers: Headers;
}

/**
 * Sends one request through `fetch` (a guarded fetch) and reads its body up to the cap, all
 * within `timeoutMs`: when the time runs out the exchange is aborted and a `WebhookError` with
 * code `TIMEOUT` is thrown, whatever stage it was in (a name that never resolves included).
 */
export async function cappedRequest(
  fetch: FetchLike,
  request: CappedRequest,
): Promise<CappedResponse> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(request.signal?.reason);
  request.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  // The race, besides the abort, settles even where a stage does not watch the signal (a lookup).
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new WebhookError(
        'TIMEOUT',
        `no complete answer from ${new URL(request.url).host} within ${request.timeoutMs} ms`,
      );
      controller.abort(error);
      reject(error);
    }, request.timeoutMs);
  });
  const exchange = (async () => {
    const response = await fetch(request.url, {
      method: request.method,
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.body !== undefined ? { body: request.body } : {}),
      signal: controller.signal,
    });
    const body = await readCappedBody(response, request.maxBytes);
    return { status: response.status, headers: response.headers, ...body };
  })();
  // The exchange may still reject after the deadline won; nobody waits for it then.
  exchange.catch(() => undefined);
  try {
    return await Promise.race([exchange, deadline]);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}
