// One server for the API benchmark, in its own process so the load generator does not share its
// event loop: `bare` (a Fastify route that only signs the visitor JWT), or the real API on
// `sqlite` or `postgres`. Prints one JSON line with its URL, then serves until killed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { createApp } from '../../apps/api/src/app.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrate } from '../../apps/api/src/db/migrations.js';
import { seedDemo } from '../../apps/api/src/seed/seed-demo.js';
import { createTokenService } from '../../apps/api/src/tokens.js';
import { createLiveKitAdmin } from '../../apps/api/src/transport.js';

const [mode = 'bare', databaseUrl, livekit] = process.argv.slice(2);
const tokens = createTokenService({ kid: 'bench', secret: 'bench-secret-of-at-least-32-chars!!' });

let app;
if (mode === 'bare') {
  // The floor: parse a JSON body and sign the same claims, nothing else.
  app = Fastify();
  app.post('/v1/public/token', async (request) => {
    const body = request.body as { scenario_uuid: string; external_id: string };
    const user_token = await tokens.sign({
      sub: '1',
      company_id: 1,
      application_id: 1,
      scenario_uuid: body.scenario_uuid,
    });
    return { user_token, user_id: 1, application_id: 1, expires_in: tokens.lifetimeSeconds };
  });
} else {
  const url =
    mode === 'postgres'
      ? (databaseUrl as string)
      : join(mkdtempSync(join(tmpdir(), 'svc-bench-')), 'svc.db');
  const database = openDatabase(url);
  await migrate(database);
  const seed = await seedDemo(database);
  // The benchmark measures the routes, not the limits that protect them.
  await database.db
    .updateTable('applications')
    .set({
      limits: JSON.stringify({
        requests_per_minute: 1e9,
        concurrent_sessions: 1e9,
        daily_sessions: 1e9,
      }),
    })
    .execute();
  const { url: lkUrl, apiKey, apiSecret } = JSON.parse(livekit ?? '{}') as Record<string, string>;
  app = await createApp({
    database,
    tokens,
    transport: createLiveKitAdmin({
      url: lkUrl ?? 'ws://127.0.0.1:9',
      apiKey: apiKey ?? '',
      apiSecret: apiSecret ?? '',
      agentName: 'svc-bench-agent',
    }),
    publicRateLimit: 1e9,
  });
  app.addHook('onReady', async () => {
    process.stdout.write(`${JSON.stringify({ publication: seed.publications.production })}\n`);
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: address })}\n`);
// Exit normally on SIGTERM/SIGINT, so `--cpu-prof` and friends write their files.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
