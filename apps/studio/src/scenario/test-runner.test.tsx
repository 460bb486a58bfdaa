// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishGate } from './publish-gate';
import { ScenarioTests } from './scenario-tests';
import { TestRunner } from './test-runner';

// The Tests tab's runner and the Publish tab's gate against a stand-in for the API (fetch
// answered here), through the generated client as in the studio.
let requests: { method: string; path: string; body: unknown }[] = [];
let answers: Record<string, () => { status?: number; body: unknown }> = {};
// The studio's client takes `fetch` when its module loads, so the stand-in is in place first.
const stand = vi.hoisted(() => {
  const state: { fetch: typeof fetch } = { fetch: globalThis.fetch };
  globalThis.fetch = (input, init) => state.fetch(input, init);
  return state;
});

const run = (status: 'running' | 'passed', verdict: 'pending' | 'pass') => ({
  id: 5,
  scenario_id: 1,
  target: 'draft',
  publication_uuid: null,
  draft_hash: 'abc',
  status,
  error: null,
  created_at: '2026-11-24T01:00:00.000Z',
  updated_at: '2026-11-24T01:00:00.000Z',
  finished_at: null,
  results: [
    {
      test_id: 2,
      name: 'Tents',
      test_updated_at: '2026-11-24T00:00:00.000Z',
      status: status === 'running' ? 'running' : 'passed',
      conversation_id: null,
      end_reason: null,
      error: null,
      turns: [
        {
          user: 'Any tents?',
          expect: {},
          verdict,
          reason: '',
          latency_ms: verdict === 'pass' ? 88 : null,
          tool_calls: [],
          reply: '',
        },
      ],
    },
  ],
});

beforeEach(() => {
  requests = [];
  stand.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const text = await request.text();
    requests.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const answer = answers[`${request.method} ${path}`]?.() ?? {
      status: 404,
      body: { error: 'no' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
});

afterEach(cleanup);

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>,
  );
}

describe('running tests in the studio', () => {
  it('starts a run on the draft and shows its turns as they are judged', async () => {
    let polls = 0;
    let started = false;
    answers = {
      'GET /v1/admin/scenarios/1/publications': () => ({ body: { publications: [] } }),
      'GET /v1/admin/scenarios/1/test-runs': () => {
        if (started) polls += 1;
        return {
          body: {
            runs: started ? [polls > 1 ? run('passed', 'pass') : run('running', 'pending')] : [],
          },
        };
      },
      'POST /v1/admin/scenarios/1/test-runs': () => {
        started = true;
        return { status: 202, body: run('running', 'pending') };
      },
    };
    renderWith(<TestRunner scenarioId={1} testCount={1} />);
    expect(await screen.findByText('No runs yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run tests' }));
    expect(
      await screen.findByText(/Run 5 on the draft: 0 of 1 turns passed, 0 judged/),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ target: 'draft' });
    // Polled while it runs, until the turn is judged.
    expect(
      await screen.findByText(/Run 5 on the draft: 1 of 1 turns passed/, {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByText('88 ms')).toBeTruthy();
  });

  it('says why the API refused a run', async () => {
    answers = {
      'GET /v1/admin/scenarios/1/publications': () => ({ body: { publications: [] } }),
      'GET /v1/admin/scenarios/1/test-runs': () => ({ body: { runs: [] } }),
      'POST /v1/admin/scenarios/1/test-runs': () => ({
        status: 409,
        body: { error: "a run of this scenario's tests is under way (run 4)" },
      }),
    };
    renderWith(<TestRunner scenarioId={1} testCount={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Run tests' }));
    expect(
      await screen.findByText("a run of this scenario's tests is under way (run 4)"),
    ).toBeTruthy();
  });

  it("reruns one test on the draft from the test's own button", async () => {
    answers = {
      'GET /v1/admin/scenarios/1/tests': () => ({
        body: {
          tests: [
            {
              id: 2,
              scenario_id: 1,
              name: 'Tents',
              turns: [{ user: 'Any tents?', expect: {} }],
              created_at: '2026-11-24T00:00:00.000Z',
              updated_at: '2026-11-24T00:00:00.000Z',
            },
          ],
        },
      }),
      'GET /v1/admin/scenarios/1/publications': () => ({ body: { publications: [] } }),
      'GET /v1/admin/scenarios/1/test-runs': () => ({ body: { runs: [] } }),
      'POST /v1/admin/scenarios/1/test-runs': () => ({
        status: 202,
        body: run('running', 'pending'),
      }),
    };
    renderWith(<ScenarioTests scenarioId={1} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tents (1 turn)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Run on the draft' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        target: 'draft',
        test_ids: [2],
      }),
    );
  });

  it('shows the publish gate and turns it on', async () => {
    let required = false;
    const gate = () => ({
      body: {
        require_passing_tests: required,
        draft_hash: 'abc',
        passing: false,
        reason: '"Tents" failed in run 5',
      },
    });
    answers = {
      'GET /v1/admin/scenarios/1/publish-gate': gate,
      'PUT /v1/admin/scenarios/1/publish-gate': () => {
        required = true;
        return gate();
      },
    };
    renderWith(<PublishGate scenarioId={1} />);
    expect(await screen.findByText(/"Tents" failed in run 5/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /Require passing tests/ }));
    await waitFor(() =>
      expect(screen.getByText(/Publishing to production is refused/)).toBeTruthy(),
    );
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ require_passing_tests: true });
  });
});
