import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tenantFetch, type Resolve } from './tenant-fetch.js';

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
};
const resolve: Resolve = async (hostname) =>
  (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
/** The test server lives on loopback: only the name `tenant.test` may reach it. */
const allowTenantOnly = (address: string, hostname: string) =>
  hostname.endsWith('tenant.test') && address === '127.0.0.1';

describe('tenantFetch', () => {
  it('never connects to a loopback, private or metadata address written in the URL', async () => {
    const fetch = tenantFetch();
    for (const url of [
      `http://127.0.0.1:${port}/secret`,
      `http://[::1]:${port}/secret`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.7/',
    ]) {
      await expect(fetch(url)).rejects.toThrow(/not an address the agent calls/);
    }
    expect(seen).toEqual([]);
  });

  it('checks every address a name resolves to, where it connects', async () => {
    const fetch = tenantFetch({ resolve });
    await expect(fetch(`http://metadata.test:${port}/`)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(fetch(`http://private.test:${port}/`)).rejects.toThrow(/10\.0\.0\.7/);
    // One public address beside a loopback one is still refused.
    await expect(fetch(`http://rebound.test:${port}/`)).rejects.toThrow(/127\.0\.0\.1/);
    await expect(fetch(`http://nowhere.test:${port}/`)).rejects.toThrow(/no address/);
    expect(seen).toEqual([]);
  });

  it('reaches an allowed address, and follows no redirect to a refused one', async () => {
    const fetch = tenantFetch({ resolve, allowAddress: allowTenantOnly });
    const response = await fetch(`http://tenant.test:${port}/v1/models`);
    expect(await response.text()).toBe('reached /v1/models');
    for (const target of [
      `http://127.0.0.1:${port}/secret`,
      `http://metadata.test:${port}/secret`,
      'file:///etc/passwd',
    ]) {
      await expect(
        fetch(`http://tenant.test:${port}/redirect?to=${encodeURIComponent(target)}`, {
          headers: { authorization: 'Bearer tenant-key' },
        }),
      ).rejects.toThrow(/agent/);
    }
    expect(seen.map((request) => request.path)).not.toContain('/secret');
  });

  it('follows a redirect to an allowed address, without the key once it leaves the origin', async () => {
    const fetch = tenantFetch({ resolve, allowAddress: allowTenantOnly });
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
