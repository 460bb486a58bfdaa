// A throwaway PostgreSQL cluster for the API's tests and benchmarks, from Debian's packages:
// initdb in a temp folder, on a free port, as the `postgres` user when run as root (PostgreSQL
// refuses to run as root). Part of `@svc/api/testing`.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function binary(name: string): string {
  const versions = readdirSync('/usr/lib/postgresql').sort().reverse();
  if (versions.length === 0)
    throw new Error('PostgreSQL is not installed: install the Debian package `postgresql`');
  return join('/usr/lib/postgresql', versions[0] as string, 'bin', name);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a PostgreSQL tool, as `postgres` when we are root. */
function run(tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? 'runuser' : binary(tool);
  const fullArgs = asRoot ? ['-u', 'postgres', '--', binary(tool), ...args] : args;
  execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A throwaway cluster: its URL, a restart (same data, same port) and a stop that removes it. */
export interface TestPostgres {
  url: string;
  /** Stops the server (`fast`: connections are closed) and starts it again on the same data. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a fresh cluster; returns its URL, a restart and a stop function. */
export async function startPostgres(): Promise<TestPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-postgres-'));
  if (process.getuid?.() === 0) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(folder, id('-u'), id('-g'));
  }
  const data = join(folder, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'svc', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-w',
      '-l',
      join(folder, 'log'),
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  start();
  return {
    url: `postgres://svc@127.0.0.1:${port}/postgres`,
    async restart({ downMs = 0 } = {}) {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
