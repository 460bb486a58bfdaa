import type { ParseResult } from '@svc/protocol/parse';
import { SvcError } from '../errors.js';
import { requestJson } from './http.js';
import type { SvcClient } from './types.js';

const DEFAULT_TIMEOUT_MS = 15_000;

/** What the clients of the visitor's routes (content, buckets) are made with. */
export interface VisitorCallOptions {
  /** The client whose visitor makes the calls; its token is sent with every call. */
  client: SvcClient;
  /**
   * Publication UUID to identify the visitor with when nothing is stored yet (a storefront that
   * shows the catalogue or the cart before any conversation). Without it, the visitor must have
   * been identified.
   */
  scenario?: string;
  /** `fetch` to use; the global one by default. */
  fetch?: typeof fetch;
  /** A call with no complete answer after this long fails with `CONNECTION_LOST` (15 s). */
  timeoutMs?: number;
}

/** One call of a visitor route: method, path under the API prefix, body, parser, signal. */
export type VisitorCall = <T>(
  method: string,
  path: string,
  body: unknown,
  parse: (value: unknown) => ParseResult<T>,
  signal: AbortSignal | undefined,
) => Promise<T>;

/**
 * Calls the visitor's routes with the visitor's token: identified first when needed, sent again
 * once with a new token after a 401, failed with `CONNECTION_LOST` after the deadline. A 401
 * again becomes `IDENTIFY_FAILED`: the visitor's identity, not the call, is what fails. `maker`
 * names the function that was given wrong options.
 */
export function visitorCall(options: VisitorCallOptions, maker: string): VisitorCall {
  if (typeof options !== 'object' || options === null || typeof options.client !== 'object') {
    throw new TypeError(`Svc: ${maker} needs \`client\` (from createSvcClient)`);
  }
  const { client, scenario } = options;
  const fetcher: typeof fetch = (...args) => (options.fetch ?? fetch)(...args);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function token(renew: boolean, signal: AbortSignal | undefined): Promise<string> {
    if (renew || scenario === undefined) {
      return client.getValidUserToken({ renew, ...(signal ? { signal } : {}) });
    }
    return (await client.identifyUser(scenario, undefined, signal)).user_token;
  }

  return async (method, path, body, parse, signal) => {
    const url = client.baseUrl + path;
    // The deadline aborts the request with the error to report: `requestJson` rethrows a reason.
    const deadline = new AbortController();
    const forward = () => deadline.abort(signal?.reason);
    if (signal?.aborted) forward();
    signal?.addEventListener('abort', forward, { once: true });
    const timer = setTimeout(
      () =>
        deadline.abort(
          new SvcError('CONNECTION_LOST', `${method} ${url}: no answer within ${timeoutMs} ms`),
        ),
      timeoutMs,
    );
    const send = async (renew: boolean) =>
      requestJson('CONNECTION_LOST', fetcher, method, url, body, parse, {
        token: await token(renew, deadline.signal),
        signal: deadline.signal,
      });
    try {
      try {
        return await send(false);
      } catch (error) {
        if (!SvcError.isInstance(error) || error.status !== 401) throw error;
      }
      return await send(true);
    } catch (error) {
      if (!SvcError.isInstance(error) || error.status !== 401) throw error;
      throw new SvcError('IDENTIFY_FAILED', error.message, { cause: error, status: 401 });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  };
}
