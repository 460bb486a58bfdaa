// The Platform API as production runs it (`src/main.ts`, its own process, configured by its
// environment), for tests that kill, restart or replicate it: faults and the scale-out smoke.
// Part of `@svc/api/testing`.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TEST_AGENT_KEY, TEST_SIGNING_KEY } from './test-api.js';

/** One API process; `restart` starts it again on the same port and environment. */
export interface ApiProcess {
  /** `http://127.0.0.1:{port}` */
  readonly url: string;
  readonly port: number;
  /** Everything the process wrote (stdout and stderr), across restarts. */
  readonly log: string[];
  /** The running child, or undefined while stopped. */
  readonly child: ChildProcess | undefined;
  /** Stops it: SIGTERM, then SIGKILL after `graceMs`; `kill: true` sends SIGKILL at once. */
  stop(options?: { kill?: boolean; graceMs?: number }): Promise<void>;
  /** Starts it again (same port, same environment); resolves when /healthz answers. */
  restart(): Promise<void>;
}

/** What the process is started with, besides the defaults below. */
export interface ApiProcessOptions {
  /** `DATABASE_URL`: a SQLite file path or a `postgres://` URL (required: a restart keeps it). */
  databaseUrl: string;
  livekit: { url: string; apiKey: string; apiSecret: string };
  /** `REDIS_URL`, for limits shared by replicas. */
  redisUrl?: string;
  /** A fixed port (default: a free one). */
  port?: number;
  /** More environment, last (overrides the defaults). */
  env?: Record<string, string>;
  /**
   * How long the first start and each restart may take to answer /healthz, ms (default 170 s:
   * CI starts API processes at the lowest CPU priority beside real-time tests, where a start
   * has taken over 60 s; a start that passes takes what it takes, the bound only ends a broken one).
   */
  timeoutMs?: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
  });
}

async function healthy(url: string, child: ChildProcess, log: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the API process exited before answering:\n${log.join('').slice(-2000)}`);
    const ok = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(
        `the API did not answer /healthz in ${timeoutMs} ms:\n${log.join('').slice(-2000)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the API in its own process from its sources (through tsx), with the test signing key and
 * agent key, migrations run and the demo seeded on an empty database (`SVC_SEED_DEMO=on`);
 * resolves once /healthz answers.
 */
export async function startApiProcess(options: ApiProcessOptions): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 170_000;
  const log: string[] = [];
  const main = fileURLToPath(new URL('../main.ts', import.meta.url));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: options.databaseUrl,
    LIVEKIT_URL: options.livekit.url,
    LIVEKIT_API_KEY: options.livekit.apiKey,
    LIVEKIT_API_SECRET: options.livekit.apiSecret,
    SVC_JWT_SECRET: TEST_SIGNING_KEY.secret,
    SVC_JWT_KID: TEST_SIGNING_KEY.kid,
    SVC_AGENT_KEY: TEST_AGENT_KEY,
    // The tests talk to the demo; production starts with no demo and no admin.
    SVC_SEED_DEMO: 'on',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  let child: ChildProcess | undefined;

  const launch = async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', '--conditions=@svc/source', main], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child = started;
    try {
      await healthy(url, started, log, timeoutMs);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
  };

  const stop = async ({ kill = false, graceMs = 10_000 } = {}) => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exit = once(running, 'exit');
    running.kill(kill ? 'SIGKILL' : 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exit.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      running.kill('SIGKILL');
      await exit;
    }
  };

  await launch();
  return {
    url,
    port,
    log,
    get child() {
      return child;
    },
    stop,
    async restart() {
      await stop();
      await launch();
    },
  };
}
