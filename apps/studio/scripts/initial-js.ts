// Measures what a first visit downloads: the entry chunk and, per page, the chunks that page
// needs before it renders (its static imports, not the pages it may lazily load later), minified
// and gzipped (level 9). `npm run size -w @svc/studio`; the build goes to a temp folder.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'svc-studio-size-'));

try {
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const gzipBytes = (file: string) =>
    gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;

  /** The chunk files `key` needs before it runs: itself and its static imports, transitively. */
  const closure = (key: string, files = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const total = (files: Iterable<string>) =>
    [...files]
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipBytes(file), 0);

  const entry = closure('index.html');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(`entry (shell, router, query, Mantine core): ${kb(total(entry))} gzip\n`);
  for (const key of Object.keys(manifest)
    .filter((name) => name.startsWith('src/pages/'))
    .sort()) {
    const files = closure(key, new Set(entry));
    process.stdout.write(
      `first visit to ${key.slice('src/pages/'.length)}: ${kb(total(files))} gzip\n`,
    );
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
