// Serves the storefront: bundles src/main.tsx (and the CSS it imports) with esbuild on start and
// answers every page address with index.html, so that /c/tents or /cart load the shop. PORT
// (default 5175), SVC_API_URL and SVC_PUBLICATION become `window.SVC_STOREFRONT`; a page's query
// string (?api=...&publication=...) takes precedence over them.
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 5175);
const settings = { apiUrl: process.env.SVC_API_URL, publication: process.env.SVC_PUBLICATION };

/**
 * `@svc/ui/styles.css` is exported from the package's build (`dist/styles.css`) only, while its
 * scripts are read from their sources (`@svc/source`). Without a build the stylesheet is read
 * from the source it is copied from, so the shop runs from a fresh checkout as the rest of it does.
 */
const uiStylesFromSource = {
  name: 'ui-styles-from-source',
  setup(builder) {
    builder.onResolve({ filter: /^@svc\/ui\/styles\.css$/ }, () => {
      const manifest = createRequire(import.meta.url).resolve('@svc/ui/package.json');
      const built = join(dirname(manifest), 'dist', 'styles.css');
      return { path: existsSync(built) ? built : join(dirname(manifest), 'src', 'styles.css') };
    });
  },
};

const bundle = await build({
  entryPoints: [join(here, 'src', 'main.tsx')],
  bundle: true,
  write: false,
  outdir: join(here, 'out'),
  entryNames: 'app',
  format: 'esm',
  platform: 'browser',
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  conditions: ['@svc/source'],
  plugins: [uiStylesFromSource],
  logLevel: 'warning',
});
/** The bundle's files by address: /app.js and /app.css. */
const assets = new Map(
  bundle.outputFiles.map((file) => [
    `/${basename(file.path)}`,
    {
      body: file.text,
      type: file.path.endsWith('.css') ? 'text/css' : 'text/javascript',
    },
  ]),
);
const html = readFileSync(join(here, 'index.html'), 'utf8').replace(
  '<script type="module"',
  `<script>window.SVC_STOREFRONT = ${JSON.stringify(settings).replaceAll('<', '\\u003c')};</script>\n    <script type="module"`,
);

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const asset = assets.get(path);
  if (asset) {
    response.writeHead(200, { 'content-type': asset.type });
    return response.end(asset.body);
  }
  // The shop's pages are addresses the page routes itself; files it does not have are not.
  if (request.method !== 'GET' || /\.\w+$/.test(path)) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/html' });
  return response.end(html);
});
server.listen(port, '127.0.0.1', () => console.log(`storefront: http://127.0.0.1:${port}/`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)));
