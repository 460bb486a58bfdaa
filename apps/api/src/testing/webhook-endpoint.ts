// A local HTTPS server standing in for a business's backend, for tests and benchmarks of webhook
// tools: it records what it was sent (headers, body) and answers as each test scripts. Its
// certificate is self-signed for the names below, made for this file only (it protects nothing):
// the API reaches it through the test-only `webhookOutbound` option, which resolves these names
// to loopback and trusts this certificate, never through anything production could set.
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GuardedFetchOptions } from '@svc/webhooks/outbound';

const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgftvjtZvrrN7uh78C
aDk/1IWgp3at3J/0pexw9Ny3SxahRANCAASSfprg2jBNWU8iUZLGwBtNnNzaQuDR
q7DLTQIusyeGu50CDBtF1cd+lcOfKO7IdxRbDpRFMjMNXkloS0iT+SMT
-----END PRIVATE KEY-----
`;

/** The server's certificate, for `tls.ca` of a client that should trust it. */
export const WEBHOOK_ENDPOINT_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBtjCCAVygAwIBAgIUaNFcyIrD+1aBv0MlLJ/LzO/NBoQwCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPaG9va3Muc2hvcC50ZXN0MCAXDTI2MTEyODIyMzMzNVoYDzIx
MjYxMTA0MjIzMzM1WjAaMRgwFgYDVQQDDA9ob29rcy5zaG9wLnRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAASSfprg2jBNWU8iUZLGwBtNnNzaQuDRq7DLTQIu
syeGu50CDBtF1cd+lcOfKO7IdxRbDpRFMjMNXkloS0iT+SMTo34wfDAdBgNVHQ4E
FgQUBFRWZoQWwYGfZLkD5PaurQ+WdbwwHwYDVR0jBBgwFoAUBFRWZoQWwYGfZLkD
5PaurQ+WdbwwDwYDVR0TAQH/BAUwAwEB/zApBgNVHREEIjAggg9ob29rcy5zaG9w
LnRlc3SCDWFwaS5zaG9wLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIgTSRluz3MOUI9
zfAifq2OmZSLORBTG5UftAwSVdMuraoCIQC7YDWwTONXIaeyk1hRb/rwcDt1oqr7
MerCpBoMQaic5A==
-----END CERTIFICATE-----
`;

/** Names the certificate holds; `webhookOutboundFor` resolves them to the server. */
export const WEBHOOK_ENDPOINT_HOSTS = ['hooks.shop.test', 'api.shop.test'] as const;

/** One request the endpoint received. */
export interface ReceivedWebhook {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as received. */
  body: string;
}

/** What a test scripts: the answer to one request. */
export type WebhookHandler = (
  request: ReceivedWebhook,
  response: ServerResponse<IncomingMessage>,
) => void | Promise<void>;

/** A running endpoint. */
export interface WebhookEndpoint {
  /** `https://hooks.shop.test:<port>`. */
  origin: string;
  port: number;
  /** Every request so far, oldest first. */
  received: ReceivedWebhook[];
  /** Sets how the next requests are answered (default: `{"ok":true}`). */
  answer(handler: WebhookHandler): void;
  close(): Promise<void>;
}

/** Starts the endpoint on loopback, on a free port. */
export async function startWebhookEndpoint(): Promise<WebhookEndpoint> {
  const received: ReceivedWebhook[] = [];
  let handler: WebhookHandler = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  };
  const server: Server = createServer(
    { key: KEY, cert: WEBHOOK_ENDPOINT_CERTIFICATE },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const entry = {
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(entry);
        Promise.resolve(handler(entry, response)).catch(() => response.destroy());
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://${WEBHOOK_ENDPOINT_HOSTS[0]}:${port}`,
    port,
    received,
    answer(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The guarded fetch's options that reach the endpoint: its names resolve to loopback and only
 * loopback under those names is allowed (every other name and address is refused as in
 * production), and its certificate is trusted.
 */
export function webhookOutboundFor(): GuardedFetchOptions {
  const hosts: readonly string[] = WEBHOOK_ENDPOINT_HOSTS;
  return {
    resolve: async (hostname) =>
      hosts.includes(hostname) ? [{ address: '127.0.0.1', family: 4 }] : [],
    allowAddress: (address, hostname) => hosts.includes(hostname) && address === '127.0.0.1',
    tls: { ca: WEBHOOK_ENDPOINT_CERTIFICATE },
  };
}
