import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/index.js';

describe('the built studio, served by the API', () => {
  let api: TestApi;
  beforeAll(async () => {
    const base = mkdtempSync(join(tmpdir(), 'svc-studio-'));
    const dir = join(base, 'dist');
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Studio</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("studio")');
    writeFileSync(join(base, 'secret.txt'), 'not for the web');
    api = await startTestApi({
      app: { studioDir: dir, studioTransportUrl: 'wss://rtc.shop.test', trustProxy: ['127.0.0.1'] },
    });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string) => api.app.inject({ url });

  it('answers its files, and the page for its own routes', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Studio</title>');
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe('console.log("studio")');
    const route = await get('/scenarios/3/publish?tab=diff');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>Studio</title>');
  });

  it('sends a Content-Security-Policy with the page and its files that allows the Transport', async () => {
    for (const url of ['/', '/assets/index-abc123.js', '/scenarios/3']) {
      const policy = String((await get(url)).headers['content-security-policy']);
      const directives = new Map(
        policy.split('; ').map((directive) => {
          const [name = '', ...sources] = directive.split(' ');
          return [name, sources];
        }),
      );
      expect(directives.get('script-src'), url).toEqual(["'self'"]);
      expect(directives.get('object-src'), url).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(directives.get('base-uri'), url).toEqual(["'self'"]);
      expect(directives.get('connect-src'), url).toEqual([
        "'self'",
        'wss://rtc.shop.test',
        'https://rtc.shop.test',
      ]);
    }
  });

  it('sends HSTS over HTTPS as a trusted proxy reports it, and not over plain HTTP', async () => {
    const hsts = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      (await api.app.inject({ url: '/', headers, remoteAddress })).headers[
        'strict-transport-security'
      ];
    expect(await hsts({ 'x-forwarded-proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await hsts({})).toBeUndefined();
    // A client that is not the proxy cannot turn it on (or make the API believe it is on HTTPS).
    expect(await hsts({ 'x-forwarded-proto': 'https' }, '203.0.113.9')).toBeUndefined();
    // The API's own answers over HTTPS carry it too.
    const healthz = await api.app.inject({
      url: '/healthz',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(healthz.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('keeps the API and everything outside the folder as they were', async () => {
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    for (const url of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await get(url);
      expect(response.body).not.toContain('not for the web');
    }
    const unknown = await get('/v1/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.stringContaining('no route') });
    expect((await get('/healthz')).json()).toEqual({ ok: true });
    expect((await get('/v1/openapi.json')).statusCode).toBe(200);
  });
});
