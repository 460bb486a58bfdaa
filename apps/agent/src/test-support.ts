// Test support for the agent: the real Platform API on a seeded SQLite file with one
// conversation, and a visitor channel that records what the agent publishes and answers page
// RPCs as a page would (the Transport seam). Not part of the agent's runtime.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../api/src/app.js';
import { openDatabase } from '../../api/src/db/database.js';
import { migrate } from '../../api/src/db/migrations.js';
import { seedDemo } from '../../api/src/seed/seed-demo.js';
import { createTokenService } from '../../api/src/tokens.js';
import type { VisitorChannel } from './channel.js';

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
