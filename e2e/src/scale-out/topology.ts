// The scale-out topology with real processes, as deploy/ runs it in production: two
// livekit-server nodes on one Redis, two API replicas on one PostgreSQL, two agent workers, and a
// balancer in front of the nodes' signal port and one in front of the API replicas (Caddy's
// place in deploy/).
import { randomBytes } from 'node:crypto';
import {
  DEMO_SCRIPT,
  startAgentWorker,
  stopAgentWorker,
  type TestWorker,
  type WorkerStop,
} from '@svc/agent/testing';
import {
  openDatabase,
  patchPublicationSnapshot,
  startApiProcess,
  startPostgres,
  type ApiProcess,
  type SeedSummary,
  type TestPostgres,
} from '@svc/api/testing';
import {
  startLivekitServer,
  startRedis,
  type LivekitServer,
  type RedisServer,
} from '@svc/livekit-dev';
import { startBalancer, type Backend, type Balancer } from './balancer.js';

/** Everything {@link startTopology} started, and what stops one part of each pair. */
export interface Topology {
  redis: RedisServer;
  postgres: TestPostgres;
  nodes: [LivekitServer, LivekitServer];
  apis: [ApiProcess, ApiProcess];
  workers: [TestWorker, TestWorker];
  /** The public entry of the API replicas: `http://127.0.0.1:{port}`. */
  apiUrl: string;
  /** The public entry of the livekit nodes' signal port, the `rt_url` visitors get. */
  livekitUrl: string;
  /** The demo the first replica seeded. */
  seed: SeedSummary;
  /** Takes node `index` out of the balancer, then stops it (rooms on it end). */
  stopNode(index: 0 | 1): Promise<void>;
  /** Takes replica `index` out of the balancer, then stops it (SIGTERM: requests in flight end). */
  stopApi(index: 0 | 1): Promise<void>;
  /**
   * Stops worker `index` (SIGTERM: it takes no new conversation, drains for 10 s, then ends the
   * running ones with `agent_shutdown`), with a minute's grace before a SIGKILL; resolves with
   * whether it exited by itself.
   */
  stopWorker(index: 0 | 1): Promise<WorkerStop>;
  /** Stops everything; always settles. */
  stop(): Promise<void>;
}

const backendOf = (url: string): Backend => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};

/** The demo summary the API prints when it seeds an empty database. */
function seedSummary(log: string[]): SeedSummary {
  const line = log
    .join('')
    .split('\n')
    .find((entry) => entry.startsWith('{"company_id"'));
  if (!line) throw new Error(`the first API replica did not seed the demo:\n${log.join('')}`);
  return JSON.parse(line) as SeedSummary;
}

/** How many agent workers the nodes' logs say have registered so far. */
const registrations = (nodes: LivekitServer[]) =>
  nodes.reduce(
    (count, node) => count + node.logs.filter((line) => /worker registered/.test(line)).length,
    0,
  );

/**
 * Starts the topology. `capacity` is each worker's `SVC_AGENT_MAX_CONVERSATIONS`: one worker must
 * be able to hold every conversation once the other is stopped.
 */
export async function startTopology(options: { capacity: number }): Promise<Topology> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const postgres = await startPostgres();
    cleanups.push(() => postgres.stop());
    // Nodes of one deployment share their keys as well as the Redis.
    const keys = {
      apiKey: `API${randomBytes(6).toString('hex')}`,
      apiSecret: randomBytes(24).toString('base64url'),
    };
    const nodes = (await Promise.all([
      startLivekitServer({ redis, keys }),
      startLivekitServer({ redis, keys }),
    ])) as [LivekitServer, LivekitServer];
    for (const node of nodes) cleanups.push(() => node.stop());
    const livekitBalancer = await startBalancer(nodes.map((node) => backendOf(node.httpUrl)));
    cleanups.push(() => livekitBalancer.close());
    const livekitUrl = `ws://127.0.0.1:${livekitBalancer.port}`;
    const livekit = { url: livekitUrl, ...keys };

    // Visitors reach the API through the balancer, whose X-Forwarded-For the replicas believe
    // (one hop), as behind Caddy in production; Redis holds the limits both replicas count.
    const apiOptions = {
      databaseUrl: postgres.url,
      livekit,
      redisUrl: redis.url,
      env: { SVC_TRUST_PROXY: '1' },
    };
    // The first replica migrates and seeds the empty database before the second starts.
    const first = await startApiProcess(apiOptions);
    cleanups.push(() => first.stop());
    const seed = seedSummary(first.log);
    const database = openDatabase(postgres.url);
    try {
      // Typed turns answered by the scripted LLM: the test is about the topology, not the model.
      await patchPublicationSnapshot(database, seed.publications.production, (snapshot) => ({
        ...snapshot,
        voice: { ...snapshot.voice, llm: { provider: 'scripted', script: DEMO_SCRIPT } },
      }));
      // Every visitor, restarts included, may run at once.
      await database.db
        .updateTable('applications')
        .set({ limits: JSON.stringify({ concurrent_sessions: 500, requests_per_minute: 10_000 }) })
        .execute();
    } finally {
      await database.close();
    }
    const second = await startApiProcess(apiOptions);
    cleanups.push(() => second.stop());
    const apis: [ApiProcess, ApiProcess] = [first, second];
    const apiBalancer = await startBalancer(apis.map((api) => backendOf(api.url)));
    cleanups.push(() => apiBalancer.close());
    const apiUrl = `http://127.0.0.1:${apiBalancer.port}`;

    const startWorker = async () => {
      const before = registrations(nodes);
      const worker = await startAgentWorker({
        livekit: {
          ...livekit,
          // The worker registers on whichever node the balancer picks.
          async waitForAgentWorker(_name: string, timeoutMs: number) {
            const deadline = Date.now() + timeoutMs;
            while (registrations(nodes) <= before) {
              if (Date.now() > deadline) throw new Error('the agent worker never registered');
              await new Promise((resolve) => setTimeout(resolve, 200));
            }
          },
        },
        apiUrl,
        connected: true,
        env: {
          SVC_AGENT_MAX_CONVERSATIONS: String(options.capacity),
          // Conversations start in bursts: a few warm job processes spread the start-up.
          SVC_AGENT_IDLE_PROCESSES: '3',
        },
      });
      cleanups.push(() => worker.stop());
      return worker;
    };
    const workers: [TestWorker, TestWorker] = [await startWorker(), await startWorker()];

    const drainAndStop = async (balancer: Balancer, url: string, halt: () => Promise<void>) => {
      balancer.drain(backendOf(url));
      // Requests already on their way reach it before it stops taking new ones.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await halt();
    };
    return {
      redis,
      postgres,
      nodes,
      apis,
      workers,
      apiUrl,
      livekitUrl,
      seed,
      stopNode: (index) =>
        drainAndStop(livekitBalancer, nodes[index].httpUrl, () => nodes[index].stop()),
      stopApi: (index) => drainAndStop(apiBalancer, apis[index].url, () => apis[index].stop()),
      // As systemd would (TimeoutStopSec): the drain's 10 s, then the conversations' ends.
      stopWorker: (index) => stopAgentWorker(workers[index], 60_000),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
