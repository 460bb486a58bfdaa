// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runProgress, targetLabel, TestRunResults, type TestRun } from './test-run-results';

const turn = (partial: Partial<TestRun['results'][number]['turns'][number]>) => ({
  user: 'Any tents?',
  expect: {},
  verdict: 'pending' as const,
  reason: '',
  latency_ms: null,
  tool_calls: [],
  reply: '',
  ...partial,
});

const run: TestRun = {
  id: 7,
  scenario_id: 1,
  target: 'publication',
  publication_uuid: '0b5f3a52-1111-4222-8333-944444444444',
  draft_hash: null,
  status: 'running',
  error: null,
  created_at: '2026-11-24T01:00:00.000Z',
  updated_at: '2026-11-24T01:00:01.000Z',
  finished_at: null,
  results: [
    {
      test_id: 3,
      name: 'Tents',
      test_updated_at: '2026-11-24T00:00:00.000Z',
      status: 'failed',
      conversation_id: 'c-1',
      end_reason: 'user_requested',
      error: null,
      turns: [
        turn({
          verdict: 'pass',
          latency_ms: 333,
          reply: 'I found 5 tents.',
          tool_calls: [{ name: 'search_products', arguments: { category: 'tents' }, page: true }],
        }),
        turn({
          user: 'Put it in my cart',
          verdict: 'fail',
          reason: 'expected a call of show_cart, the agent called add_to_cart {}',
          latency_ms: 127,
        }),
      ],
    },
    {
      test_id: 4,
      name: 'Boots',
      test_updated_at: '2026-11-24T00:00:00.000Z',
      status: 'pending',
      conversation_id: null,
      end_reason: null,
      error: null,
      turns: [turn({ user: 'Any boots?' })],
    },
  ],
};

afterEach(cleanup);

describe('a test run in the studio', () => {
  it('counts turns judged and passed, and names the target', () => {
    expect(runProgress(run)).toEqual({ judged: 2, passed: 1, total: 3 });
    expect(targetLabel(run, { [run.publication_uuid ?? '']: 'staging' })).toBe(
      'staging (0b5f3a52)',
    );
    expect(targetLabel(run, {})).toBe('publication 0b5f3a52');
    expect(targetLabel({ target: 'draft', publication_uuid: null }, {})).toBe('the draft');
  });

  it("shows each turn's verdict, reason, latency and tool call while the run goes on", () => {
    render(
      <MantineProvider>
        <TestRunResults run={run} labels={{}} />
      </MantineProvider>,
    );
    expect(
      screen.getByText(/Run 7 on publication 0b5f3a52: 1 of 3 turns passed, 2 judged so far/),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Turns judged' })).toBeTruthy();
    const rows = screen.getAllByRole('row');
    const search = rows.find((row) => row.textContent?.includes('1. Any tents?'));
    expect(search && within(search).getByText('pass')).toBeTruthy();
    expect(search?.textContent).toContain('333 ms');
    expect(search?.textContent).toContain('search_products {"category":"tents"} (page)');
    const cart = rows.find((row) => row.textContent?.includes('Put it in my cart'));
    expect(cart?.textContent).toContain('expected a call of show_cart');
    const pending = rows.find((row) => row.textContent?.includes('Any boots?'));
    expect(pending && within(pending).getByText('pending')).toBeTruthy();
  });
});
