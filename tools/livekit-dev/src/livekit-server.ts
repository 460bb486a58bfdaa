import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, freeUdpPort, startProcess, type RunningProcess } from './child-process.js';
import { ensureLivekitServer } from './server-binary.js';
import { serverConfigYaml } from './server-config.js';

/** Options of {@link startLivekitServer}. */
export interface LivekitServerOptions {
  /**
   * The Redis shared by the nodes of a multi-node deployment (a {@link RedisServer} fits). Nodes
   * that share it must also share `keys`.
   */
  redis?: { address: string };
  /** API key and secret; generated when absent. */
  keys?: { apiKey: string; apiSecret: string };
  /** Log level of the server (default `info`; {@link LivekitServer.waitForAgentWorker} needs it). */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** How long to wait until the server answers, in ms (default 30 s). */
  readyTimeoutMs?: number;
}

/** A running livekit-server on loopback. */
export interface LivekitServer {
  /** WebSocket URL for clients and agent workers: `ws://127.0.0.1:{port}`. */
  url: string;
  /** HTTP URL of the same port (server API, health). */
  httpUrl: string;
  /** The API key tokens are signed for. */
  apiKey: string;
  /** The secret that signs tokens. */
  apiSecret: string;
  /** The server's last 500 log lines. */
  logs: string[];
  /** Resolves with the exit code once the server has ended, whatever ended it. */
  exited: Promise<number | null>;
  /** Resolves with the first log line matching `pattern`, also one logged already. */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /**
   * Resolves once an agent worker named `agentName` (`''` for automatic dispatch) has registered.
   * Dispatch drops a job for which no worker is registered, so wait for this before dispatching.
   */
  waitForAgentWorker(agentName?: string, timeoutMs?: number): Promise<void>;
  /** Stops the server and removes its config; always settles, and may be called again. */
  stop(): Promise<void>;
  /**
   * Kills the server at once (SIGKILL: no goodbye to participants, as a crash or an out-of-memory
   * kill would); resolves once it has exited. For fault tests; `stop()` still cleans up after.
   */
  kill(): Promise<void>;
}

/** The server's log line for a worker, e.g. `worker registered {"agentName": "svc-agent", ...}`. */
export function agentWorkerLogPattern(agentName: string): RegExp {
  const name = JSON.stringify(agentName).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`worker registered\\s.*"agentName": ${name}`);
}

async function waitUntilReady(
  httpUrl: string,
  server: RunningProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void server.exited.then(() => (ended = true));
  while (!ended && Date.now() < deadline) {
    const answer = await fetch(httpUrl, { signal: AbortSignal.timeout(1000) }).then(
      async (response) => (response.ok ? await response.text() : ''),
      () => '', // not listening yet
    );
    if (answer === 'OK') {
      // The server answers before it counts as running and ignores a SIGTERM until then
      // (LivekitServer.Start sleeps 100 ms first): a stop() right after start would hang.
      await sleep(150);
      return;
    }
    await sleep(100);
  }
  await server.stop();
  const reason = ended
    ? `exited with code ${await server.exited}`
    : `did not answer within ${timeoutMs} ms`;
  throw new Error(
    `livekit-server ${reason}; its last lines:\n${server.logs.slice(-20).join('\n')}`,
  );
}

/**
 * Starts livekit-server on free loopback ports with a fresh config and freshly generated keys,
 * and resolves once it answers; builds the server first if the cache has none. Several servers
 * can run side by side, and with a shared `redis` they form one multi-node deployment.
 */
export async function startLivekitServer(
  options: LivekitServerOptions = {},
): Promise<LivekitServer> {
  // A port found free may be taken by another process before the server binds it (tests run side
  // by side): the server then exits, and is started again on other ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePorts(options);
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !String(error).includes(ADDRESS_IN_USE)) throw error;
    }
  }
}

/** Starts on ports free a moment ago; how often, and what the server says when one was not. */
const PORT_ATTEMPTS = 3;
const ADDRESS_IN_USE = 'address already in use';

async function startOnFreePorts(options: LivekitServerOptions): Promise<LivekitServer> {
  const binary = await ensureLivekitServer();
  const ports = { signal: await freePort(), rtcTcp: await freePort(), rtcUdp: await freeUdpPort() };
  const apiKey = options.keys?.apiKey ?? `API${randomBytes(6).toString('hex')}`;
  // The server logs an error for secrets shorter than 32 characters.
  const apiSecret = options.keys?.apiSecret ?? randomBytes(24).toString('base64url');
  const folder = mkdtempSync(join(tmpdir(), 'svc-livekit-'));
  const config = join(folder, 'livekit.yaml');
  const yaml = serverConfigYaml({
    ports,
    apiKey,
    apiSecret,
    logLevel: options.logLevel ?? 'info',
    redisAddress: options.redis?.address,
  });
  writeFileSync(config, yaml, { mode: 0o600 });
  const removeConfig = () => rmSync(folder, { recursive: true, force: true });

  const server = startProcess(binary, ['--config', config]);
  const httpUrl = `http://127.0.0.1:${ports.signal}`;
  try {
    await waitUntilReady(httpUrl, server, options.readyTimeoutMs ?? 30_000);
  } catch (error) {
    removeConfig();
    throw error;
  }
  const waitForLog = (pattern: RegExp, timeoutMs = 15_000) => server.waitForLog(pattern, timeoutMs);
  return {
    url: `ws://127.0.0.1:${ports.signal}`,
    httpUrl,
    apiKey,
    apiSecret,
    logs: server.logs,
    exited: server.exited,
    waitForLog,
    async waitForAgentWorker(agentName = '', timeoutMs) {
      await waitForLog(agentWorkerLogPattern(agentName), timeoutMs);
    },
    async kill() {
      server.child.kill('SIGKILL');
      await server.exited;
    },
    async stop() {
      // The first SIGTERM waits for every participant to leave; a second one stops regardless.
      const force = setTimeout(() => server.child.kill('SIGTERM'), 1000);
      await server.stop(5000);
      clearTimeout(force);
      removeConfig();
    },
  };
}
