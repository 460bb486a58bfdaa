// The real Platform API for tests that cross apps: a fresh SQLite file seeded with the demo, the
// real Transport admin against the test's livekit-server, and (optionally) the test page served
// from the same origin. Rooms are reported as they open, so a test's agent can join each one as a
// dispatched agent worker would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../apps/api/src/app.js';
import { openDatabase } from '../../../apps/api/src/db/database.js';
import { migrate } from '../../../apps/api/src/db/migrations.js';
import { seedDemo } from '../../../apps/api/src/seed/seed-demo.js';
import { createTokenService } from '../../../apps/api/src/tokens.js';
import { createLiveKitAdmin, type TransportAdmin } from '../../../apps/api/src/transport.js';

/** The service key the test API accepts from agents. */
export const TEST_AGENT_KEY = 'e2e-agent-key-0123456789abcdef';

/** Starts the API; `rooms` lists the rooms sessions opened, newest last. */
export async function startPlatformApi(
  server: { url: string; apiKey: string; apiSecret: string },
  options: {
    page?: { html: string; script: string };
    /** Called with every room a session opens, after the agent was dispatched to it. */
    onSession?: (room: string) => void;
    agentName?: string;
  } = {},
) {
  const database = openDatabase(join(mkdtempSync(join(tmpdir(), 'svc-e2e-')), 'svc.db'));
  await migrate(database);
  const demo = await seedDemo(database);
  const rooms: string[] = [];
  const livekit = createLiveKitAdmin({ ...server, agentName: options.agentName ?? 'svc-agent' });
  const transport: TransportAdmin = {
    url: livekit.url,
    participantToken: livekit.participantToken,
    async openRoom(name, metadata) {
      await livekit.openRoom(name, metadata);
      rooms.push(name);
      options.onSession?.(name);
    },
  };
  const app = await createApp({
    database,
    tokens: createTokenService({ kid: 'e2e', secret: 'e2e-secret-of-at-least-32-characters' }),
    transport,
    agentKey: TEST_AGENT_KEY,
  });
  if (options.page) {
    const page = options.page;
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html').send(page.html),
    );
    app.get('/app.js', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/javascript').send(page.script),
    );
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    rooms,
    /** The demo's production publication uuid. */
    publication: demo.publications.production,
    demo,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
