import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '../seed/seed-demo.js';
import { startTestApi, type ListeningTestApi } from '../testing/index.js';
import { EXIT, runCli } from './cli.js';
import { scriptedDriver } from './scripted-driver.js';

// The command line against a listening API (the scripted visitor stands in for the agent's).
let api: ListeningTestApi;
let token: string;
let scenarioId: number;
let tests: { passing: number; failing: number };

async function admin(method: string, path: string, body?: unknown) {
  const response = await fetch(`${api.url}/v1/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { id: number; scenarios: { id: number }[] };
}

async function cli(...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, {
    fetch,
    print: (line) => lines.push(line),
    env: { SVC_API_URL: api.url, SVC_ADMIN_TOKEN: token },
    pollMs: 20,
  });
  return { code, lines };
}

beforeAll(async () => {
  api = await startTestApi({ listen: true, app: { testRunDriver: scriptedDriver().driver } });
  const login = await api.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: DEMO_ADMIN,
  });
  token = login.json().token as string;
  scenarioId = (await admin('GET', '/scenarios')).scenarios[0]?.id ?? 0;
  const base = `/scenarios/${scenarioId}/tests`;
  tests = {
    passing: (await admin('POST', base, { name: 'Tents', turns: [{ user: 'Any tents?' }] })).id,
    failing: (
      await admin('POST', base, {
        name: 'Boots',
        turns: [{ user: 'Any boots?', expect: { tool: { name: 'search_products' } } }],
      })
    ).id,
  };
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('npm run scenario-tests', () => {
  it('prints each turn with its verdict, latency and tool call; exits 1 on a failure', async () => {
    const { code, lines } = await cli('--scenario', String(scenarioId));
    expect(code).toBe(EXIT.FAILED);
    expect(lines[0]).toMatch(
      new RegExp(`^Run \\d+ of scenario ${scenarioId} on the draft: 2 test`),
    );
    expect(lines).toContain('FAIL Boots');
    expect(lines).toContain('  FAIL 1. "Any boots?"  7 ms  no tool call');
    expect(lines).toContain('       expected a call of search_products, the agent called no tool');
    expect(lines).toContain('PASS Tents');
    expect(lines).toContain('  PASS 1. "Any tents?"  42 ms  search_products {"query":"tents"}');
    expect(lines.at(-1)).toBe('1 of 2 test(s) passed; 1 of 2 turn(s)');
  });

  it('exits 0 when the tests it ran passed, and 2 when it cannot run', async () => {
    expect(
      (await cli('--scenario', String(scenarioId), '--test', String(tests.passing))).code,
    ).toBe(EXIT.PASSED);
    const unknown = await cli('--scenario', '999999');
    expect(unknown).toMatchObject({
      code: EXIT.ERROR,
      lines: ['the run could not be made: 404: unknown scenario 999999'],
    });
    expect((await cli('--scenario', String(scenarioId), '--token', 'svc_sk_wrong')).code).toBe(
      EXIT.ERROR,
    );
    expect((await cli('--target', 'draft')).code).toBe(EXIT.ERROR);
    expect((await cli('--nonsense')).code).toBe(EXIT.ERROR);
    expect(tests.failing).toBeGreaterThan(0);
  });
});
