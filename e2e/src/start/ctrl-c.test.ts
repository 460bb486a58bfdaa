import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning, processTree, type ProcessEntry } from './process-tree.js';

// `npm start`'s launcher (scripts/start.mjs, the set-up having run) brings up livekit-server, the
// API, the agent worker with its job processes and model host, the example page, the storefront
// and the studio. Ctrl-C in a terminal sends SIGINT to the launcher's process group; afterwards
// nothing it started may be left running (a framework inference process once stayed ~20 s).
// Every port comes from here, the database is a fresh file, and the secrets are given, so the run
// leaves the checkout's data/ alone and runs beside other tests and a developer's own `npm start`.

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A port free on loopback now; the launcher's parts take it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

let folder: string;
let launcher: ChildProcess;
let output = '';
/** Every process seen under the launcher while it ran, by pid. */
const started = new Map<number, ProcessEntry>();
let exited: Promise<number | null>;

function watchTree(): void {
  for (const entry of processTree([launcher.pid!])) {
    const known = started.get(entry.pid);
    // Seen again, the same process (an exec keeps the pid and the start) is kept as it is now: one
    // first seen between its fork and its exec showed its parent's command line and folder.
    if (!known || known.startTime === entry.startTime) started.set(entry.pid, entry);
  }
}

/** Whether one of the agents framework's job processes has been seen. */
function jobProcessSeen(): boolean {
  return [...started.values()].some(({ command }) => /job_proc/.test(command));
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'svc-start-'));
  // As in a terminal: none of the test runner's own variables.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|TEST$)/.test(name)),
  );
  launcher = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    // Its own process group, as a terminal's foreground job has.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(await freePort()),
      EXAMPLE_PORT: String(await freePort()),
      STOREFRONT_PORT: String(await freePort()),
      STUDIO_PORT: String(await freePort()),
      SVC_AGENT_HEALTH_PORT: String(await freePort()),
      DATABASE_URL: join(folder, 'svc.db'),
      SVC_JWT_SECRET: randomBytes(32).toString('base64url'),
    },
  });
  exited = new Promise((resolve) => launcher.once('exit', (code) => resolve(code)));
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // The tree is read while the service comes up, so that a part that is started and then loses
  // its parent (its parent exits) is still known by its pid.
  const watcher = setInterval(watchTree, 250);
  try {
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (output.includes('Press Ctrl-C to stop.')) {
          clearInterval(check);
          resolve();
        }
      }, 250);
      void exited.then((code) => {
        clearInterval(check);
        reject(new Error(`npm start ended before it was up (exit ${code}):\n${output}`));
      });
    });
    // The agent's idle job processes start after the worker registers: wait for the first.
    const deadline = Date.now() + 120_000;
    while (!jobProcessSeen() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    watchTree();
  } finally {
    clearInterval(watcher);
  }
}, 900_000);

afterAll(() => {
  // A failed run must not leave the service behind for the tests after it.
  for (const entry of started.values()) {
    if (isRunning(entry)) process.kill(entry.pid, 'SIGKILL');
  }
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('npm start', () => {
  it('leaves no process it started running after Ctrl-C', async () => {
    const parts = [...started.values()];
    // On a failure, what the launcher and its parts printed says which part did what.
    const said = () => output.slice(-4000);
    // What npm start runs is all in the tree, so the check below has something to check.
    const runs = (folder: string, pattern: RegExp) =>
      parts.some(({ cwd, command }) => cwd === join(root, folder) && pattern.test(command));
    expect(
      parts.some(({ command }) => /livekit-server/.test(command)),
      said(),
    ).toBe(true);
    expect(runs('apps/api', /^node dist\/main\.js/), said()).toBe(true);
    expect(runs('apps/agent', /^node dist\/main\.js/), said()).toBe(true);
    expect(jobProcessSeen(), said()).toBe(true);
    expect(runs('examples/minimal', /serve\.mjs/), said()).toBe(true);
    expect(runs('examples/storefront', /serve\.mjs/), said()).toBe(true);
    expect(runs('apps/studio', /vite/), said()).toBe(true);

    const sentAt = Date.now();
    process.kill(-launcher.pid!, 'SIGINT');
    // Whatever the parts start while they stop is theirs too.
    const left = (): ProcessEntry[] => {
      const alive = [...started.values()].filter(isRunning);
      for (const entry of processTree(alive.map(({ pid }) => pid))) {
        if (!started.has(entry.pid)) started.set(entry.pid, entry);
      }
      return [...started.values()].filter(isRunning);
    };
    let running = left();
    while (running.length > 0 && Date.now() - sentAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      running = left();
    }
    const seconds = ((Date.now() - sentAt) / 1000).toFixed(1);
    console.log(
      `npm start: ${started.size} processes, ${running.length} still running ${seconds} s after Ctrl-C`,
    );
    expect(
      running.map(({ pid, command }) => `${pid} ${command}`),
      said(),
    ).toEqual([]);
    expect(await exited, said()).toBe(0);
  }, 120_000);
});
