// Builds the widget into dist/v1/ with esbuild:
//   widget.js                  the loader (classic script, IIFE): <svc-agent> and the launcher
//   conversation-<hash>.js     the conversation (ESM): SDK session, Preact as React, @svc/ui panels
//   chunks/<name>-<hash>.js    what the conversation imports lazily (the LiveKit transport)
//   manifest.json              which file is which, for the API and the bundle benchmark
// The conversation is built first so that the loader knows its hashed name. Everything but the
// loader is named by content, so the API may cache it for a year.
import { build, transform } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const VERSION = 'v1';
const out = join(packageDir, 'dist', VERSION);

/** CSS files become minified text (adopted as constructable stylesheets, never a <style>). */
const cssAsText = {
  name: 'css-as-text',
  setup(builder) {
    // `?inline` (as Vite spells "the text of this CSS file", for the tests) is the same file here.
    builder.onResolve({ filter: /\.css\?inline$/ }, (args) =>
      builder.resolve(args.path.slice(0, -'?inline'.length), {
        kind: args.kind,
        resolveDir: args.resolveDir,
      }),
    );
    builder.onLoad({ filter: /\.css$/ }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), {
        loader: 'css',
        minify: true,
        target: ['chrome111', 'safari16.4', 'firefox111'],
      });
      return { contents: code, loader: 'text' };
    });
  },
};

const common = {
  bundle: true,
  minify: true,
  platform: 'browser',
  target: ['es2022', 'chrome111', 'safari16.4', 'firefox111'],
  // Workspace packages are bundled from their TypeScript sources, as the tests run them.
  conditions: ['@svc/source'],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [cssAsText],
  define: { 'process.env.NODE_ENV': '"production"' },
};

// Earlier hashed files stay: a page that fetched the previous loader (cached for five minutes)
// still finds the chunks it names.
mkdirSync(out, { recursive: true });

const conversation = await build({
  ...common,
  entryPoints: { conversation: join(packageDir, 'src/conversation/index.tsx') },
  outdir: out,
  format: 'esm',
  splitting: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  jsx: 'automatic',
  // Preact stands in for React: the SDK's React layer and @svc/ui use only standard hooks and the
  // automatic JSX runtime, which preact/compat provides at a tenth of react-dom's size.
  alias: {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
  },
});
const outputs = conversation.metafile.outputs;
const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint);
const conversationFile = relative(out, entry);

await build({
  ...common,
  entryPoints: [join(packageDir, 'src/loader.ts')],
  outfile: join(out, 'widget.js'),
  format: 'iife',
  define: { ...common.define, __SVC_CONVERSATION_FILE__: JSON.stringify(conversationFile) },
});

// What opening the panel loads (the conversation and what it imports statically) and what only a
// conversation's start loads (its `import()`s: the LiveKit transport).
const onOpen = new Set();
const visit = (path) => {
  if (onOpen.has(path)) return;
  onOpen.add(path);
  for (const imported of outputs[path].imports) {
    if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  }
};
visit(entry);
const onStart = Object.keys(outputs).filter((path) => path.endsWith('.js') && !onOpen.has(path));
const manifest = {
  version: VERSION,
  loader: 'widget.js',
  conversation: conversationFile,
  onOpen: [...onOpen].map((path) => relative(out, path)),
  onStart: onStart.map((path) => relative(out, path)),
};
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const chunks = [...manifest.onOpen, ...manifest.onStart].filter(
  (path) => path !== conversationFile,
);
console.log(
  `widget: built ${basename(out)}/widget.js, ${conversationFile}, ${chunks.length} chunk(s)`,
);
