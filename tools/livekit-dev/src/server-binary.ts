import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './cache.js';

/**
 * The livekit-server release we build. Pinned: v1.13.5 is a Go module with no `replace`
 * directives, so `go install module@version` builds it; later tags add `replace` lines, which
 * `go install` refuses.
 */
export const LIVEKIT_SERVER_VERSION = 'v1.13.5';

/** Where the built binary lives. */
export function livekitServerPath(): string {
  return join(cacheDir(), 'tools', `livekit-server-${LIVEKIT_SERVER_VERSION}`, 'livekit-server');
}

/**
 * Builds livekit-server with `go install` into the cache, once; later calls return the cached
 * binary. The build goes to a temporary folder first, so an interrupted build leaves nothing.
 */
export function ensureLivekitServer(log: (line: string) => void = () => {}): string {
  const binary = livekitServerPath();
  if (existsSync(binary)) return binary;
  const folder = join(binary, '..');
  mkdirSync(join(folder, '..'), { recursive: true });
  const staging = mkdtempSync(`${folder}.build-`);
  log(`building livekit-server ${LIVEKIT_SERVER_VERSION} with go install (a few minutes, once)`);
  try {
    const result = spawnSync(
      'go',
      ['install', `github.com/livekit/livekit-server/cmd/server@${LIVEKIT_SERVER_VERSION}`],
      { env: { ...process.env, GOBIN: staging }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.error) throw new Error(`cannot run go (is Go installed?): ${result.error.message}`);
    if (result.status !== 0) throw new Error(`go install failed with exit code ${result.status}`);
    renameSync(join(staging, 'server'), join(staging, 'livekit-server'));
    rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  log(`livekit-server built: ${binary}`);
  return binary;
}
