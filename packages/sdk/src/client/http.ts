import type { SvcErrorCode } from '@svc/protocol';
import type { ParseResult } from '@svc/protocol/parse';
import { SvcError } from '../errors.js';

/**
 * POSTs JSON and returns the parsed, validated answer. Any failure becomes an `SvcError` with
 * `code`: server `{ error }` bodies give the message and the HTTP status, network failures the
 * cause. An aborted signal rejects with its reason, as `fetch` does.
 */
export async function postJson<T>(
  code: SvcErrorCode,
  fetcher: typeof fetch,
  url: string,
  body: unknown,
  parse: (value: unknown) => ParseResult<T>,
  options: { token?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<T> {
  const fail = (reason: string, status?: number, cause?: unknown): never => {
    throw new SvcError(code, `POST ${url}: ${reason}`, {
      ...(status === undefined ? {} : { status }),
      ...(cause === undefined ? {} : { cause }),
    });
  };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetcher(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    return fail('network error', undefined, error);
  }
  const { status } = response;
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
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
