// The only way the platform requests an address a tenant chose (a business's webhook endpoint,
// an OpenAI-compatible server of its own). Every name is resolved and every address it resolves
// to is checked at connection time, so a name that points at loopback, a private network or the
// cloud's metadata service, or that changes between a check and the connection (DNS rebinding),
// is refused; redirects are followed by hand and each hop is checked the same way.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { isPublicAddress } from '@svc/protocol/agent';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { WebhookError } from '../webhook-error.js';

/** Resolves a host name to every address it has (the shape of `dns.lookup` with `all: true`). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

/** What a guarded fetch may reach; the defaults are the only policy outside tests. */
export interface GuardedFetchOptions {
  /** Name resolution (default: the system's, every address). */
  resolve?: Resolve;
  /** Whether an address may be connected to (default: public unicast addresses only). */
  allowAddress?: (address: string, hostname: string) => boolean;
  /** Redirects followed at most (default 3). */
  maxRedirects?: number;
  /**
   * TLS settings of the connections, for tests that serve https with their own certificate
   * authority (`ca`); production leaves the system's trust store.
   */
  tls?: { ca?: string | Buffer };
}

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** A fetch with the WHATWG signature (what the OpenAI SDK's `fetch` option takes). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` that reaches only public addresses. Literal addresses in a URL are checked before the
 * request; names are checked where the connection is made (every address they resolve to must be
 * allowed). A redirect is followed only to `http(s)` addresses that pass the same checks, without
 * the `Authorization` header when it leaves the origin. A refusal throws a `WebhookError` with
 * code `ADDRESS_REFUSED` (or `TOO_MANY_REDIRECTS`); nothing was sent.
 */
export function guardedFetch(options: GuardedFetchOptions = {}): FetchLike {
  const resolve = options.resolve ?? systemResolve;
  const allow = options.allowAddress ?? ((address: string) => isPublicAddress(address));
  const maxRedirects = options.maxRedirects ?? 3;
  const dispatcher = new Agent({
    connect: {
      ...(options.tls?.ca !== undefined ? { ca: options.tls.ca } : {}),
      lookup: (hostname, lookupOptions, callback) => {
        resolve(hostname).then(
          (addresses) => {
            const refused = addresses.find((entry) => !allow(entry.address, hostname));
            const [first] = addresses;
            if (!first || refused) {
              callback(
                new WebhookError(
                  'ADDRESS_REFUSED',
                  `${hostname} resolves to ${refused?.address ?? 'no address'}, which the platform does not call`,
                ),
                '',
                0,
              );
              return;
            }
            if ((lookupOptions as { all?: boolean }).all)
              (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(
                null,
                addresses,
              );
            else callback(null, first.address, first.family);
          },
          (error: Error) => callback(error as NodeJS.ErrnoException, '', 0),
        );
      },
    },
  });

  const check = (url: URL) => {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new WebhookError(
        'ADDRESS_REFUSED',
        `the platform does not follow ${url.protocol} addresses`,
      );
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address is connected to without a lookup: check it here.
    if (isIP(host) && !allow(host, host))
      throw new WebhookError('ADDRESS_REFUSED', `${host} is not an address the platform calls`);
  };

  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    let url = new URL(request ? request.url : String(input));
    let method = init?.method ?? request?.method ?? 'GET';
    let body = init?.body ?? undefined;
    const headers = new Headers(init?.headers ?? request?.headers);
    const origin = url.origin;
    for (let hop = 0; ; hop += 1) {
      check(url);
      try {
        const response = await undiciFetch(url, {
          method,
          // The global Headers and undici's are the same class at run time, typed apart.
          headers: headers as unknown as NonNullable<UndiciRequestInit['headers']>,
          ...(body !== undefined ? { body: body as NonNullable<UndiciRequestInit['body']> } : {}),
          ...(init?.signal ? { signal: init.signal } : {}),
          redirect: 'manual',
          dispatcher,
        });
        const location = response.headers.get('location');
        if (response.status < 300 || response.status > 399 || !location)
          return response as unknown as Response;
        if (hop >= maxRedirects)
          throw new WebhookError(
            'TOO_MANY_REDIRECTS',
            `more than ${maxRedirects} redirects from ${origin}`,
          );
        await response.body?.cancel();
        url = new URL(location, url);
        // 303, and 301/302 after a POST, turn into a GET without a body (as browsers do).
        if (
          response.status === 303 ||
          ((response.status === 301 || response.status === 302) && method === 'POST')
        ) {
          method = 'GET';
          body = undefined;
          headers.delete('content-type');
        }
        if (url.origin !== origin) headers.delete('authorization');
      } catch (error) {
        // undici wraps a refused lookup in its own `fetch failed`: say where it would have gone.
        const cause = (error as { cause?: unknown }).cause;
        if (WebhookError.isInstance(cause)) throw cause;
        throw error;
      }
    }
  };
}
