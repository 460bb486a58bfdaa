import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors.js';
import type { Publications } from '../../publications.js';
import { turnExpectation, type ScenarioTests } from '../../scenario-tests.js';
import type { Scenarios } from '../../scenarios.js';
import type { RunTarget, TestRunner } from '../../test-runs/runner.js';
import type { TestRuns } from '../../test-runs/store.js';
import {
  adminErrors,
  companyOf,
  idParams,
  recordId,
  recordIdParam,
  refuseUnservable,
  unservable,
  type ServingProblemsCheck,
} from './shared.js';

const runParams = idParams.extend({ runId: recordIdParam });
const toolCall = z.object({
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  page: z.boolean().describe('The page was asked to show it (a frontend tool RPC)'),
});
const turnResult = z.object({
  user: z.string(),
  expect: turnExpectation,
  verdict: z.enum(['pending', 'pass', 'fail']),
  reason: z.string().describe('Every unmet expectation; empty when the turn passed'),
  latency_ms: z.number().nullable().describe("From sending the turn to the agent's first message"),
  tool_calls: z.array(toolCall),
  reply: z.string(),
});
const testResult = z.object({
  test_id: z.number(),
  name: z.string(),
  test_updated_at: z.string(),
  status: z.enum(['pending', 'running', 'passed', 'failed']),
  conversation_id: z.string().nullable(),
  end_reason: z.string().nullable(),
  error: z.string().nullable().describe('Why the conversation could not run'),
  turns: z.array(turnResult),
});
const testRun = z.object({
  id: z.number(),
  scenario_id: z.number(),
  target: z.enum(['draft', 'publication']),
  publication_uuid: z.string().nullable(),
  draft_hash: z.string().nullable(),
  status: z.enum(['running', 'passed', 'failed']),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  results: z.array(testResult),
});
const publishGate = z.object({
  require_passing_tests: z.boolean(),
  draft_hash: z.string().describe('The revision of the draft publishing now would freeze'),
  passing: z
    .boolean()
    .describe('Every test passed its latest run against this draft revision, in its current form'),
  reason: z.string().nullable().describe('Why it is not passing'),
});

/** What the test run routes need. */
export interface TestRunRouteDeps {
  scenarios: Scenarios;
  scenarioTests: ScenarioTests;
  publications: Publications;
  testRuns: TestRuns;
  runner: TestRunner;
  /** The check publishing makes; a draft run is refused what publishing the draft would be. */
  servingProblems?: ServingProblemsCheck | undefined;
}

/** Running a scenario's tests, their results, and the publish gate they feed. */
export function testRunRoutes(deps: TestRunRouteDeps): FastifyPluginAsyncZod {
  const tags = ['admin: scenario tests'];
  return async (app) => {
    app.post(
      '/scenarios/:id/test-runs',
      {
        schema: {
          operationId: 'startTestRun',
          tags,
          summary:
            "Run the scenario's tests (or some) against its draft or one of its publications; answers the run at once, its turns pending",
          description:
            'Each test is a conversation of its own with the real agent: a new visitor types each turn, the page side answers tool calls with success, and each turn gets a verdict, the latency to the first answer and the tool calls made. Poll `GET …/test-runs/{runId}` until `status` is no longer `running`. One run per scenario at a time (409).',
          params: idParams,
          body: z.object({
            target: z
              .string()
              .regex(/^(draft|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
                message: 'draft, or the uuid of one of the scenario’s publications',
              })
              .default('draft'),
            test_ids: z.array(recordId).min(1).max(200).optional(),
            turn_timeout_s: z
              .number()
              .int()
              .min(5)
              .max(120)
              .optional()
              .describe('How long each turn waits for the agent (default 45)'),
          }),
          response: { 202: testRun, ...adminErrors, ...unservable },
        },
      },
      async (request, reply) => {
        const scenario = await deps.scenarios.find(companyOf(request), request.params.id);
        // A publication passed this check when it was published; the agent checks again.
        if (request.body.target === 'draft')
          await refuseUnservable(deps.servingProblems, scenario, companyOf(request));
        const { target, test_ids: testIds, turn_timeout_s: turnSeconds } = request.body;
        const all = await deps.scenarioTests.list(scenario.id);
        const tests = testIds
          ? testIds.map((id) => {
              const test = all.find((t) => t.id === id);
              if (!test) throw new HttpError(404, `test_ids: unknown test ${id}`);
              return test;
            })
          : all;
        // The scenario's state, not the request, is at fault.
        if (tests.length === 0) throw new HttpError(409, 'the scenario has no tests to run');
        let runTarget: RunTarget = { kind: 'draft' };
        if (target !== 'draft') {
          const found = await deps.publications.find(companyOf(request), target.toLowerCase());
          if (found.scenario_id !== scenario.id)
            throw new HttpError(404, `target: no publication ${target} of this scenario`);
          if (found.unpublished_at)
            throw new HttpError(409, `target: publication ${target} is unpublished`);
          runTarget = { kind: 'publication', publicationId: found.id, uuid: found.uuid };
        }
        const under = await deps.testRuns.running(scenario.id);
        if (under)
          throw new HttpError(409, `a run of this scenario's tests is under way (run ${under.id})`);
        const run = await deps.runner.start(scenario, runTarget, tests, {
          turnMs: turnSeconds === undefined ? undefined : turnSeconds * 1000,
        });
        return reply.status(202).send(run);
      },
    );
    app.get(
      '/scenarios/:id/test-runs',
      {
        schema: {
          operationId: 'listTestRuns',
          tags,
          summary: "The scenario's test runs, newest first, with their results",
          params: idParams,
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
          response: { 200: z.object({ runs: z.array(testRun) }), ...adminErrors },
        },
      },
      async (request) => {
        const scenario = await deps.scenarios.find(companyOf(request), request.params.id);
        return { runs: await deps.testRuns.list(scenario.id, request.query.limit) };
      },
    );
    app.get(
      '/scenarios/:id/test-runs/:runId',
      {
        schema: {
          operationId: 'getTestRun',
          tags,
          summary: "One test run: its status and each turn's verdict, latency and tool calls",
          params: runParams,
          response: { 200: testRun, ...adminErrors },
        },
      },
      async (request) => {
        const scenario = await deps.scenarios.find(companyOf(request), request.params.id);
        return deps.testRuns.find(scenario.id, request.params.runId);
      },
    );
    const gateOf = async (companyId: number, scenarioId: number) => {
      const scenario = await deps.scenarios.find(companyId, scenarioId);
      return deps.testRuns.gate(scenario, await deps.scenarioTests.list(scenario.id));
    };
    app.get(
      '/scenarios/:id/publish-gate',
      {
        schema: {
          operationId: 'getPublishGate',
          tags,
          summary:
            'Whether publishing to production needs passing tests, and whether the draft has them',
          params: idParams,
          response: { 200: publishGate, ...adminErrors },
        },
      },
      async (request) => gateOf(companyOf(request), request.params.id),
    );
    app.put(
      '/scenarios/:id/publish-gate',
      {
        schema: {
          operationId: 'setPublishGate',
          tags,
          summary:
            'Require (or not) a passing run of every test on the draft before it is published to production',
          params: idParams,
          body: z.object({ require_passing_tests: z.boolean() }),
          response: { 200: publishGate, ...adminErrors },
        },
      },
      async (request) => {
        const scenario = await deps.scenarios.find(companyOf(request), request.params.id);
        await deps.testRuns.requirePassingTests(scenario.id, request.body.require_passing_tests);
        return gateOf(companyOf(request), scenario.id);
      },
    );
  };
}
