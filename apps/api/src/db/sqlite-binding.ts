import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

// better-sqlite3 is a native addon built for one Node ABI (not N-API): the copy npm installed fits
// the Node that installed it. On another supported Node (20, 22, 24) the set-up builds one per ABI
// into the cache (scripts/setup.mjs), and SQLite opens with the one that fits the running Node.
const require = createRequire(import.meta.url);

/** The cache folder: `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`. */
function cacheDir(env: NodeJS.ProcessEnv): string {
  return env.SVC_CACHE_DIR || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
}

/**
 * Where the set-up keeps the better-sqlite3 binding it built for one Node ABI
 * (`process.versions.modules`): `<cache>/tools/better-sqlite3-<version>/node-abi-<abi>/`.
 * scripts/setup.mjs writes to the same place.
 */
export function cachedSqliteBindingPath(
  abi: string = process.versions.modules,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const { version } = require('better-sqlite3/package.json') as { version: string };
  return join(
    cacheDir(env),
    'tools',
    `better-sqlite3-${version}`,
    `node-abi-${abi}`,
    'better_sqlite3.node',
  );
}

/**
 * The better-sqlite3 binding for a Node: the set-up's build for its ABI when the cache has one (it
 * makes one where npm's does not load, and on Node 24, where npm's may abort the process: see
 * scripts/setup.mjs), else the one npm installed. Throws, saying how to build one, when npm's does
 * not load and the cache has none.
 */
export function sqliteBindingFor(env: NodeJS.ProcessEnv = process.env): string {
  const cached = cachedSqliteBindingPath(process.versions.modules, env);
  if (existsSync(cached)) return cached;
  const installed = join(
    dirname(require.resolve('better-sqlite3/package.json')),
    'build',
    'Release',
    'better_sqlite3.node',
  );
  try {
    // Loaded once here; better-sqlite3's own require of the same path then finds it loaded.
    require(installed);
  } catch (error) {
    throw new Error(
      `better-sqlite3's binding does not load in Node ${process.version} (ABI ${process.versions.modules}) and none is built for it: run \`node scripts/setup.mjs\` with this Node`,
      { cause: error },
    );
  }
  return installed;
}

let chosen: string | undefined;

/**
 * The better-sqlite3 binding for the running Node ({@link sqliteBindingFor}), as a path for its
 * `nativeBinding` option. Decided once per process.
 */
export function sqliteNativeBinding(): string {
  chosen ??= sqliteBindingFor();
  return chosen;
}
