import { createHash } from 'node:crypto';
import type { OpenDatabase } from '../db/database.js';
import { HttpError } from '../errors.js';
import { draftSnapshot } from '../publications.js';
import type { Scenario } from '../scenarios.js';
import type { ScenarioTest } from '../scenario-tests.js';
import type { ObservedToolCall, TurnExpectation } from './verdict.js';

/** One turn of a run: what was typed, what the agent did, and the verdict. */
export interface TurnResult {
  user: string;
  expect: TurnExpectation;
  /** `pending` until the turn has run. */
  verdict: 'pending' | 'pass' | 'fail';
  /** Why it failed; empty otherwise. */
  reason: string;
  /** From sending the turn to the agent's first message. */
  latency_ms: number | null;
  tool_calls: ObservedToolCall[];
  /** The agent's words in the turn. */
  reply: string;
}

/** One test of a run. */
export interface TestResult {
  test_id: number;
  name: string;
  /** The test's `updated_at` when it ran: a test changed since has not run in this form. */
  test_updated_at: string;
  status: 'pending' | 'running' | 'passed' | 'failed';
  conversation_id: string | null;
  end_reason: string | null;
  /** Why the conversation could not run (no agent, no Transport); its turns fail with it. */
  error: string | null;
  turns: TurnResult[];
}

/** A run of a scenario's tests against its draft or a publication. */
export interface TestRun {
  id: number;
  scenario_id: number;
  target: 'draft' | 'publication';
  publication_uuid: string | null;
  /** The draft revision a draft run ran against ({@link draftHash}). */
  draft_hash: string | null;
  status: 'running' | 'passed' | 'failed';
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  results: TestResult[];
}

/** Whether publishing the draft to production may go ahead. */
export interface PublishGate {
  require_passing_tests: boolean;
  draft_hash: string;
  /** Every test passed its latest run on this draft revision, in its current form. */
  passing: boolean;
  /** Why it is not passing; null when it is. */
  reason: string | null;
}

/**
 * A run still `running` with no progress for this long was left by an API that stopped: it is
 * failed when read. A run writes after every turn, and a turn waits two minutes at most.
 */
export const STALE_RUN_MS = 10 * 60_000;

/** The draft's revision: SHA-256 of the snapshot publishing it now would freeze. */
export function draftHash(scenario: Scenario): string {
  return createHash('sha256')
    .update(JSON.stringify(draftSnapshot(scenario)))
    .digest('hex');
}

/** A result whose turns have not run yet. */
export function pendingResult(test: ScenarioTest): TestResult {
  return {
    test_id: test.id,
    name: test.name,
    test_updated_at: test.updated_at,
    status: 'pending',
    conversation_id: null,
    end_reason: null,
    error: null,
    turns: test.turns.map((turn) => ({
      user: turn.user,
      expect: turn.expect,
      verdict: 'pending',
      reason: '',
      latency_ms: null,
      tool_calls: [],
      reply: '',
    })),
  };
}

const fields = [
  'id',
  'scenario_id',
  'target',
  'publication_uuid',
  'draft_hash',
  'status',
  'error',
  'created_at',
  'updated_at',
  'finished_at',
  'results',
] as const;

type Row = Record<Exclude<(typeof fields)[number], 'id' | 'scenario_id'>, string | null> & {
  id: number;
  scenario_id: number;
};

