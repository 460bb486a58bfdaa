import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/index.js';
import { embedSnippet } from './admin/embed.js';

// The widget's files as any page loads them: the loader with a short cache, hashed chunks for a
// year, open to every origin, nothing outside the version folder; and the snippet's page.

describe('GET /widget/{version}/{file}', () => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    // A stand-in build (the widget's own build is exercised by the e2e tests).
    dir = mkdtempSync(join(tmpdir(), 'svc-widget-'));
    mkdirSync(join(dir, 'v1', 'chunks'), { recursive: true });
    writeFileSync(join(dir, 'v1', 'widget.js'), 'console.log("loader")');
    writeFileSync(join(dir, 'v1', 'conversation-ABC123.js'), 'export const css = ""');
    writeFileSync(join(dir, 'v1', 'chunks', 'livekit-transport-XYZ.js'), 'export {}');
    writeFileSync(join(dir, 'secret.js'), 'outside the version folder');
    writeFileSync(join(dir, 'v1', 'notes.txt'), 'not a widget file type');
    api = await startTestApi({ app: { widgetDir: dir } });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('serves the loader with a short cache, open to every origin', async () => {
    const response = await api.app.inject({ url: '/widget/v1/widget.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("loader")');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('serves hashed chunks, in sub-folders too, as immutable', async () => {
    for (const url of [
      '/widget/v1/conversation-ABC123.js',
      '/widget/v1/chunks/livekit-transport-XYZ.js',
    ]) {
      const response = await api.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers 404 { error } for unknown files, other types and paths out of the folder', async () => {
    for (const url of [
      '/widget/v1/nothing.js',
      '/widget/v2/widget.js',
      '/widget/v1/notes.txt',
      '/widget/v1/../secret.js',
      '/widget/v1/%2e%2e/secret.js',
      '/widget/v1/chunks/%2e%2e%2f%2e%2e%2fsecret.js',
      '/widget/v1/..%5csecret.js',
    ]) {
      const response = await api.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 400 for a malformed version', async () => {
    const response = await api.app.inject({ url: '/widget/latest/widget.js' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('serves a page with nothing but the snippet of a live publication', async () => {
    const publication = api.seeded.publicationUuid;
    const response = await api.app.inject({
      url: `/widget/v1/embed.html?publication=${publication}`,
      headers: { host: 'api.example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(
      `<script src="http://api.example.com/widget/v1/widget.js" data-publication="${publication}" data-api="http://api.example.com" async></script>`,
    );
    expect(response.body).not.toMatch(/<style|style=|<script>/);
    const unknown = await api.app.inject({
      url: '/widget/v1/embed.html?publication=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await api.app.inject({ url: '/widget/v1/embed.html' });
    expect(missing.statusCode).toBe(400);
  });

  it('is documented in the OpenAPI document with every answer', async () => {
    const document = (await api.app.inject({ url: '/v1/openapi.json' })).json();
    const file = document.paths['/widget/{version}/{*}'] ?? document.paths['/widget/{version}/*'];
    const page = document.paths['/widget/{version}/embed.html'];
    // 414: a path parameter over the router's limit.
    expect(Object.keys(file?.get?.responses ?? {}).sort()).toEqual(['200', '400', '404', '414']);
    expect(Object.keys(page?.get?.responses ?? {}).sort()).toEqual(['200', '400', '404', '414']);
  });
});

describe('the publish response’s embed.html', () => {
  it('is one script tag with the publication and the API, its attributes escaped', () => {
    expect(embedSnippet('https://api.example.com', 'pub-1').html).toBe(
      '<script src="https://api.example.com/widget/v1/widget.js" data-publication="pub-1" data-api="https://api.example.com" async></script>',
    );
    const odd = embedSnippet('https://a.example"><b', 'p"<x').html;
    expect(odd).not.toMatch(/"><b|p"</);
    expect(odd).toContain('data-publication="p&quot;&lt;x"');
  });
});

describe('without a widget build', () => {
  it('serves no widget routes when told none', async () => {
    const api = await startTestApi({ app: { widgetDir: null } });
    try {
      expect((await api.app.inject({ url: '/widget/v1/widget.js' })).statusCode).toBe(404);
    } finally {
      await api.close();
    }
  });
});
