// Test support for the agent: the real Platform API on a seeded SQLite file with one
// conversation, and a visitor channel that records what the agent publishes and answers page
// RPCs as a page would (the Transport seam). Not part of the agent's runtime.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createApp } from '../../api/src/app.js';
import { openDatabase } from '../../api/src/db/database.js';
import { migrate } from '../../api/src/db/migrations.js';
import { seedDemo } from '../../api/src/seed/seed-demo.js';
import { createTokenService } from '../../api/src/tokens.js';
import type { VisitorChannel } from './channel.js';
import type { ScriptLine } from './providers.js';

type Database = ReturnType<typeof openDatabase>;

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
  database: Database,
  publicationUuid: string,
  script: ScriptLine[],
): Promise<void> {
  const { db } = database;
  const publication = await db
    .selectFrom('publications')
    .select(['id', 'snapshot'])
    .where('uuid', '=', publicationUuid)
    .executeTakeFirstOrThrow();
  const snapshot = JSON.parse(publication.snapshot) as { voice?: Record<string, unknown> };
  snapshot.voice = { ...snapshot.voice, llm: { provider: 'scripted', script } };
  await db
    .updateTable('publications')
    .set({ snapshot: JSON.stringify(snapshot) })
    .where('id', '=', publication.id)
    .execute();
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
}): { child: ChildProcess; log: string[] } {
  const main = new URL('./main.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@svc/source', main], {
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
      SVC_AGENT_LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  return { child, log };
}

/** Conversations a worker runs now (its health server's `/worker`). */
export async function workerActiveJobs(healthPort: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${healthPort}/worker`);
  return Number(((await response.json()) as { active_jobs?: number }).active_jobs ?? 0);
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
export const TEST_AGENT_KEY = 'agent-test-key-0123456789abcdef';

/** Starts the API with the demo seeded; `conversation()` makes a fresh conversation row. */
export async function startTestApi(
  options: { transport?: Parameters<typeof createApp>[0]['transport'] } = {},
) {
  const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-agent-')), 'svc.db'));
  await migrate(database);
  const demo = await seedDemo(database);
  const app = await createApp({
    database,
    tokens: createTokenService({ kid: 't', secret: 'agent-test-secret-of-32-characters' }),
    transport: options.transport ?? {
      url: 'ws://127.0.0.1:9',
      openRoom: () => Promise.reject(new Error('no rooms here')),
      participantToken: () => Promise.reject(new Error('no rooms here')),
    },
    agentKey: TEST_AGENT_KEY,
    publicRateLimit: 100_000,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    demo,
    database,
    async conversation(externalId = `visitor-${randomUUID()}`, mode: 'audio' | 'text' = 'text') {
      const { db } = database;
      const publication = await db
        .selectFrom('publications')
        .select('id')
        .where('uuid', '=', demo.publications.production)
        .executeTakeFirstOrThrow();
      const visitor = await db
        .insertInto('visitors')
        .values({
          application_id: demo.application_id,
          external_id: externalId,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = randomUUID();
      await db
        .insertInto('conversations')
        .values({
          id,
          publication_id: publication.id,
          visitor_id: visitor.id,
          language: 'en-US',
          input_mode: mode,
          output_mode: mode,
          metadata: '{}',
          started_at: new Date().toISOString(),
        })
        .execute();
      return { id, visitorId: visitor.id };
    },
    async close() {
      await app.close();
      await database.close();
    },
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