/** Test runs and the publish gate on one database. */
export function createTestRuns({ db }: OpenDatabase) {
  /** A row as answered; a stale `running` one is failed first. */
  async function fromRow(row: Row): Promise<TestRun> {
    const run = { ...row, results: JSON.parse(row.results ?? '[]') } as TestRun;
    if (run.status === 'running' && Date.now() - Date.parse(run.updated_at) > STALE_RUN_MS) {
      return finish(run.id, run.results, 'the API stopped before the run finished');
    }
    return run;
  }

  async function get(runId: number): Promise<TestRun> {
    const row = await db
      .selectFrom('test_runs')
      .select(fields)
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    return { ...row, results: JSON.parse(row.results) } as TestRun;
  }

  /** Writes the final results; the status follows from them (or `error` fails the run). */
  async function finish(runId: number, results: TestResult[], error?: string): Promise<TestRun> {
    const now = new Date().toISOString();
    const passed = !error && results.every((result) => result.status === 'passed');
    await db
      .updateTable('test_runs')
      .set({
        results: JSON.stringify(results),
        status: passed ? 'passed' : 'failed',
        error: error ?? null,
        updated_at: now,
        finished_at: now,
      })
      .where('id', '=', runId)
      .execute();
    return get(runId);
  }

  return {
    finish,
    /** A new running run with every test pending. */
    async create(run: {
      scenarioId: number;
      target: TestRun['target'];
      publicationUuid: string | null;
      draftHash: string | null;
      results: TestResult[];
    }): Promise<TestRun> {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto('test_runs')
        .values({
          scenario_id: run.scenarioId,
          target: run.target,
          publication_uuid: run.publicationUuid,
          draft_hash: run.draftHash,
          status: 'running',
          results: JSON.stringify(run.results),
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return get(id);
    },
    /** Writes a running run's progress. */
    async progress(runId: number, results: TestResult[]): Promise<void> {
      await db
        .updateTable('test_runs')
        .set({ results: JSON.stringify(results), updated_at: new Date().toISOString() })
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .execute();
    },
    /** One run of the scenario; 404 otherwise. */
    async find(scenarioId: number, runId: number): Promise<TestRun> {
      const row = await db
        .selectFrom('test_runs')
        .select(fields)
        .where('id', '=', runId)
        .where('scenario_id', '=', scenarioId)
        .executeTakeFirst();
      if (!row) throw new HttpError(404, `unknown test run ${runId}`);
      return fromRow(row);
    },
    /** The scenario's runs, newest first. */
    async list(scenarioId: number, limit: number): Promise<TestRun[]> {
      const rows = await db
        .selectFrom('test_runs')
        .select(fields)
        .where('scenario_id', '=', scenarioId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return Promise.all(rows.map(fromRow));
    },
    /** The scenario's run under way, if any. */
    async running(scenarioId: number): Promise<TestRun | undefined> {
      const rows = await db
        .selectFrom('test_runs')
        .select(fields)
        .where('scenario_id', '=', scenarioId)
        .where('status', '=', 'running')
        .execute();
      const runs = await Promise.all(rows.map(fromRow));
      return runs.find((run) => run.status === 'running');
    },
    /** Turns the publish gate on or off for the scenario. */
    async requirePassingTests(scenarioId: number, required: boolean): Promise<void> {
      await db
        .updateTable('scenarios')
        .set({ require_passing_tests: required ? 1 : 0 })
        .where('id', '=', scenarioId)
        .execute();
    },
    /**
     * Whether every current test passed its latest run against this draft revision (runs of
     * several tests or of one count alike, so rerunning the failed one is enough).
     */
    async gate(scenario: Scenario, tests: ScenarioTest[]): Promise<PublishGate> {
      const setting = await db
        .selectFrom('scenarios')
        .select('require_passing_tests')
        .where('id', '=', scenario.id)
        .executeTakeFirstOrThrow();
      const hash = draftHash(scenario);
      const gate = { require_passing_tests: setting.require_passing_tests === 1, draft_hash: hash };
      if (tests.length === 0)
        return { ...gate, passing: false, reason: 'the scenario has no tests' };
      const runs = await db
        .selectFrom('test_runs')
        .select(['id', 'results'])
        .where('scenario_id', '=', scenario.id)
        .where('target', '=', 'draft')
        .where('draft_hash', '=', hash)
        .where('status', '!=', 'running')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const parsed = runs.map((run) => ({
        id: run.id,
        results: JSON.parse(run.results) as TestResult[],
      }));
      const problems: string[] = [];
      for (const test of tests) {
        const latest = parsed
          .map((run) => ({
            run: run.id,
            result: run.results.find(
              (r) => r.test_id === test.id && r.test_updated_at === test.updated_at,
            ),
          }))
          .find((found) => found.result?.status === 'passed' || found.result?.status === 'failed');
        if (!latest) problems.push(`"${test.name}" has not run on this draft`);
        else if (latest.result?.status !== 'passed')
          problems.push(`"${test.name}" failed in run ${latest.run}`);
      }
      return problems.length === 0
        ? { ...gate, passing: true, reason: null }
        : { ...gate, passing: false, reason: problems.join('; ') };
    },
  };
}

/** The test runs service. */
export type TestRuns = ReturnType<typeof createTestRuns>;
