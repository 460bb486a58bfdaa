// Serves the example: bundles src/main.ts with esbuild on start and serves it with index.html.
// PORT (default 5173), SVC_API_URL and SVC_PUBLICATION prefill the form.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 5173);
const settings = { apiUrl: process.env.SVC_API_URL, publication: process.env.SVC_PUBLICATION };

const bundle = await build({
  entryPoints: [join(here, 'src', 'main.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  conditions: ['@svc/source'],
  logLevel: 'warning',
});
const script = bundle.outputFiles[0].text;
const html = readFileSync(join(here, 'index.html'), 'utf8').replace(
  '<script type="module"',
  `<script>window.SVC_EXAMPLE = ${JSON.stringify(settings)};</script>\n    <script type="module"`,
);

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (path === '/app.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' });
    return response.end(script);
  }
  if (path === '/' || path === '/index.html') {
    response.writeHead(200, { 'content-type': 'text/html' });
    return response.end(html);
  }
  response.writeHead(404).end();
});
server.listen(port, '127.0.0.1', () => console.log(`example page: http://127.0.0.1:${port}/`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
