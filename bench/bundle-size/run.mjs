// Bundle budgets of the SDK entries: each entry is bundled as a browser app would (ESM, minified,
// react and livekit-client external), gzipped at level 9, and compared with its budget and with
// what peer SDKs measured (platform notes). Exits 1 when an entry is over its budget.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'sdk', 'src');

/** Gzip bytes of peer SDKs, measured the same way (esbuild, minified, gzip -9). */
const PEERS = {
  'ElevenLabs @elevenlabs/client': 16_980,
  'Pipecat @pipecat-ai/client-js': 22_130,
  'LiveKit components-react voice set': 22_696,
  'ElevenLabs react layer': 5_498,
  'Pipecat client-react': 14_085,
};

/** Entries, their source files and gzip budgets in bytes (null: measured, no budget). */
const ENTRIES = [
  { name: '@svc/sdk/protocol', file: 'protocol.ts', budget: 1_500 },
  { name: '@svc/sdk/client', file: 'client/index.ts', budget: 4_000 },
  { name: '@svc/sdk (SvcSession + client + protocol)', file: 'index.ts', budget: 9_000 },
  { name: '@svc/sdk/react', file: 'react/index.ts', budget: 4_000 },
  { name: '@svc/sdk/testing', file: 'testing/index.ts', budget: null },
];

/**
 * Bundles an entry with code splitting and measures what a page downloads up front: the entry and
 * the chunks it imports statically. Chunks loaded with `import()` (the LiveKit transport, loaded on
 * first connect) are measured apart and not counted against the budget.
 */
async function measure(file) {
  const result = await build({
    entryPoints: [join(sdk, file)],
    bundle: true,
    splitting: true,
    outdir: 'out',
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['@svc/source'],
    external: ['react', 'react-dom', 'react/jsx-runtime', 'livekit-client'],
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
  return { ...size([...upFront]), lazyGzip: size(lazy).gzip };
}

const rows = [];
let over = 0;
for (const entry of ENTRIES) {
  const { raw, gzip, lazyGzip } = await measure(entry.file);
  const ok = entry.budget === null || gzip <= entry.budget;
  if (!ok) over += 1;
  rows.push({
    entry: entry.name,
    'minified B': raw,
    'gzip B': gzip,
    'lazy gzip B': lazyGzip,
    'budget B': entry.budget ?? '-',
    'of budget': entry.budget ? `${((gzip / entry.budget) * 100).toFixed(0)}%` : '-',
    status: ok ? 'ok' : 'OVER BUDGET',
  });
}
console.log(
  'SDK bundle sizes (esbuild, browser ESM, minified, gzip -9; react and livekit-client external; lazy = loaded by import() on first connect, outside the budget)',
);
console.table(rows);

const root = rows.find((row) => row.entry.startsWith('@svc/sdk ('));
const react = rows.find((row) => row.entry === '@svc/sdk/react');
console.log('Beside peer SDKs (ratio = ours / theirs):');
console.table(
  Object.entries(PEERS).map(([peer, bytes]) => {
    const ours = peer.includes('react') ? react : root;
    return {
      peer,
      'their gzip B': bytes,
      compared: ours.entry,
      'our gzip B': ours['gzip B'],
      ratio: (ours['gzip B'] / bytes).toFixed(2),
    };
  }),
);
if (over > 0) {
  console.error(`${over} entr${over === 1 ? 'y is' : 'ies are'} over budget`);
  process.exit(1);
}
