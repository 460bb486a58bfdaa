import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir } from './cache.js';

/**
 * The livekit-server release we build. Pinned: v1.13.5 is a Go module with no `replace`
 * directives, so `go install module@version` builds it; later tags add `replace` lines, which
 * `go install` refuses.
 */
export const LIVEKIT_SERVER_VERSION = 'v1.13.5';

/** Options of {@link ensureLivekitServer}. */
export interface EnsureLivekitServerOptions {
  /** Receives progress lines; they go to stderr when absent. */
  log?: (line: string) => void;
}

/**
 * Where the built binary lives:
 * `{@link cacheDir}/tools/livekit-server-v1.13.5/livekit-server`.
 */
export function livekitServerPath(): string {
  return join(cacheDir(), 'tools', `livekit-server-${LIVEKIT_SERVER_VERSION}`, 'livekit-server');
}

/** Whether `binary` runs and says it is the pinned version. */
function isWorkingBinary(binary: string): boolean {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 && result.stdout.includes(LIVEKIT_SERVER_VERSION.slice(1));
}

function goInstall(binDir: string): Promise<void> {
  const goPackage = `github.com/livekit/livekit-server/cmd/server@${LIVEKIT_SERVER_VERSION}`;
  return new Promise((resolve, reject) => {
    const child = spawn('go', ['install', goPackage], {
      env: { ...process.env, GOBIN: binDir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', (error) =>
      reject(new Error(`cannot run go (install Go 1.26 or newer): ${error.message}`)),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`go install ${goPackage} failed (exit ${code})`)),
    );
  });
}

/**
 * Makes sure the pinned livekit-server is built, and resolves with the binary's path. The first
 * call builds it with `go install` (a few minutes); later calls find it in the cache, check that
 * it runs and return at once. The build goes to a temporary folder and the binary is renamed into
 * place, so an interrupted build leaves no half-written binary behind.
 */
export async function ensureLivekitServer(
  options: EnsureLivekitServerOptions = {},
): Promise<string> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const binary = livekitServerPath();
  if (isWorkingBinary(binary)) return binary;

  mkdirSync(dirname(binary), { recursive: true });
  const staging = mkdtempSync(join(dirname(binary), '.build-'));
  const started = Date.now();
  log(`building livekit-server ${LIVEKIT_SERVER_VERSION} with go install (a few minutes, once)`);
  try {
    await goInstall(staging);
    // A rename within one folder is atomic: a concurrent build or a running server is unharmed.
    renameSync(join(staging, 'server'), binary);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  if (!isWorkingBinary(binary)) throw new Error(`the built ${binary} does not run`);
  log(`livekit-server built in ${Math.round((Date.now() - started) / 1000)} s: ${binary}`);
  return binary;
}
