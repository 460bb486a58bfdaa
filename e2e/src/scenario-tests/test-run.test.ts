import { startAgentWorker, type TestWorker } from '@svc/agent/testing';
import { DEMO_ADMIN } from '@svc/api/testing';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformApi, type PlatformApi } from '../support/platform-api.js';

// A scenario test run for real: the API's runner joins each test conversation as the visitor
// over livekit-server, the agent worker answers (its intent router in front of a scripted LLM
// that says so when a turn reaches it), and each turn is judged. One turn passes, one fails.

let server: LivekitServer;
let api: PlatformApi;
let worker: TestWorker;
let token: string;

interface TurnResult {
  verdict: string;
  reason: string;
  reply: string;
  latency_ms: number | null;
  tool_calls: { name: string; arguments: Record<string, unknown>; page: boolean }[];
}
interface Run {
  id: number;
  status: string;
  results: {
    error: string | null;
    end_reason: string | null;
    conversation_id: string;
    turns: TurnResult[];
  }[];
}

async function admin<Body = Record<string, unknown>>(method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url}/v1/admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startPlatformApi(server);
  worker = await startAgentWorker({ livekit: server, apiUrl: api.url });
  const login = await fetch(`${api.url}/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  token = ((await login.json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await server?.stop();
});

describe('a scenario test run against the real agent', () => {
  it('judges each turn of the draft: the search passes, a wrong expected tool fails', async () => {
    const { scenarios } = (
      await admin<{ scenarios: { id: number; name: string }[] }>('GET', '/scenarios')
    ).body;
    const scenario = scenarios.find((s) => s.name.startsWith('Trailhead'));
    if (!scenario) throw new Error(`no demo scenario in ${JSON.stringify(scenarios)}`);
    const draft = (
      await admin<{
        voice: object;
        id: number;
        application_id: number;
        created_at: string;
        updated_at: string;
      }>('GET', `/scenarios/${scenario.id}`)
    ).body;
    const {
      id: _id,
      application_id: _app,
      created_at: _at,
      updated_at: _up,
      ...definition
    } = draft;
    // The whole definition goes back: a PATCH fills the fields it lacks with their defaults.
    const changed = await admin('PATCH', `/scenarios/${scenario.id}`, {
      ...definition,
      voice: {
        ...draft.voice,
        llm: { provider: 'scripted', router: true, script: [{ when: '.', reply: 'LLM ANSWER' }] },
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const test = await admin<{ id: number }>('POST', `/scenarios/${scenario.id}/tests`, {
      name: 'Tents, then the cart',
      turns: [
        {
          user: 'do you have any tents?',
          expect: {
            tool: { name: 'search_products', arguments: { category: 'tents' } },
            reply_not_contains: ['LLM ANSWER'],
          },
        },
        // The visitor asks for the cart to be filled; the test wrongly expects it shown.
        { user: 'put the first one in my cart', expect: { tool: { name: 'show_cart' } } },
      ],
    });
    expect(test.status, JSON.stringify(test.body)).toBe(201);

    const started = await admin<Run>('POST', `/scenarios/${scenario.id}/test-runs`, {
      target: 'draft',
      test_ids: [test.body.id],
    });
    expect(started.status).toBe(202);
    let run = started.body;
    const deadline = Date.now() + 150_000;
    while (run.status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      run = (await admin<Run>('GET', `/scenarios/${scenario.id}/test-runs/${run.id}`)).body;
    }
    const log = worker.log.join('').slice(-3000);
    expect(run.status, `${JSON.stringify(run, null, 2)}\n${log}`).toBe('failed');
    const [result] = run.results;
    if (!result) throw new Error('the run has no result');
    expect(result.error).toBeNull();
    expect(result.end_reason).toBe('user_requested');
    const [search, cart] = result.turns;
    if (!search || !cart) throw new Error('the result lacks turns');
    expect(search).toMatchObject({
      verdict: 'pass',
      reason: '',
      tool_calls: [{ name: 'search_products', arguments: { category: 'tents' }, page: true }],
    });
    expect(search.reply).toMatch(/tent/i);
    expect(search.latency_ms).toBeGreaterThan(0);
    expect(search.latency_ms).toBeLessThan(30_000);
    expect(cart.verdict).toBe('fail');
    expect(cart.tool_calls.map((call) => call.name)).toContain('add_to_cart');
    expect(cart.reason).toMatch(/^expected a call of show_cart, the agent called add_to_cart /);

    // The conversation is stored like any other, with the tool calls the agent recorded.
    const stored = await api.database.db
      .selectFrom('tool_calls')
      .select('name')
      .where('conversation_id', '=', result.conversation_id)
      .execute();
    expect(stored.map((row) => row.name)).toEqual(
      expect.arrayContaining(['search_products', 'add_to_cart']),
    );
  }, 200_000);
});
