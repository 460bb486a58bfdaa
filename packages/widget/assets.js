// `@svc/widget/assets`: where the built widget is, for the server that serves it (the API's
// `/widget/{version}/{file}` route) and for tests that build it when it is missing or stale.
// Plain JavaScript with a declaration file, so it works before and without a build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('.', import.meta.url));

/** The version folder the widget's files are built into and served under (`/widget/v1/...`). */
export const WIDGET_VERSION = 'v1';

/** The built widget: one folder per version (`dist/v1/widget.js`, its chunks and pages). */
export const widgetDistDir = join(packageDir, 'dist');

/** The newest modification time under `path`, 0 if it does not exist; tests left out. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Whether `dist` is missing or older than the widget's sources, its build script or the sources
 * of the packages it bundles (`@svc/sdk`, `@svc/ui`, `@svc/protocol`, found through their
 * package entries).
 */
export function isWidgetBuildStale() {
  const built = newestMtime(join(widgetDistDir, WIDGET_VERSION, 'widget.js'));
  if (built === 0) return true;
  const inputs = [
    join(packageDir, 'src'),
    join(packageDir, 'scripts'),
    join(packageDir, 'package.json'),
  ];
  for (const name of ['@svc/sdk', '@svc/ui', '@svc/protocol']) {
    try {
      const manifest = fileURLToPath(import.meta.resolve(`${name}/package.json`));
      inputs.push(join(manifest, '..', 'src'));
    } catch {
      // not installed: nothing of it to compare
    }
  }
  return inputs.some((input) => newestMtime(input) > built);
}

/** Builds the widget (`npm run build -w @svc/widget`) when it is missing or stale. */
export function ensureWidgetBuilt() {
  if (!isWidgetBuildStale()) return;
  const build = spawnSync(process.execPath, [join(packageDir, 'scripts', 'build.mjs')], {
    cwd: packageDir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0)
    throw new Error(`the widget build failed (exit ${build.status ?? build.signal})`);
}
