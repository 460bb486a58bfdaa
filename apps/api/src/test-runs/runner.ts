import type { FastifyBaseLogger } from 'fastify';
import { openAdminSession, type AdminSessionDeps } from '../admin-session.js';
import type { Publications } from '../publications.js';
import type { ScenarioTest } from '../scenario-tests.js';
import type { Scenario } from '../scenarios.js';
import { withTimeout, type DriverConversation, type TestRunDriver } from './driver.js';
import { draftHash, pendingResult, type TestResult, type TestRun, type TestRuns } from './store.js';
import { judgeTurn } from './verdict.js';

/** What a run runs against: the scenario's draft, or one of its publications. */
export type RunTarget =
  { kind: 'draft' } | { kind: 'publication'; publicationId: number; uuid: string };

/** How long a run waits for each thing; every wait ends. */
export interface RunTimings {
  /** The agent joining and greeting a test's conversation, ms (default 60 s). */
  joinMs?: number;
  /** The agent's answer to one turn, ms (default 45 s). */
  turnMs?: number;
  /** Opening a conversation's room, ms (default 15 s). */
  sessionMs?: number;
}

/** What the runner needs. */
export interface TestRunnerDeps extends AdminSessionDeps {
  publications: Publications;
  testRuns: TestRuns;
  driver: TestRunDriver;
  log: FastifyBaseLogger;
  timings?: RunTimings | undefined;
}

/**
 * Runs a scenario's tests, each in a conversation of its own through the API's session path, one
 * test after the other (an agent worker's capacity is shared with real visitors). Runs go on in
 * the background; `start` answers the run as soon as it is stored.
 */
export function createTestRunner(deps: TestRunnerDeps) {
  const under = new Map<number, { stop: AbortController; done: Promise<unknown> }>();

  async function runTest(
    run: TestRun,
    scenario: Scenario,
    target: RunTarget,
    test: ScenarioTest,
    result: TestResult,
    options: { signal: AbortSignal; turnMs: number; save(): Promise<void> },
  ): Promise<void> {
    result.status = 'running';
    await options.save();
    let conversation: DriverConversation;
    try {
      // The draft is frozen again for every test, from the scenario as the run read it, so a
      // try-it started meanwhile on a newer draft does not change what later tests run.
      const publicationId =
        target.kind === 'draft'
          ? (await deps.publications.preview(scenario)).publication_id
          : target.publicationId;
      const session = await withTimeout(
        openAdminSession(
          deps,
          {
            applicationId: scenario.application_id,
            publicationId,
            visitorPrefix: 'test',
            language: scenario.language,
            inputMode: 'text',
            outputMode: 'text',
            metadata: { scenario_test_run: run.id, scenario_test: test.id },
          },
          deps.log,
        ),
        deps.timings?.sessionMs ?? 15_000,
        'opening the session',
      );
      result.conversation_id = session.conversation_id;
      conversation = await deps.driver.join(
        { url: session.rt_url, token: session.rt_token, conversationId: session.conversation_id },
        { timeoutMs: deps.timings?.joinMs ?? 60_000, signal: options.signal },
      );
    } catch (error) {
      result.error = (error as Error).message;
      for (const turn of result.turns)
        Object.assign(turn, { verdict: 'fail', reason: `not run: ${result.error}` });
      result.status = 'failed';
      return;
    }
    try {
      for (const turn of result.turns) {
        const ended = conversation.endedReason();
        if (ended || options.signal.aborted) {
          turn.verdict = 'fail';
          turn.reason = ended
            ? `not run: the conversation had ended (${ended})`
            : 'not run: the run was stopped';
          continue;
        }
        const observed = await conversation.turn(turn.user, options.turnMs);
        Object.assign(turn, judgeTurn(turn.expect, observed), {
          latency_ms: observed.latencyMs,
          tool_calls: observed.toolCalls,
          reply: observed.replies.join(' '),
        });
        await options.save();
      }
    } finally {
      // Whatever happened, the visitor leaves: no test conversation outlives its run.
      result.end_reason = await conversation.end();
    }
    result.status = result.turns.every((turn) => turn.verdict === 'pass') ? 'passed' : 'failed';
  }

  async function execute(
    run: TestRun,
    scenario: Scenario,
    target: RunTarget,
    tests: ScenarioTest[],
    options: { signal: AbortSignal; turnMs: number },
  ): Promise<void> {
    const results = run.results;
    const save = () => deps.testRuns.progress(run.id, results);
    try {
      for (const [index, test] of tests.entries()) {
        const result = results[index];
        if (!result) continue;
        await runTest(run, scenario, target, test, result, { ...options, save });
        await save();
      }
      await deps.testRuns.finish(
        run.id,
        results,
        options.signal.aborted ? 'the run was stopped: the API is shutting down' : undefined,
      );
    } catch (error) {
      deps.log.error({ err: error, run: run.id }, 'test run failed');
      await deps.testRuns
        .finish(run.id, results, `the run failed: ${(error as Error).message}`)
        .catch(() => undefined);
    }
  }

  return {
    /** Stores a run of `tests` and starts it; answers the stored run (all tests pending). */
    async start(
      scenario: Scenario,
      target: RunTarget,
      tests: ScenarioTest[],
      options: { turnMs?: number | undefined } = {},
    ): Promise<TestRun> {
      const run = await deps.testRuns.create({
        scenarioId: scenario.id,
        target: target.kind,
        publicationUuid: target.kind === 'publication' ? target.uuid : null,
        draftHash: target.kind === 'draft' ? draftHash(scenario) : null,
        results: tests.map(pendingResult),
      });
      const stop = new AbortController();
      // The run works on its own copy: the answer shows the run as stored, all pending.
      const working = { ...run, results: structuredClone(run.results) };
      const done = execute(working, scenario, target, tests, {
        signal: stop.signal,
        turnMs: options.turnMs ?? deps.timings?.turnMs ?? 45_000,
      }).finally(() => under.delete(run.id));
      under.set(run.id, { stop, done });
      return run;
    },
    /** Resolves when the run started here has finished (tests wait on it). */
    async settled(runId: number): Promise<void> {
      await under.get(runId)?.done;
    },
    /** Stops every run under way here and waits for each to record that it stopped. */
    async close(): Promise<void> {
      const running = [...under.values()];
      for (const { stop } of running) stop.abort();
      await Promise.all(running.map(({ done }) => done));
    },
  };
}

/** The test runner. */
export type TestRunner = ReturnType<typeof createTestRunner>;
