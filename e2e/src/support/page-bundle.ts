// Bundles a test page's script for the browser, with the SDK from its sources.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The browser bundle of `entry` (a URL of a .ts file), as text. */
export async function bundlePage(entry: URL): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    minify: true,
    conditions: ['@svc/source'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}
