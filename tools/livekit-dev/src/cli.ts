// Command line of the dev tool:
//   build              builds the server once into the cache, prints the binary's path
//   path               prints the binary's path (exit code 1 when it is not built yet)
//   start [--nodes N]  runs one server (or N nodes sharing a fresh Redis) in the foreground and
//                      prints one JSON line with the URL and keys; Ctrl-C or SIGTERM stops it
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  ensureLivekitServer,
  livekitServerPath,
  startLivekitServer,
  startRedis,
  type LivekitServer,
} from './index.js';

async function start(nodes: number): Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const stop of stops.reverse()) await stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stopAll(0));
  process.once('SIGTERM', () => void stopAll(0));

  const redis = nodes > 1 ? await startRedis() : undefined;
  if (redis) stops.push(redis.stop);
  const servers: LivekitServer[] = [];
  for (let index = 0; index < nodes; index++) {
    const first = servers[0];
    const server = await startLivekitServer({
      ...(redis && { redis }),
      ...(first && { keys: { apiKey: first.apiKey, apiSecret: first.apiSecret } }),
    });
    stops.push(server.stop);
    servers.push(server);
    void server.exited.then((code) => {
      if (stopping) return;
      process.stderr.write(`livekit-server exited (code ${code}):\n${server.logs.join('\n')}\n`);
      void stopAll(1);
    });
  }
  const [first] = servers;
  if (!first) return;
  const { url, httpUrl, apiKey, apiSecret } = first;
  const cluster = redis && { urls: servers.map((server) => server.url), redisUrl: redis.url };
  console.log(JSON.stringify({ url, httpUrl, apiKey, apiSecret, ...cluster }));
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { nodes: { type: 'string', default: '1' } },
  });
  const nodes = Number(values.nodes);
  switch (positionals[0]) {
    case 'build':
      console.log(await ensureLivekitServer());
      return;
    case 'path':
      console.log(livekitServerPath());
      if (!existsSync(livekitServerPath())) process.exitCode = 1;
      return;
    case 'start':
      if (!Number.isInteger(nodes) || nodes < 1)
        throw new Error('--nodes takes a positive integer');
      return start(nodes);
    default:
      process.stderr.write('usage: cli.ts build | path | start [--nodes N]\n');
      process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
