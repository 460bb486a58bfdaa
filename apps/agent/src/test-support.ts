// Test support for the agent: the real Platform API (`@svc/api/testing`) on the seeded demo,
// and a visitor channel that records what the agent publishes and answers page RPCs as a page
// would (the Transport seam). Not part of the agent's runtime.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  patchPublicationSnapshot,
  startTestApi as startPlatformApi,
  TEST_AGENT_KEY,
  type OpenDatabase,
  type TransportAdmin,
} from '@svc/api/testing';
import type { VisitorChannel } from './channel.js';
import type { ScriptLine } from './providers.js';

/**
 * A script for the demo scenario: the first spoken turn searches for tents (the page shows them),
 * "hello" gets a greeting back, "goodbye" ends the conversation.
 */
export const DEMO_SCRIPT: ScriptLine[] = [
  { when: '"shown_on_page":true', reply: 'I put some tents on your screen.' },
  { when: '"ok":true', reply: '' },
  {
    when: 'goodbye',
    reply: 'Goodbye!',
    tools: [{ name: 'end_conversation', args: { reason: 'visitor said goodbye' } }],
  },
  { when: 'hello', reply: 'How can I help you?' },
  // Anything else the visitor says (the first spoken turn) searches for tents.
  { when: '^[^{]', tools: [{ name: 'search_products', args: { query: 'tent' } }] },
];

/**
 * Makes a publication's scenario answer with the scripted LLM (the agents framework's FakeLLM)
 * instead of the embedded one, so every turn of a test is known; speech stays real.
 */
export async function scriptPublication(
  database: OpenDatabase,
  publicationUuid: string,
  script: ScriptLine[],
): Promise<void> {
  await patchPublicationSnapshot(database, publicationUuid, (snapshot) => ({
    ...snapshot,
    voice: { ...snapshot.voice, llm: { provider: 'scripted', script } },
  }));
}

/**
 * Starts the agent worker as production runs it (`src/main.ts`, its own process) against a
 * Transport and an API; its output is collected in `log`.
 */
export function spawnAgentWorker(options: {
  livekit: { url: string; apiKey: string; apiSecret: string };
  apiUrl: string;
  agentKey: string;
  healthPort: number;
  env?: Record<string, string>;
  /** Runs `dist/main.js` (after `npm run build`) instead of the sources through tsx. */
  compiled?: boolean;
}): { child: ChildProcess; log: string[]; readyFile: string } {
  // Its job processes create it once one is loaded ({@link workerReady}).
  const readyFile = join(mkdtempSync(join(tmpdir(), 'svc-agent-')), 'ready');
  // Benchmarks run the build, as `npm start` does; tests run the sources.
  const args = options.compiled
    ? [fileURLToPath(new URL('../dist/main.js', import.meta.url))]
    : [
        '--import',
        'tsx',
        '--conditions=@svc/source',
        fileURLToPath(new URL('./main.ts', import.meta.url)),
      ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      LIVEKIT_URL: options.livekit.url,
      LIVEKIT_API_KEY: options.livekit.apiKey,
      LIVEKIT_API_SECRET: options.livekit.apiSecret,
      SVC_API_URL: options.apiUrl,
      SVC_AGENT_KEY: options.agentKey,
      SVC_AGENT_HEALTH_PORT: String(options.healthPort),
      SVC_AGENT_TEST_PROVIDERS: '1',
      SVC_AGENT_PREWARM_LLM: '0',
      // Scripted tests need no model; a test of the embedded LLM sets SVC_LLM_HOST=on.
      SVC_LLM_HOST: 'off',
      // With a model host, a test's worker prepares no publication's prompt unless it asks: its
      // conversations follow each other within seconds, and the evaluation between them is CPU
      // the other tests running beside it need (src/publication-warmer.test.ts tests it).
      SVC_AGENT_PREPARE_PUBLICATIONS: 'off',
      // The worker tests are about the worker (turns, barge-in, tools, ends), spoken in flite's
      // slt voice, which pocketsphinx with the scenario's language model hears word for word;
      // Whisper has tests of its own and the benchmarks' evaluation set.
      SVC_EMBEDDED_STT: 'pocketsphinx',
      // One conversation at a time in most tests: a pool of idle processes is CPU they need.
      SVC_AGENT_IDLE_PROCESSES: '1',
      SVC_AGENT_LOG_LEVEL: 'warn',
      SVC_AGENT_READY_FILE: readyFile,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The worker takes its file with it; the folder is the test's.
  child.once('exit', () => rmSync(dirname(readyFile), { recursive: true, force: true }));
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { child, log, readyFile };
}

/** A worker {@link startAgentWorker} started: its process, output and health port. */
export interface TestWorker {
  child: ChildProcess;
  /** What the worker printed, for failure messages. */
  log: string[];
  /** The file its job processes create once one is loaded. */
  readyFile: string;
  healthPort: number;
  /** Stops it as {@link stopAgentWorker} does. */
  stop(): Promise<WorkerStop>;
}

/**
 * Spawns the worker ({@link spawnAgentWorker}) on a free health port with the test API's key and
 * resolves once the Transport has registered it.
 */
export async function startAgentWorker(options: {
  livekit: {
    url: string;
    apiKey: string;
    apiSecret: string;
    waitForAgentWorker(agentName: string, timeoutMs: number): Promise<void>;
  };
  apiUrl: string;
  /** The API's service key (default: the test API's). */
  agentKey?: string;
  env?: Record<string, string>;
  compiled?: boolean;
  /** How long registering may take, ms (default 90 s; a worker that loads models needs more). */
  timeoutMs?: number;
  /**
   * Also wait until the worker's health endpoint says it is connected: livekit-server's log still
   * holds an earlier worker's registration once a test has restarted one, and a worker with the
   * model host is only ready once its models are loaded.
   */
  connected?: boolean;
}): Promise<TestWorker> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const healthPort = await freePort();
  const worker = spawnAgentWorker({
    livekit: options.livekit,
    apiUrl: options.apiUrl,
    agentKey: options.agentKey ?? TEST_AGENT_KEY,
    healthPort,
    ...(options.env ? { env: options.env } : {}),
    ...(options.compiled ? { compiled: true } : {}),
  });
  const started: TestWorker = { ...worker, healthPort, stop: () => stopAgentWorker(worker) };
  try {
    await options.livekit.waitForAgentWorker('svc-agent', timeoutMs);
    if (options.connected) await workerConnected(healthPort, timeoutMs);
    // Registered is not yet able to serve: a conversation dispatched before a job process has
    // loaded waits for it, past the SDK's 20 s for the agent to join on a loaded machine.
    await workerReady(worker.readyFile, timeoutMs);
  } catch (error) {
    await started.stop();
    throw new Error(`${(error as Error).message}\n${worker.log.join('').slice(-3000)}`, {
      cause: error,
    });
  }
  return started;
}

