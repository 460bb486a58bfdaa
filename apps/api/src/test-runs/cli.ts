import { parseArgs } from 'node:util';
import type { TestResult, TestRun } from './store.js';

/** What the command line reads and writes; tests pass their own. */
export interface CliIo {
  fetch: typeof fetch;
  print(line: string): void;
  env: Record<string, string | undefined>;
  /** Between polls, ms (default 1000). */
  pollMs?: number;
}

/** Exit codes: every test passed, some turn failed, the command could not run. */
export const EXIT = { PASSED: 0, FAILED: 1, ERROR: 2 } as const;

const USAGE = `Runs a scenario's tests through the Platform API and prints each turn's verdict.

  npm run scenario-tests -w @svc/api -- --scenario <id> [options]

  --scenario <id>        the scenario whose tests run (required)
  --target <target>      draft (default) or a publication uuid of the scenario
  --test <id>            only this test (repeatable)
  --api <url>            the API (default $SVC_API_URL, else http://127.0.0.1:8080)
  --token <key>          an API key or admin session token (default $SVC_ADMIN_TOKEN)
  --turn-timeout <s>     how long each turn waits for the agent (default 45)
  --timeout <s>          how long the whole run may take (default 900)

Exit code 0 when every turn passed, 1 when one failed, 2 when the run could not be made.`;

const mark = (passed: boolean) => (passed ? 'PASS' : 'FAIL');

/** The lines a finished test prints: its verdict, then each turn's, with the reasons. */
export function describeResult(result: TestResult): string[] {
  const lines = [`${mark(result.status === 'passed')} ${result.name}`];
  if (result.error) lines.push(`     could not run: ${result.error}`);
  for (const [index, turn] of result.turns.entries()) {
    const latency = turn.latency_ms === null ? '-' : `${turn.latency_ms} ms`;
    const calls = turn.tool_calls.map((c) => `${c.name} ${JSON.stringify(c.arguments)}`);
    lines.push(
      `  ${mark(turn.verdict === 'pass')} ${index + 1}. ${JSON.stringify(turn.user)}  ${latency}  ${calls.join(', ') || 'no tool call'}`,
    );
    if (turn.reason && !result.error) lines.push(`       ${turn.reason}`);
  }
  return lines;
}

/**
 * Starts a run of a scenario's tests through the API (`POST …/test-runs`), polls it, prints each
 * test as it finishes, and answers the exit code. Every wait is bounded by `--timeout`.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        scenario: { type: 'string' },
        target: { type: 'string', default: 'draft' },
        test: { type: 'string', multiple: true },
        api: { type: 'string' },
        token: { type: 'string' },
        'turn-timeout': { type: 'string' },
        timeout: { type: 'string', default: '900' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.print(`${(error as Error).message}\n\n${USAGE}`);
    return EXIT.ERROR;
  }
  if (values.help) {
    io.print(USAGE);
    return EXIT.PASSED;
  }
  const api = (values.api ?? io.env.SVC_API_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
  const token = values.token ?? io.env.SVC_ADMIN_TOKEN;
  const scenario = Number(values.scenario);
  const testIds = (values.test ?? []).map(Number);
  const timeoutMs = Number(values.timeout) * 1000;
  const turnSeconds =
    values['turn-timeout'] === undefined ? undefined : Number(values['turn-timeout']);
  if (!Number.isInteger(scenario) || scenario <= 0 || !token || testIds.some(Number.isNaN)) {
    io.print(
      `${!token ? 'no --token or $SVC_ADMIN_TOKEN' : 'bad --scenario or --test'}\n\n${USAGE}`,
    );
    return EXIT.ERROR;
  }
  const base = `${api}/v1/admin/scenarios/${scenario}/test-runs`;
  const call = async (url: string, init: RequestInit = {}): Promise<TestRun> => {
    const response = await io.fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as TestRun & { error?: string };
    if (!response.ok) throw new Error(`${response.status}: ${body.error ?? response.statusText}`);
    return body;
  };
  try {
    let run = await call(base, {
      method: 'POST',
      body: JSON.stringify({
        target: values.target,
        ...(testIds.length > 0 ? { test_ids: testIds } : {}),
        ...(turnSeconds === undefined ? {} : { turn_timeout_s: turnSeconds }),
      }),
    });
    const on = run.target === 'draft' ? 'the draft' : `publication ${run.publication_uuid}`;
    io.print(`Run ${run.id} of scenario ${scenario} on ${on}: ${run.results.length} test(s)`);
    const printed = new Set<number>();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const result of run.results) {
        if (printed.has(result.test_id) || !['passed', 'failed'].includes(result.status)) continue;
        printed.add(result.test_id);
        for (const line of describeResult(result)) io.print(line);
      }
      if (run.status !== 'running') break;
      if (Date.now() > deadline) {
        io.print(`the run took longer than ${timeoutMs / 1000} s; it goes on in the API`);
        return EXIT.ERROR;
      }
      await new Promise((resolve) => setTimeout(resolve, io.pollMs ?? 1000));
      run = await call(`${base}/${run.id}`);
    }
    if (run.error) io.print(`the run failed: ${run.error}`);
    const turns = run.results.flatMap((result) => result.turns);
    const passed = run.results.filter((result) => result.status === 'passed').length;
    io.print(
      `${passed} of ${run.results.length} test(s) passed; ${turns.filter((t) => t.verdict === 'pass').length} of ${turns.length} turn(s)`,
    );
    return run.status === 'passed' ? EXIT.PASSED : EXIT.FAILED;
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    io.print(
      `the run could not be made: ${(error as Error).message}${cause ? ` (${cause.message})` : ''}`,
    );
    return EXIT.ERROR;
  }
}
