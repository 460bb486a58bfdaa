// Bundle budgets of the SDK entries: each entry is bundled as a browser app would (ESM, minified,
// react and livekit-client external), what it downloads up front is gzipped at level 9 and compared
// with its budget and with what peer SDKs measured (platform notes). Then the widget's built files
// against its up-front budget, beside peers' one-tag widgets. Exits 1 when one is over.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWidgetBuilt, WIDGET_VERSION, widgetDistDir } from '@svc/widget/assets';

const sdk = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'sdk', 'src');

/** Gzip bytes of peer SDKs, measured the same way (esbuild, minified, gzip -9). */
const PEERS = [
  { peer: 'ElevenLabs @elevenlabs/client', bytes: 16_980, ours: 'root' },
  { peer: 'Pipecat @pipecat-ai/client-js', bytes: 22_130, ours: 'root' },
  { peer: 'LiveKit components-react voice set', bytes: 22_696, ours: 'root+react' },
  { peer: 'ElevenLabs react layer', bytes: 5_498, ours: 'react' },
  { peer: 'Pipecat client-react', bytes: 14_085, ours: 'react' },
];

/**
 * Entries, their sources and gzip budgets in bytes (null: measured, no budget). `alone` measures
 * the entry without what the root entry already brings (the React layer on top of SvcSession).
 */
const ENTRIES = [
  { key: 'protocol', name: '@svc/sdk/protocol', file: 'protocol.ts', budget: 1_500 },
  { key: 'client', name: '@svc/sdk/client', file: 'client/index.ts', budget: 4_000 },
  // 9,400: the session's language and the features' names resolved for it took 210 B past 9,200.
  {
    key: 'root',
    name: '@svc/sdk (SvcSession + client + protocol)',
    file: 'index.ts',
    budget: 9_400,
  },
  // As a page's bundler makes it without code splitting: the transport and the tool runner the
  // root loads with import() are in the one file (livekit-client still external).
  {
    key: 'root-whole',
    name: '@svc/sdk bundled whole (lazy parts included)',
    file: 'index.ts',
    budget: 10_500,
    whole: true,
  },
  {
    key: 'react',
    name: '@svc/sdk/react (alone, on top of the root)',
    file: 'react/index.ts',
    budget: 4_000,
    alone: 'root',
  },
  { key: 'content', name: '@svc/sdk/content', file: 'content/index.ts', budget: 2_800 },
  { key: 'buckets', name: '@svc/sdk/buckets', file: 'buckets/index.ts', budget: 3_500 },
  { key: 'testing', name: '@svc/sdk/testing', file: 'testing/index.ts', budget: null },
];