/**
 * How a stop ended: the worker `exited` by itself within the grace, `killed` once the grace ran
 * out, or was `gone` before the stop.
 */
export type WorkerStop = 'exited' | 'killed' | 'gone';

/**
 * Stops a worker: SIGTERM lets it leave the Transport and end its job processes; SIGKILL after
 * `graceMs` if it has not exited by then. Resolves at once for a worker already gone.
 */
export async function stopAgentWorker(
  worker: { child: ChildProcess },
  graceMs = 15_000,
): Promise<WorkerStop> {
  const { child } = worker;
  // A process killed by a signal keeps `exitCode` null: `signalCode` says it is gone too.
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  if (exited()) return 'gone';
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exit, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  if (exited()) return 'exited';
  child.kill('SIGKILL');
  await exit;
  return 'killed';
}

/** Conversations a worker runs now (its health server's `/worker`). */
export async function workerActiveJobs(healthPort: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${healthPort}/worker`);
  return Number(((await response.json()) as { active_jobs?: number }).active_jobs ?? 0);
}

/**
 * Resolves once one of the worker's job processes is loaded and ready for a conversation (the
 * worker's `SVC_AGENT_READY_FILE` exists).
 */
export async function workerReady(readyFile: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(readyFile)) {
    if (Date.now() > deadline) throw new Error('no job process of the agent worker got ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once the worker's health endpoint says it is connected to the Transport. */
export async function workerConnected(healthPort: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${healthPort}/`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error('the agent worker never connected to the Transport');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The service key of the test API. */
export { TEST_AGENT_KEY };

/**
 * Starts the API with the demo seeded, listening on loopback for the agent; `conversation()` makes
 * a fresh conversation row on the demo's production publication.
 */
export async function startTestApi(
  options: {
    transport?: TransportAdmin;
    /** More of the app's options (a webhook test's outbound resolution). */
    app?: NonNullable<Parameters<typeof startPlatformApi>[0]>['app'];
  } = {},
) {
  const api = await startPlatformApi({
    listen: true,
    ...(options.transport ? { transport: options.transport } : {}),
    // Every test talks from loopback: the per-IP limit would count them all as one visitor.
    app: { publicRateLimit: 100_000, ...options.app },
  });
  return {
    url: api.url,
    demo: api.seeded,
    database: api.database,
    conversation: (externalId?: string, mode: 'audio' | 'text' = 'text') =>
      api.openConversation({ ...(externalId ? { externalId } : {}), mode, language: 'en-US' }),
    close: () => api.close(),
  };
}

/** A visitor channel that records publishes and answers calls with the page handlers given. */
export function recordingChannel(page: Record<string, (request: unknown) => unknown> = {}) {
  const published: { topic: string; payload: unknown }[] = [];
  const calls: { method: string; payload: unknown }[] = [];
  const subscribers = new Map<string, Set<(payload: unknown) => void>>();
  const answers = new Map<string, (payload: string) => Promise<string>>();
  const channel: VisitorChannel = {
    async publish(topic, payload) {
      published.push({ topic, payload: JSON.parse(JSON.stringify(payload)) });
    },
    subscribe(topic, handler) {
      const set = subscribers.get(topic) ?? new Set();
      subscribers.set(topic, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    async call(method, payload) {
      calls.push({ method, payload });
      const handler = page[method];
      // As the Transport does for a method nobody registered.
      if (!handler)
        throw Object.assign(new Error('Method not supported at destination'), { code: 1400 });
      return JSON.stringify(await handler(payload));
    },
    answer(method, handler) {
      answers.set(method, handler);
    },
  };
  return {
    channel,
    published,
    calls,
    /** Delivers a payload from the visitor on a topic. */
    send(topic: string, payload: unknown) {
      for (const handler of subscribers.get(topic) ?? []) handler(payload);
    },
    /** Calls a method the agent answers, as the page would. */
    async invoke(method: string, payload: unknown): Promise<unknown> {
      const handler = answers.get(method);
      if (!handler) throw new Error(`the agent does not answer ${method}`);
      return JSON.parse(await handler(JSON.stringify(payload)));
    },
    on(topic: string) {
      return published.filter((entry) => entry.topic === topic).map((entry) => entry.payload);
    },
  };
}
