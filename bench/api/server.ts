// One server for the API benchmark, in its own process so the load generator does not share its
// event loop: `bare` (a Fastify route that only signs the visitor JWT), or the real API on
// `sqlite` or `postgres`. Prints one JSON line with its URL, then serves until killed.
import Fastify from 'fastify';
import {
  createLiveKitAdmin,
  createTokenService,
  PUBLICATION_CACHE_MS,
  startTestApi,
  TEST_SIGNING_KEY,
} from '@svc/api/testing';

const [mode = 'bare', databaseUrl, livekit] = process.argv.slice(2);
const tokens = createTokenService(TEST_SIGNING_KEY);

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
  const { url, apiKey, apiSecret } = JSON.parse(livekit ?? '{}') as Record<string, string>;
  const api = await startTestApi({
    databaseUrl: mode === 'postgres' ? databaseUrl : undefined,
    transport: createLiveKitAdmin({
      url: url ?? 'ws://127.0.0.1:9',
      apiKey: apiKey ?? '',
      apiSecret: apiSecret ?? '',
      agentName: 'svc-bench-agent',
    }),
    // The benchmark measures the routes as production runs them, not the limits that protect them.
    limits: { requests_per_minute: 1e9, concurrent_sessions: 1e9, daily_sessions: 1e9 },
    app: { tokens, publicRateLimit: 1e9, publicationCacheMs: PUBLICATION_CACHE_MS },
  });
  app = api.app;
  process.stdout.write(`${JSON.stringify({ publication: api.seeded.publicationUuid })}\n`);
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: address })}\n`);
// Exit normally on SIGTERM/SIGINT, so `--cpu-prof` and friends write their files.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(0));