/** esbuild plugin: leaves out (as external) the modules an entry below already brings. */
function leaveOut(files) {
  return {
    name: 'leave-out',
    setup(builder) {
      builder.onResolve({ filter: /^\./ }, (args) => {
        const path = resolve(args.resolveDir, args.path).replace(/\.js$/, '.ts');
        return files.has(path) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

/**
 * Bundles one entry with code splitting and measures what a page downloads up front: the entry
 * and the chunks it imports statically. Chunks loaded with `import()` (the LiveKit transport and
 * the tool runner, on first connect) are measured apart, outside the budget. `whole` bundles
 * without splitting, so those chunks are in the one file measured.
 */
async function measure(file, without = new Set(), whole = false) {
  const result = await build({
    entryPoints: [join(sdk, file)],
    bundle: true,
    splitting: !whole,
    outdir: 'out',
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['@svc/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', 'livekit-client'],
    plugins: [leaveOut(without)],
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const contents = new Map(
    result.outputFiles.map((output) => [relative(process.cwd(), output.path), output.contents]),
  );
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint);
  const upFront = new Set();
  const visit = (path) => {
    if (upFront.has(path)) return;
    upFront.add(path);
    for (const imported of outputs[path].imports) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entry);
  const lazy = Object.keys(outputs).filter((path) => !upFront.has(path) && path.endsWith('.js'));
  const size = (paths) => {
    const code = Buffer.concat(paths.map((path) => contents.get(path)));
    return {
      raw: code.byteLength,
      gzip: paths.length ? gzipSync(code, { level: 9 }).byteLength : 0,
    };
  };
  const inputs = new Set(Object.keys(result.metafile.inputs).map((path) => resolve(path)));
  return { ...size([...upFront]), lazyGzip: size(lazy).gzip, inputs };
}

const inputsOf = {};
const measured = {};
let over = 0;
let lazyGzip = 0;
const rows = [];
for (const entry of ENTRIES) {
  const result = await measure(
    entry.file,
    entry.alone ? inputsOf[entry.alone] : undefined,
    entry.whole,
  );
  inputsOf[entry.key] = result.inputs;
  if (entry.key === 'root') lazyGzip = result.lazyGzip;
  measured[entry.key] = result.gzip;
  const ok = entry.budget === null || result.gzip <= entry.budget;
  if (!ok) over += 1;
  rows.push({
    entry: entry.name,
    'minified B': result.raw,
    'gzip B': result.gzip,
    'budget B': entry.budget ?? '-',
    'of budget': entry.budget ? `${((result.gzip / entry.budget) * 100).toFixed(0)}%` : '-',
    status: ok ? 'ok' : 'OVER BUDGET',
  });
}
measured['root+react'] = measured.root + measured.react;

console.log(
  'SDK bundle sizes (esbuild, browser ESM, minified, gzip -9; react and livekit-client external)',
);
console.table(rows);
console.log(
  `Loaded on first connect with import() (the LiveKit transport, the tool runner), outside the budgets: ${lazyGzip} B gzip`,
);
console.log('Beside peer SDKs (ratio = ours / theirs):');
console.table(
  PEERS.map(({ peer, bytes, ours }) => ({
    peer,
    'their gzip B': bytes,
    ours,
    'our gzip B': measured[ours],
    ratio: (measured[ours] / bytes).toFixed(2),
  })),
);

// The widget (@svc/widget) as a page loads it from the one tag: its built files (dist/v1, the
// build the API serves), gzip -9 each as served. Up front is the loader alone (the element and
// the launcher), against its budget; opening the panel loads the conversation (SDK session,
// Preact, @svc/ui panels and their CSS), starting a conversation the LiveKit transport: both
// measured apart. Beside it, the one-tag widgets of peers, measured the same way.
const WIDGET_BUDGET = 30_000;
ensureWidgetBuilt();
const widgetDir = join(widgetDistDir, WIDGET_VERSION);
const manifest = JSON.parse(readFileSync(join(widgetDir, 'manifest.json'), 'utf8'));
const gzipOf = (files) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(widgetDir, file)), { level: 9 }).byteLength,
    0,
  );
const widget = {
  upFront: gzipOf([manifest.loader]),
  onOpen: gzipOf(manifest.onOpen),
  onStart: gzipOf(manifest.onStart),
};
if (widget.upFront > WIDGET_BUDGET) over += 1;

/** ElevenLabs' one tag loads one file, everything in it (its published dist). */
function elevenLabsWidget() {
  const file = fileURLToPath(import.meta.resolve('@elevenlabs/convai-widget-embed'));
  return gzipSync(readFileSync(file), { level: 9 }).byteLength;
}

/**
 * Vapi publishes no one-tag file: `@vapi-ai/web` bundled whole (with @daily-co/daily-js, which
 * loads its call engine from Daily's CDN at run time, not counted), minified, gzip -9.
 */
async function vapiWeb() {
  const result = await build({
    stdin: { contents: "export { default } from '@vapi-ai/web';", resolveDir: process.cwd() },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzipSync(Buffer.concat(result.outputFiles.map((file) => file.contents)), { level: 9 })
    .byteLength;
}
const peerWidget = async (measure, fallback) => {
  try {
    return { bytes: await measure(), source: 'measured here' };
  } catch (error) {
    return { ...fallback, error: error instanceof Error ? error.message : String(error) };
  }
};
const eleven = await peerWidget(elevenLabsWidget, { bytes: null, source: 'not measured' });
const vapi = await peerWidget(vapiWeb, {
  bytes: 13_028,
  source: 'platform notes (daily-js external)',
});

console.log(`Widget (@svc/widget ${WIDGET_VERSION}, built files as served, gzip -9)`);
console.table([
  {
    part: 'up front: widget.js (element + launcher)',
    'gzip B': widget.upFront,
    'budget B': WIDGET_BUDGET,
    'of budget': `${((widget.upFront / WIDGET_BUDGET) * 100).toFixed(0)}%`,
    status: widget.upFront <= WIDGET_BUDGET ? 'ok' : 'OVER BUDGET',
  },
  {
    part: 'on open: conversation (SDK, Preact, @svc/ui + CSS)',
    'gzip B': widget.onOpen,
    'budget B': '-',
    'of budget': '-',
    status: 'lazy',
  },
  {
    part: 'on start: LiveKit transport (livekit-client)',
    'gzip B': widget.onStart,
    'budget B': '-',
    'of budget': '-',
    status: 'lazy',
  },
]);
console.log(
  'Beside the one-tag widgets of peers (up front = what the tag downloads before a click):',
);
console.table([
  {
    widget: 'ElevenLabs @elevenlabs/convai-widget-embed 0.5.4 (dist/index.js)',
    'up front gzip B': eleven.bytes ?? '-',
    'ours up front / theirs': eleven.bytes ? (widget.upFront / eleven.bytes).toFixed(3) : '-',
    source: eleven.source,
  },
  {
    widget: 'Vapi @vapi-ai/web 2.7.1 (bundled with daily-js)',
    'up front gzip B': vapi.bytes,
    'ours up front / theirs': (widget.upFront / vapi.bytes).toFixed(3),
    source: vapi.source,
  },
]);
for (const peer of [eleven, vapi]) if (peer.error) console.log(`(not measured: ${peer.error})`);

if (over > 0) {
  console.error(`${over} entr${over === 1 ? 'y is' : 'ies are'} over budget`);
  process.exit(1);
}
