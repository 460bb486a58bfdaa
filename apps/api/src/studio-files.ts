import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { studioContentSecurityPolicy } from './security-headers.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves the built studio (`npm run build` of `apps/studio`) from `dir` at the API's root: its
 * files as they are, and `index.html` for any other page path, since the studio routes in the
 * browser. `/v1/...` and paths that name a missing file keep answering 404 `{ error }`. Every
 * answer carries the Studio's Content-Security-Policy, which lets it call its own origin and
 * `connectSources` (the Transport's addresses).
 */
export function serveStudio(
  app: FastifyInstance,
  dir: string,
  connectSources: readonly string[] = [],
): void {
  const root = resolve(dir);
  const policy = studioContentSecurityPolicy(connectSources);
  const send = async (reply: FastifyReply, file: string) => {
    // Vite names assets by content hash, so they never change; the page itself must be fresh.
    const immutable = file.startsWith(`${root}${sep}assets${sep}`);
    return reply
      .header('content-type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream')
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('content-security-policy', policy)
      .send(createReadStream(file));
  };
  const isFile = (file: string) =>
    stat(file).then(
      (found) => found.isFile(),
      () => false,
    );

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = decodeURIComponent(request.url.split('?')[0] ?? '/');
    const notFound = () =>
      reply.status(404).send({ error: `no route ${request.method} ${request.url}` });
    if (path.startsWith('/v1/') || path.includes('\0')) return notFound();
    const file = resolve(root, `.${path}`);
    // Nothing outside the studio's folder, whatever the path says.
    if (file !== root && !file.startsWith(`${root}${sep}`)) return notFound();
    if (await isFile(file)) return send(reply, file);
    // A missing file is a 404; a page path is the studio's own route.
    if (extname(path) !== '') return notFound();
    return send(reply, resolve(root, 'index.html'));
  });
}
