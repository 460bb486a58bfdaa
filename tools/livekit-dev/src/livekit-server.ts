import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startProcess, type RunningProcess } from './child-process.js';
import { ensureLivekitServer } from './server-binary.js';

/** Options of {@link startLivekitServer}. */
export interface LivekitServerOptions {
  /** Redis address (`host:port`) shared by the nodes of a multi-node deployment. */
  redisAddress?: string;
  /** How long to wait until the server answers, in ms (default 30 s). */
  readyTimeoutMs?: number;
  /** API key and secret; generated when absent. Nodes of one deployment share them. */
  keys?: { apiKey: string; apiSecret: string };
  /** Log level of the server (default `info`). */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
}

/** A running livekit-server on loopback. */
export interface LivekitServer {
  /** WebSocket URL for clients and agent workers: `ws://127.0.0.1:{port}`. */
  url: string;
  /** HTTP URL of the same port (server API, health). */
  httpUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Resolves when the server logs a line matching `pattern` (for example a registered worker). */
  waitForLog(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** The server's recent log lines. */
  logs: string[];
  /** Stops the server and removes its config; always settles. */
  stop(): Promise<void>;
}

/** The YAML config of a loopback-only server: no STUN, no external IP, loopback ICE candidates. */
function configYaml(
  ports: { signal: number; tcp: number; udp: number },
  key: string,
  secret: string,
  options: LivekitServerOptions,
): string {
  const lines = [
    `port: ${ports.signal}`,
    'bind_addresses: ["127.0.0.1"]',
    'rtc:',
    `  tcp_port: ${ports.tcp}`,
    `  udp_port: ${ports.udp}`,
    '  use_external_ip: false',
    '  node_ip: 127.0.0.1',
    '  enable_loopback_candidate: true',
    'keys:',
    `  ${key}: ${secret}`,
    'logging:',
    `  level: ${options.logLevel ?? 'info'}`,
  ];
  if (options.redisAddress) lines.push('redis:', `  address: ${options.redisAddress}`);
  return `${lines.join('\n')}\n`;
}

async function waitUntilReady(
  httpUrl: string,
  server: RunningProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const response = await fetch(httpUrl);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(
    `livekit-server did not become ready within ${timeoutMs} ms; its last lines:\n${server.logs.slice(-20).join('\n')}`,
  );
}

/**
 * Starts livekit-server on free loopback ports with freshly generated keys, and resolves once it
 * answers. Builds the server first if the cache has none. Several can run side by side.
 */
export async function startLivekitServer(
  options: LivekitServerOptions = {},
): Promise<LivekitServer> {
  const binary = ensureLivekitServer((line) => process.stderr.write(`${line}\n`));
  const ports = { signal: await freePort(), tcp: await freePort(), udp: await freePort() };
  const apiKey = options.keys?.apiKey ?? `API${randomBytes(6).toString('hex')}`;
  const apiSecret = options.keys?.apiSecret ?? randomBytes(24).toString('base64url');
  const folder = mkdtempSync(join(tmpdir(), 'svc-livekit-'));
  const config = join(folder, 'livekit.yaml');
  writeFileSync(config, configYaml(ports, apiKey, apiSecret, options), { mode: 0o600 });

  const server = startProcess(binary, ['--config', config]);
  const httpUrl = `http://127.0.0.1:${ports.signal}`;
  try {
    await waitUntilReady(httpUrl, server, options.readyTimeoutMs ?? 30_000);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `ws://127.0.0.1:${ports.signal}`,
    httpUrl,
    apiKey,
    apiSecret,
    logs: server.logs,
    waitForLog: (pattern, timeoutMs = 15_000) => server.waitForLog(pattern, timeoutMs),
    async stop() {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
