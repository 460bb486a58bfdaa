// API benchmark: autocannon on loopback against identify and session start, on SQLite and on
// PostgreSQL, beside a bare Fastify route that only signs the same JWT, in the same run. Prints
// req/s, p50 and p99, and each route's ratio to the bare route.
// Run: npm run api -w @svc/bench   (DURATION=10 CONNECTIONS=50 by default)
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { startLivekitServer } from '@svc/livekit-dev';
import { startPostgres } from '@svc/api/testing';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SESSION_DURATION = Number(process.env.SESSION_DURATION ?? 5);
const SESSION_CONNECTIONS = Number(process.env.SESSION_CONNECTIONS ?? 10);

interface Started {
  url: string;
  publication?: string;
  child: ChildProcess;
}

async function startServer(...args: string[]): Promise<Started> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--conditions=@svc/source',
      new URL('./server.ts', import.meta.url).pathname,
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const started: Partial<Started> = { child };
  for await (const line of lines) {
    if (!line.startsWith('{')) continue;
    Object.assign(started, JSON.parse(line));
    if (started.url) break;
  }
  if (!started.url) throw new Error(`bench server ${args[0]} did not start`);
  return started as Started;
}

async function stop(server: Started): Promise<void> {
  server.child.kill('SIGTERM');
  if (server.child.exitCode === null) await once(server.child, 'exit');
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(
  name: string,
  url: string,
  options: { connections: number; duration: number; requests: autocannon.Request[] },
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    requests: options.requests,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

const externalIds = Array.from({ length: 1000 }, (_, n) => `bench-visitor-${n}`);
let next = 0;
const identifyRequest = (publication: string): autocannon.Request => ({
  method: 'POST',
  path: '/v1/public/token',
  headers: { 'content-type': 'application/json' },
  // A different visitor on every request: most requests find an existing visitor, as in use.
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({
      scenario_uuid: publication,
      external_id: externalIds[next++ % externalIds.length],
    }),
  }),
});

async function sessionRequest(url: string, publication: string): Promise<autocannon.Request> {
  const tokens: string[] = [];
  for (const externalId of externalIds.slice(0, 50)) {
    const response = await fetch(`${url}/v1/public/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scenario_uuid: publication, external_id: externalId }),
    });
    tokens.push(((await response.json()) as { user_token: string }).user_token);
  }
  let n = 0;
  return {
    method: 'POST',
    path: '/v1/public/session',
    setupRequest: (request) => ({
      ...request,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${tokens[n++ % tokens.length]}`,
      },
      body: JSON.stringify({ scenario_uuid: publication, output_mode: 'text' }),
    }),
  };
}

const livekit = await startLivekitServer({ logLevel: 'warn' });
const postgres = await startPostgres();
const livekitArg = JSON.stringify({
  url: livekit.url,
  apiKey: livekit.apiKey,
  apiSecret: livekit.apiSecret,
});
const results: Figures[] = [];
try {
  const bare = await startServer('bare');
  results.push(
    await load('bare Fastify route (sign JWT)', bare.url, {
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [identifyRequest('00000000-0000-4000-8000-000000000000')],
    }),
  );
  await stop(bare);
  for (const [mode, database] of [
    ['sqlite', ''],
    ['postgres', postgres.url],
  ] as const) {
    const api = await startServer(mode, database, livekitArg);
    const publication = api.publication as string;
    // A warm-up creates the visitors, so the measured run sees the steady state.
    await load('warm-up', api.url, {
      connections: 10,
      duration: 2,
      requests: [identifyRequest(publication)],
    });
    results.push(
      await load(`identify on ${mode}`, api.url, {
        connections: CONNECTIONS,
        duration: DURATION,
        requests: [identifyRequest(publication)],
      }),
    );
    results.push(
      await load(`session on ${mode} (room + dispatch)`, api.url, {
        connections: SESSION_CONNECTIONS,
        duration: SESSION_DURATION,
        requests: [await sessionRequest(api.url, publication)],
      }),
    );
    await stop(api);
  }
} finally {
  await postgres.stop();
  await livekit.stop();
}

const baseline = results[0] as Figures;
const pad = (text: string, width: number) => text.padEnd(width);
console.log(
  `\nAPI on loopback: ${CONNECTIONS} connections x ${DURATION} s (session: ${SESSION_CONNECTIONS} x ${SESSION_DURATION} s), Node ${process.version}\n`,
);
console.log(
  `${pad('route', 38)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}vs bare`,
);
for (const row of results) {
  console.log(
    `${pad(row.name, 38)}${pad(row.rps.toFixed(0), 10)}${pad(String(row.p50), 9)}${pad(String(row.p99), 9)}${pad(String(row.errors), 8)}${(row.rps / baseline.rps).toFixed(2)}x`,
  );
}
