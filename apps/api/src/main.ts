// Starts the Platform API from the environment: migrations, the demo on an empty database when
// SVC_SEED_DEMO=on, then the port. /healthz answers 200 from the moment the port opens.
import { Redis } from 'ioredis';
import { createApp } from './app.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { withStartupLock } from './db/startup-lock.js';
import { loadConfig } from './env.js';
import { lockPublicDemoAdmin } from './seed/public-demo-admin.js';
import { DEMO_ADMIN, seedDemo } from './seed/seed-demo.js';
import { createTokenService } from './tokens.js';
import { createLiveKitAdmin } from './transport.js';
import { createReaper } from './reaper.js';
import { createRetention } from './retention.js';
import { createDeliveries } from './post-call/deliveries.js';
import { createDeliveryWorker } from './post-call/delivery-worker.js';
import { postCallSender } from './post-call/sender.js';
import { createWebhookSettings } from './post-call/webhook-settings.js';
import { createSecretBox } from './secret-box.js';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const database = openDatabase(config.DATABASE_URL);
// One replica at a time migrates and seeds; the others wait, then find it done.
await withStartupLock(database, async () => {
  await migrate(database);
  // The demo's admin has a password anyone can read, so it is seeded only where asked for (the
  // test kit's processes); production refuses SVC_SEED_DEMO=on (env.ts).
  if (config.SVC_SEED_DEMO !== 'on') return;
  const empty = !(await database.db.selectFrom('companies').select('id').executeTakeFirst());
  // The summary names the admin's email, never a password.
  if (empty) console.log(JSON.stringify(await seedDemo(database)));
});
// Earlier versions seeded the demo everywhere: in production its public password opens nothing.
if (config.NODE_ENV === 'production' && (await lockPublicDemoAdmin(database)))
  console.warn(
    JSON.stringify({
      level: 40,
      msg: `the demo admin ${DEMO_ADMIN.email} had the public demo password: it is locked out; give it one of yours with \`npm run reset-admin-password -w @svc/api -- --email ${DEMO_ADMIN.email}\`, or remove the demo company`,
    }),
  );
if (!(await database.db.selectFrom('admins').select('id').executeTakeFirst()))
  console.warn(
    JSON.stringify({
      level: 40,
      msg: 'no admin yet: create the first with `npm run bootstrap-admin -w @svc/api -- --email <address> --company <name>` (docs/deploy.md)',
    }),
  );
const tokens = createTokenService(
  { kid: config.SVC_JWT_KID, secret: config.SVC_JWT_SECRET },
  config.SVC_JWT_PREVIOUS_SECRET
    ? { kid: config.SVC_JWT_PREVIOUS_KID, secret: config.SVC_JWT_PREVIOUS_SECRET }
    : undefined,
);
const transport = createLiveKitAdmin({
  url: config.LIVEKIT_URL,
  apiKey: config.LIVEKIT_API_KEY,
  apiSecret: config.LIVEKIT_API_SECRET,
  agentName: config.SVC_AGENT_NAME,
});
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false })
  : undefined;
// Redis down is not the API down: the rate limits count in this process meanwhile (limits.ts).
// ioredis reconnects by itself and reports each failed attempt; one line per outage is enough.
let redisDown = false;
redis?.on('error', (error: Error) => {
  if (!redisDown)
    console.warn(
      JSON.stringify({
        level: 40,
        msg: 'Redis does not answer; rate limits count per process',
        err: error.message,
      }),
    );
  redisDown = true;
});
redis?.on('ready', () => {
  if (redisDown) console.warn(JSON.stringify({ level: 30, msg: 'Redis answers again' }));
  redisDown = false;
});
const app = await createApp({
  database,
  tokens,
  transport,
  signup: config.signup,
  trustProxy: config.trustProxy,
  agentName: config.SVC_AGENT_NAME,
  studioDir: config.SVC_STUDIO_DIR,
  studioTransportUrl: config.LIVEKIT_URL,
  companySessionCap: config.SVC_COMPANY_CONCURRENT_SESSIONS,
  // Structured JSON logs; credentials never reach them.
  logger: { redact: ['req.headers.authorization', 'req.headers.cookie'] },
  ...(redis ? { redis } : {}),
  ...(config.SVC_AGENT_KEY ? { agentKey: config.SVC_AGENT_KEY } : {}),
  secretsKey: config.SVC_SECRETS_KEY,
  warmItemMeaning: true,
  ...(config.SVC_CORS_ORIGINS
    ? { corsOrigins: config.SVC_CORS_ORIGINS.split(',').map((origin) => origin.trim()) }
    : {}),
});
await app.listen({ port: config.PORT, host: config.HOST });
// Conversations whose room is gone with no end recorded (a killed agent) are closed each minute.
const stopReaper = createReaper({ database, transport, log: app.log }).start(60_000);
// Conversations past their application's retention are deleted at start and each hour.
const stopRetention = createRetention({ database, log: app.log }).start(3_600_000);
// Post-call deliveries: every replica sends what is due; the queue's claims keep them apart.
const stopDeliveries = createDeliveryWorker({
  database,
  deliveries: createDeliveries(database),
  webhooks: createWebhookSettings(
    database,
    config.SVC_SECRETS_KEY ? createSecretBox(config.SVC_SECRETS_KEY) : undefined,
  ),
  send: postCallSender(),
  log: app.log,
}).start(5_000);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(stopReaper)
        .then(stopRetention)
        .then(stopDeliveries)
        .then(() => database.close())
        .then(() => process.exit(0)),
  );
}
