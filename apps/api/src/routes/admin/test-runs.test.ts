import { expect, it } from 'vitest';
import { DEMO_SCENARIO } from '../../seed/demo-scenario.js';
import { scriptedDriver } from '../../test-runs/scripted-driver.js';
import { adminCaller, adminToken, describeOnBothDialects } from '../../test-harness.js';

// Test runs, their results and the publish gate, on SQLite and on PostgreSQL. The visitor is the
// scripted driver (the seam the LiveKit participant fills in production); the real agent's run is
// in e2e/.
const scripted = scriptedDriver();

describeOnBothDialects(
  'test runs',
  (harness) => {
    const call = adminCaller(() => harness().app);
    const tentTurn = {
      user: 'Any tents?',
      expect: { tool: { name: 'search_products', arguments: { query: 'TENTS' } } },
    };

    async function setUp() {
      const token = await adminToken(harness().app);
      const scenario = (
        await call('POST', '/scenarios', token, {
          application_id: harness().fixture.applicationId,
          name: `Run ${Math.random()}`,
          features: DEMO_SCENARIO.definition.features,
        })
      ).body as { id: number };
      const base = `/scenarios/${scenario.id}`;
      return { token, scenario, base };
    }

    async function finished(base: string, token: string, runId: number) {
      for (let tries = 0; tries < 200; tries += 1) {
        const run = (await call('GET', `${base}/test-runs/${runId}`, token)).body;
        if (run.status !== 'running') return run;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`run ${runId} never finished`);
    }

    it('runs tests on the draft: verdicts, reasons, latency and tool calls per turn', async () => {
      const { token, base } = await setUp();
      expect(await call('POST', `${base}/test-runs`, token, {})).toEqual({
        status: 409,
        body: { error: 'the scenario has no tests to run' },
      });
      const good = (await call('POST', `${base}/tests`, token, { name: 'Good', turns: [tentTurn] }))
        .body;
      const bad = (
        await call('POST', `${base}/tests`, token, {
          name: 'Bad',
          turns: [
            { user: 'Hello', expect: { reply_contains: ['help'] } },
            { user: 'Any tents?', expect: { tool: { name: 'add_to_cart' } } },
            { user: 'Bye', expect: { reply_not_contains: ['help'] } },
            { user: 'Still there?' },
          ],
        })
      ).body;
      const started = await call('POST', `${base}/test-runs`, token, { target: 'draft' });
      expect(started).toMatchObject({
        status: 202,
        body: { status: 'running', target: 'draft', draft_hash: expect.any(String) },
      });
      expect(started.body.results.map((r: { status: string }) => r.status)).toEqual([
        'pending',
        'pending',
      ]);
      const run = await finished(base, token, started.body.id);
      expect(run).toMatchObject({ status: 'failed', error: null, finished_at: expect.any(String) });
      const [badResult, goodResult] = run.results;
      expect(goodResult).toMatchObject({
        test_id: good.id,
        status: 'passed',
        end_reason: 'user_requested',
        turns: [
          {
            verdict: 'pass',
            reason: '',
            latency_ms: 42,
            reply: 'I put some tents on your screen.',
            tool_calls: [{ name: 'search_products', arguments: { query: 'tents' }, page: true }],
          },
        ],
      });
      expect(badResult).toMatchObject({
        test_id: bad.id,
        status: 'failed',
        end_reason: 'completed',
      });
      expect(badResult.turns.map((t: { verdict: string; reason: string }) => t.reason)).toEqual([
        '',
        'expected a call of add_to_cart, the agent called search_products {"query":"tents"}',
        'the reply contains "help"',
        'not run: the conversation had ended (completed)',
      ]);
      // Each test is a conversation on the preview, a fresh visitor, in text.
      const conversation = await harness()
        .fixture.database.db.selectFrom('conversations as c')
        .innerJoin('publications as p', 'p.id', 'c.publication_id')
        .select(['p.label', 'c.metadata', 'c.input_mode'])
        .where('c.id', '=', goodResult.conversation_id)
        .executeTakeFirstOrThrow();
      expect(conversation).toMatchObject({ label: '_preview', input_mode: 'text' });
      expect(JSON.parse(conversation.metadata)).toEqual({
        scenario_test_run: run.id,
        scenario_test: good.id,
      });
      expect(scripted.joined.at(-1)?.token).toContain('noop-token:');

      const listed = (await call('GET', `${base}/test-runs?limit=5`, token)).body;
      expect(listed.runs.map((r: { id: number }) => r.id)).toEqual([run.id]);
      expect((await call('GET', `${base}/test-runs/999999`, token)).status).toBe(404);
      const other = await adminToken(harness().app, 'admin@other.example');
      expect((await call('GET', `${base}/test-runs`, other)).status).toBe(404);
    });

    it('runs some tests, on a publication; one run at a time; failures to join are verdicts', async () => {
      const { token, base } = await setUp();
      const good = (await call('POST', `${base}/tests`, token, { name: 'Good', turns: [tentTurn] }))
        .body;
      await call('POST', `${base}/tests`, token, { name: 'Other', turns: [{ user: 'Hi' }] });
      const staging = (await call('POST', `${base}/publish`, token, { label: 'staging' })).body;
      expect(
        (await call('POST', `${base}/test-runs`, token, { target: 'nonsense' })).body.error,
      ).toMatch(/^target: /);
      expect(
        (await call('POST', `${base}/test-runs`, token, { target: crypto.randomUUID() })).status,
      ).toBe(404);
      expect(
        (await call('POST', `${base}/test-runs`, token, { test_ids: [good.id, 999999] })).body,
      ).toEqual({ error: 'test_ids: unknown test 999999' });

      const release = scripted.hold();
      const first = await call('POST', `${base}/test-runs`, token, {
        target: staging.uuid,
        test_ids: [good.id],
      });
      expect(first.body).toMatchObject({ target: 'publication', publication_uuid: staging.uuid });
      expect(first.body.results).toHaveLength(1);
      expect((await call('POST', `${base}/test-runs`, token, {})).body).toEqual({
        error: `a run of this scenario's tests is under way (run ${first.body.id})`,
      });
      release();
      expect((await finished(base, token, first.body.id)).status).toBe('passed');
      const conversation = await harness()
        .fixture.database.db.selectFrom('conversations as c')
        .innerJoin('publications as p', 'p.id', 'c.publication_id')
        .select('p.label')
        .where('c.id', '=', (await finished(base, token, first.body.id)).results[0].conversation_id)
        .executeTakeFirstOrThrow();
      expect(conversation.label).toBe('staging');

      scripted.failJoins('no agent joined within 60 s');
      try {
        const failed = await call('POST', `${base}/test-runs`, token, { test_ids: [good.id] });
        const run = await finished(base, token, failed.body.id);
        expect(run.results[0]).toMatchObject({
          status: 'failed',
          error: 'no agent joined within 60 s',
          turns: [{ verdict: 'fail', reason: 'not run: no agent joined within 60 s' }],
        });
      } finally {
        scripted.failJoins(undefined);
      }
      await call('POST', `/publications/${staging.uuid}/unpublish`, token);
      expect(
        (await call('POST', `${base}/test-runs`, token, { target: staging.uuid })).body,
      ).toEqual({ error: `target: publication ${staging.uuid} is unpublished` });
    });

    it('gates publishing to production on passing tests of the same draft', async () => {
      const { token, base } = await setUp();
      expect((await call('GET', `${base}/publish-gate`, token)).body).toMatchObject({
        require_passing_tests: false,
        passing: false,
        reason: 'the scenario has no tests',
      });
      const good = (await call('POST', `${base}/tests`, token, { name: 'Good', turns: [tentTurn] }))
        .body;
      const bad = (
        await call('POST', `${base}/tests`, token, {
          name: 'Bad',
          turns: [{ user: 'Hello', expect: { tool: { name: 'show_cart' } } }],
        })
      ).body;
      // Off by default: production publishes whatever the tests say.
      expect((await call('POST', `${base}/publish`, token, { label: 'production' })).status).toBe(
        200,
      );
      const on = await call('PUT', `${base}/publish-gate`, token, { require_passing_tests: true });
      expect(on.body).toMatchObject({
        require_passing_tests: true,
        passing: false,
        reason: '"Bad" has not run on this draft; "Good" has not run on this draft',
      });
      const refused = await call('POST', `${base}/publish`, token, { label: 'production' });
      expect(refused).toEqual({
        status: 409,
        body: {
          error:
            'publishing to production needs every test to pass on this draft: "Bad" has not run on this draft; "Good" has not run on this draft',
        },
      });
      expect((await call('POST', `${base}/publish`, token, { label: 'staging' })).status).toBe(200);

      const all = await call('POST', `${base}/test-runs`, token, {});
      const run = await finished(base, token, all.body.id);
      expect((await call('GET', `${base}/publish-gate`, token)).body.reason).toBe(
        `"Bad" failed in run ${run.id}`,
      );
      // Fixing the failing test and rerunning only it is enough.
      await call('PUT', `${base}/tests/${bad.id}`, token, {
        name: 'Bad',
        turns: [{ user: 'Hello', expect: { reply_contains: ['help'] } }],
      });
      expect((await call('GET', `${base}/publish-gate`, token)).body.reason).toBe(
        '"Bad" has not run on this draft',
      );
      const rerun = await call('POST', `${base}/test-runs`, token, { test_ids: [bad.id] });
      await finished(base, token, rerun.body.id);
      expect((await call('GET', `${base}/publish-gate`, token)).body).toMatchObject({
        passing: true,
        reason: null,
      });
      expect((await call('POST', `${base}/publish`, token, { label: 'production' })).status).toBe(
        200,
      );
      // Another draft revision has not been tested; a run on a publication does not count.
      await call('PATCH', base, token, { first_message: 'Hello again!' });
      const publications = (await call('GET', `${base}/publications`, token)).body.publications;
      const production = publications.find((p: { label: string }) => p.label === 'production');
      const onPublication = await call('POST', `${base}/test-runs`, token, {
        target: production.uuid,
      });
      await finished(base, token, onPublication.body.id);
      expect((await call('POST', `${base}/publish`, token, { label: 'production' })).body).toEqual({
        error:
          'publishing to production needs every test to pass on this draft: "Bad" has not run on this draft; "Good" has not run on this draft',
      });
      await call('PUT', `${base}/publish-gate`, token, { require_passing_tests: false });
      expect((await call('POST', `${base}/publish`, token, { label: 'production' })).status).toBe(
        200,
      );
      expect(good.id).toBeGreaterThan(0);
    });
  },
  { testRunDriver: scripted.driver },
);
