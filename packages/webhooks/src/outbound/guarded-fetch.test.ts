import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookError } from '../webhook-error.js';
import { guardedFetch, type Resolve } from './guarded-fetch.js';

/** What the test server was asked: path and Authorization header of each request. */
const seen: { path: string; authorization: string | undefined }[] = [];
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization });
    const redirect = /^\/redirect\?to=(.*)$/.exec(request.url ?? '');
    if (redirect) {
      response.writeHead(302, { location: decodeURIComponent(redirect[1]!) });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`reached ${request.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

/** Names the tests resolve: `tenant.test` is let through to the test server on loopback. */
const names: Record<string, string[]> = {
  'tenant.test': ['127.0.0.1'],
  'other.tenant.test': ['127.0.0.1'],
  'rebound.test': ['93.184.216.34', '127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.0.0.7'],
  'mapped.test': ['::ffff:127.0.0.1'],
};
const resolve: Resolve = async (hostname) =>
  (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
/** The test server lives on loopback: only the name `tenant.test` may reach it. */
const allowTenantOnly = (address: string, hostname: string) =>
  hostname.endsWith('tenant.test') && address === '127.0.0.1';

/** The code of the `WebhookError` a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!WebhookError.isInstance(error))
    throw new Error(`expected a WebhookError, got ${String(error)}`);
  return error.code;
}

describe('guardedFetch', () => {
  it('never connects to an address of a refused range written in the URL', async () => {
    const fetch = guardedFetch();
    for (const host of [
      '127.0.0.1', // loopback
      '[::1]', // loopback
      '10.0.0.7', // private
      '172.16.3.4', // private
      '192.168.1.1', // private
      '169.254.169.254', // link-local, the cloud's metadata service
      '[fe80::1]', // link-local
      '100.64.0.1', // carrier-grade NAT
      '224.0.0.1', // multicast
      '[ff02::1]', // multicast
      '0.0.0.0', // "this network"
      '[::ffff:127.0.0.1]', // IPv4-mapped loopback
      '[::ffff:a9fe:a9fe]', // IPv4-mapped metadata, in hex
    ]) {
      expect(await refusal(fetch(`http://${host}:${port}/secret`)), host).toBe('ADDRESS_REFUSED');
    }
    expect(seen).toEqual([]);
  });

  it('checks every address a name resolves to, where it connects', async () => {
    const fetch = guardedFetch({ resolve });
    await expect(fetch(`http://metadata.test:${port}/`)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(fetch(`http://private.test:${port}/`)).rejects.toThrow(/10\.0\.0\.7/);
    await expect(fetch(`http://mapped.test:${port}/`)).rejects.toThrow(/::ffff:127\.0\.0\.1/);
    // One public address beside a loopback one is still refused.
    await expect(fetch(`http://rebound.test:${port}/`)).rejects.toThrow(/127\.0\.0\.1/);
    await expect(fetch(`http://nowhere.test:${port}/`)).rejects.toThrow(/no address/);
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to a public address first and to loopback when connecting', async () => {
    // DNS rebinding: whatever answered an earlier check, the connection uses the answer it gets.
    let lookups = 0;
    const rebinding: Resolve = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const allowPublic = (address: string) => address === '93.184.216.34';
    await rebinding('rebinding.test');
    const fetch = guardedFetch({ resolve: rebinding, allowAddress: allowPublic });
    expect(await refusal(fetch(`http://rebinding.test:${port}/secret`))).toBe('ADDRESS_REFUSED');
    expect(lookups).toBe(2);
    expect(seen).toEqual([]);
  });

  it('reaches an allowed address, and follows no redirect to a refused one', async () => {
    const fetch = guardedFetch({ resolve, allowAddress: allowTenantOnly });
    const response = await fetch(`http://tenant.test:${port}/v1/models`);
    expect(await response.text()).toBe('reached /v1/models');
    for (const target of [
      `http://127.0.0.1:${port}/secret`,
      `http://metadata.test:${port}/secret`,
      `http://private.test:${port}/secret`,
      'file:///etc/passwd',
    ]) {
      const code = await refusal(
        fetch(`http://tenant.test:${port}/redirect?to=${encodeURIComponent(target)}`, {
          headers: { authorization: 'Bearer tenant-key' },
        }),
      );
      expect(code, target).toBe('ADDRESS_REFUSED');
    }
    expect(seen.map((request) => request.path)).not.toContain('/secret');
  });

  it('stops after the allowed number of redirects', async () => {
    const fetch = guardedFetch({ resolve, allowAddress: allowTenantOnly, maxRedirects: 1 });
    const loop = encodeURIComponent(`/redirect?to=${encodeURIComponent('/end')}`);
    expect(await refusal(fetch(`http://tenant.test:${port}/redirect?to=${loop}`))).toBe(
      'TOO_MANY_REDIRECTS',
    );
  });

  it('follows a redirect to an allowed address, without the key once it leaves the origin', async () => {
    const fetch = guardedFetch({ resolve, allowAddress: allowTenantOnly });
    const same = await fetch(`http://tenant.test:${port}/redirect?to=%2Fnext`, {
      headers: { authorization: 'Bearer tenant-key' },
    });
    expect(await same.text()).toBe('reached /next');
    expect(seen.at(-1)).toEqual({ path: '/next', authorization: 'Bearer tenant-key' });
    const other = `http://other.tenant.test:${port}/elsewhere`;
    await fetch(`http://tenant.test:${port}/redirect?to=${encodeURIComponent(other)}`, {
      headers: { authorization: 'Bearer tenant-key' },
    });
    expect(seen.at(-1)).toEqual({ path: '/elsewhere', authorization: undefined });
  });
});
