import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/seed-demo.js';
import { startTestApi, type TestApi } from '../testing/index.js';
import { scriptedDriver } from './scripted-driver.js';

// What happens to runs when the API that runs them stops: closing fails them at once, and a run
// an API left behind without closing is failed when it is next read.
const scripted = scriptedDriver();
let api: TestApi;
let token: string;
let base: string;
let testId: number;

async function call(target: TestApi, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await target.app.inject({
    method,
    url: `/v1/admin${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return response.json();
}

beforeAll(async () => {
  api = await startTestApi({ app: { testRunDriver: scripted.driver } });
  const login = await api.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: DEMO_ADMIN,
  });
  token = login.json().token as string;
  const scenario = (await call(api, 'GET', '/scenarios')).scenarios[0];
  base = `/scenarios/${scenario.id}`;
  testId = (
    await call(api, 'POST', `${base}/tests`, { name: 'Tents', turns: [{ user: 'Tents?' }] })
  ).id;
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('test runs when the API stops', () => {
  it('an API that closes fails the runs it was making, and says why', async () => {
    const other = await api.sibling();
    const release = scripted.hold();
    try {
      const started = await call(other, 'POST', `${base}/test-runs`, {});
      await other.close();
      const run = await call(api, 'GET', `${base}/test-runs/${started.id}`);
      expect(run).toMatchObject({
        status: 'failed',
        error: 'the run was stopped: the API is shutting down',
        results: [
          {
            test_id: testId,
            status: 'failed',
            error: 'the run was stopped',
            turns: [{ verdict: 'fail', reason: 'not run: the run was stopped' }],
          },
        ],
      });
    } finally {
      release();
    }
  });

  it('a run left running without progress is failed when read', async () => {
    const started = await call(api, 'POST', `${base}/test-runs`, {});
    for (let tries = 0; tries < 100; tries += 1) {
      if ((await call(api, 'GET', `${base}/test-runs/${started.id}`)).status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // As an API that died mid-run leaves it: running, its last progress long ago.
    await api.database.db
      .updateTable('test_runs')
      .set({ status: 'running', finished_at: null, updated_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', started.id)
      .execute();
    expect(await call(api, 'GET', `${base}/test-runs/${started.id}`)).toMatchObject({
      status: 'failed',
      error: 'the API stopped before the run finished',
    });
    // It no longer blocks a new run.
    expect((await call(api, 'POST', `${base}/test-runs`, {})).status).toBe('running');
  });
});
