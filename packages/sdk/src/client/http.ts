import type { SvcErrorCode } from '@svc/protocol';
import type { ParseResult } from '@svc/protocol/parse';
import { SvcError } from '../errors.js';

/**
 * Sends a JSON request (`body` undefined: none) and returns the parsed, validated answer. Any
 * failure becomes an `SvcError` with `code`: server `{ error }` bodies give the message and the
 * HTTP status, network failures the cause. An aborted signal rejects with its reason, as `fetch`
 * does, also while the answer's body is read.
 */
export async function requestJson<T>(
  code: SvcErrorCode,
  fetcher: typeof fetch,
  method: string,
  url: string,
  body: unknown,
  parse: (value: unknown) => ParseResult<T>,
  options: { token?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  const { signal } = options;
  const fail = (reason: string, status?: number, cause?: unknown): never => {
    if (signal?.aborted) throw signal.reason;
    throw new SvcError(code, `${method} ${url}: ${reason}`, {
      ...(status === undefined ? {} : { status }),
      ...(cause === undefined ? {} : { cause }),
    });
  };
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  let text: string;
  try {
    response = await fetcher(url, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    return fail('network error', undefined, error);
  }
  const { status } = response;
  try {
    text = await response.text();
  } catch (error) {
    // The body was cut off after the status arrived: by the network or by the signal.
    return fail('network error', status, error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: reported below by the status or the parser
  }
  if (!response.ok) {
    const message = (json as { error?: unknown } | undefined)?.error;
    fail(`HTTP ${status} ${typeof message === 'string' ? message : response.statusText}`, status);
  }
  const parsed = parse(json);
  return parsed.ok ? parsed.value : fail(`invalid response: ${parsed.error}`, status);
}
