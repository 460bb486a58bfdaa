import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookError } from '../webhook-error.js';
import { cappedRequest } from './capped-request.js';
import { guardedFetch, type Resolve } from './guarded-fetch.js';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/large') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      // An endless body: only a reader that stops at its cap ever returns.
      const write = () => {
        while (response.write('x'.repeat(16_384)));
      };
      response.on('drain', write);
      write();
      request.on('close', () => response.destroy());
      return;
    }
    if (request.url === '/silent') return; // never answers
    if (request.url === '/trickle') {
      response.writeHead(200);
      response.write('a'); // headers and a byte, then nothing
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const resolve: Resolve = async () => [{ address: '127.0.0.1', family: 4 }];
const fetch = guardedFetch({ resolve, allowAddress: () => true });

describe('cappedRequest', () => {
  it('returns a small body whole', async () => {
    const answer = await cappedRequest(fetch, {
      url: `http://tenant.test:${port}/`,
      method: 'GET',
      // Far above a local answer's time, so a loaded machine never fails it.
      timeoutMs: 30_000,
      maxBytes: 1024,
    });
    expect(answer.status).toBe(200);
    expect(new TextDecoder().decode(answer.bytes)).toBe('{"ok":true}');
    expect(answer.truncated).toBe(false);
  });

  it('stops reading an endless body at the cap and says so', async () => {
    const answer = await cappedRequest(fetch, {
      url: `http://tenant.test:${port}/large`,
      method: 'GET',
      timeoutMs: 5_000,
      maxBytes: 20_000,
    });
    expect(answer.bytes.byteLength).toBe(20_000);
    expect(answer.truncated).toBe(true);
  });

  it('ends with TIMEOUT when no answer, no whole body or no address comes in time', async () => {
    const never: Resolve = () => new Promise(() => undefined);
    const hanging = guardedFetch({ resolve: never, allowAddress: () => true });
    for (const [through, url] of [
      [fetch, `http://tenant.test:${port}/silent`],
      [fetch, `http://tenant.test:${port}/trickle`],
      [hanging, `http://tenant.test:${port}/`],
    ] as const) {
      const error = await cappedRequest(through, {
        url,
        method: 'GET',
        timeoutMs: 150,
        maxBytes: 1024,
      }).catch((caught: unknown) => caught);
      expect(WebhookError.isInstance(error) && error.code, url).toBe('TIMEOUT');
    }
  });
});
