/**
 * `@svc/api/testing`: the one way tests and benchmarks boot the Platform API. `startTestApi` runs
 * the real app in-process on a real database (a SQLite file, or PostgreSQL from `startPostgres`)
 * seeded with the demo, behind an injectable Transport (`noopTransport`, or `createLiveKitAdmin`
 * against a real livekit-server), reached with `app.inject` or over HTTP when it listens. The
 * demo's scenario and products are here too, for tests that need them without a database.
 *
 * @packageDocumentation
 */
export {
  startTestApi,
  seedDemoForTests,
  TEST_AGENT_KEY,
  TEST_PASSWORD_COST,
  TEST_SIGNING_KEY,
  type DemoSeed,
  type ListeningTestApi,
  type SeededPublication,
  type TestApi,
  type TestApiOptions,
  type TestConversationOptions,
} from './test-api.js';
export { noopTransport, type NoopTransport, type OpenedRoom } from './noop-transport.js';
export { patchPublicationSnapshot } from './publication-snapshot.js';
export { startPostgres, type TestPostgres } from './postgres.js';
export { startApiProcess, type ApiProcess, type ApiProcessOptions } from './api-process.js';
export { createLiveKitAdmin, type TransportAdmin } from '../transport.js';
export { createTokenService, type TokenService } from '../tokens.js';
export { PUBLICATION_CACHE_MS } from '../publications.js';
export { createStats, type Stats, type StatsFilter } from '../stats.js';
export type { ApplicationLimits } from '../limits.js';
export type { ScenarioSnapshot } from '../conversations.js';
// Opens the database an API process uses, for a test that patches what it serves (a scripted LLM).
export { openDatabase, type OpenDatabase } from '../db/database.js';
export { DEMO_ADMIN, seedShopIn, type SeedSummary } from '../seed/seed-demo.js';
export { demoCollectionIn, demoProductsIn, type CatalogueLanguage } from '../seed/products-i18n.js';
export { DEMO_SCENARIO } from '../seed/demo-scenario.js';
export { DEMO_COLLECTION, demoProducts, random, type DemoProduct } from '../seed/products.js';
export { migrate } from '../db/migrations.js';
export { createCollectionStore } from '../collections/store.js';
export { createItemSearch, MEANING_FLOOR } from '../collections/search.js';
export { createItemMeaning } from '../collections/meaning.js';
export { withTimeout } from '../test-runs/driver.js';
export {
  startWebhookEndpoint,
  webhookOutboundFor,
  WEBHOOK_ENDPOINT_CERTIFICATE,
  WEBHOOK_ENDPOINT_HOSTS,
  type ReceivedWebhook,
  type WebhookEndpoint,
  type WebhookHandler,
} from './webhook-endpoint.js';
