import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startApiProcess,
  startPostgres,
  type ApiProcess,
  type TestPostgres,
} from '../testing/index.js';
import { openDatabase } from './database.js';

// Two API replicas started at the same moment on one empty PostgreSQL: one migrates and seeds the
// demo while the other waits for the start-up lock; both then serve, and the demo exists once.
let postgres: TestPostgres;
const replicas: ApiProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await postgres?.stop();
});

it('two replicas starting together on an empty database both come up, with one demo', async () => {
  const livekit = {
    url: 'ws://127.0.0.1:1',
    apiKey: 'key',
    apiSecret: 'livekit-secret-0123456789abcdefghij',
  };
  // The services tier runs at the lowest CPU priority beside the real-time tiers: a start may
  // wait there for minutes, not for a lock (a start that waits forever still fails at 170 s).
  const started = await Promise.allSettled([
    startApiProcess({ databaseUrl: postgres.url, livekit, timeoutMs: 170_000 }),
    startApiProcess({ databaseUrl: postgres.url, livekit, timeoutMs: 170_000 }),
  ]);
  for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
  expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
  for (const replica of replicas) expect((await fetch(`${replica.url}/healthz`)).status).toBe(200);
  const database = openDatabase(postgres.url);
  try {
    const companies = await database.db.selectFrom('companies').select('name').execute();
    expect(companies.map((company) => company.name)).toEqual(['Trailhead (demo)']);
  } finally {
    await database.close();
  }
}, 180_000);
