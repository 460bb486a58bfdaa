// Fuzzes the Platform API from its own OpenAPI document with schemathesis (PyPI), every operation
// with valid credentials of each audience: the demo admin, a visitor of the demo publication, and
// the agent (its key). Every check of schemathesis runs (no 5xx, responses and status codes as
// documented, schema-valid requests accepted, invalid ones refused, content types, ...).
//
//   npm run fuzz -w @svc/bench [-- --examples 20]     (default 100 examples per operation)
//
// Prints, per audience, the operations, the requests made and the failures by check; exits 1 when
// any check failed. The API runs in process on SQLite with the demo seed; the Transport opens no
// rooms (session starts answer without a livekit-server).
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, noopTransport, startTestApi, TEST_AGENT_KEY } from '@svc/api/testing';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const examples = Number(argument('examples') ?? 100);

const ensure = fileURLToPath(new URL('./ensure-schemathesis.mjs', import.meta.url));
const schemathesis = spawnSync(process.execPath, [ensure], { encoding: 'utf8' }).stdout.trim();
if (!schemathesis) throw new Error('schemathesis could not be installed');

const api = await startTestApi({
  listen: true,
  transport: noopTransport(),
  // The fuzzer sends thousands of requests from one address: the per-address limits would answer
  // most of them 429 (documented, so no failure, but nothing else would be tested).
  app: { publicRateLimit: 10_000_000, adminRateLimit: 10_000_000 },
});

async function json(path: string, body: unknown, token?: string) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

const admin = String((await json('/v1/admin/login', DEMO_ADMIN)).token);
const visitor = String(
  (
    await json('/v1/public/token', {
      scenario_uuid: api.seeded.publicationUuid,
      external_id: 'fuzz',
    })
  ).user_token,
);

/** One audience: its credential and the paths it is fuzzed on. */
const AUDIENCES = [
  { name: 'admin', token: admin, paths: '^/v1/admin/' },
  { name: 'visitor', token: visitor, paths: '^/v1/(public|visitor)/' },
  { name: 'agent', token: TEST_AGENT_KEY, paths: '^/v1/agent/' },
];

interface Summary {
  audience: string;
  operations: number;
  requests: number;
  failures: Record<string, number>;
  errors: number;
}

const summaries: Summary[] = [];
const reports = mkdtempSync(join(tmpdir(), 'svc-fuzz-'));
try {
  for (const audience of AUDIENCES) {
    const ndjson = join(reports, `${audience.name}.ndjson`);
    // Asynchronously: the API answers from this same process while schemathesis runs.
    const run = await promisify(execFile)(
      schemathesis,
      [
        'run',
        `${api.url}/v1/openapi.json`,
        '--checks',
        'all',
        '--include-path-regex',
        audience.paths,
        // Signing out would end the session whose token every later request carries.
        '--exclude-operation-id',
        'logout',
        '--header',
        `Authorization: Bearer ${audience.token}`,
        '--max-examples',
        String(examples),
        '--seed',
        '1',
        '--report',
        'ndjson',
        '--report-ndjson-path',
        ndjson,
        '--no-color',
      ],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    summaries.push(summarize(audience.name, run.stdout));
    process.stderr.write(`${run.stdout}\n`);
  }
} finally {
  await api.close();
}

/** Reads schemathesis's summary: operations tested, test cases, failures by check, errors. */
function summarize(audience: string, stdout: string): Summary {
  const section = (title: string) => {
    const lines = stdout.split('\n');
    const at = lines.findIndex((line) => line.trim() === `${title}:`);
    const body: string[] = [];
    for (const line of at < 0 ? [] : lines.slice(at + 1)) {
      if (!line.trim()) break;
      body.push(line.trim());
    }
    return body;
  };
  const failures: Record<string, number> = {};
  for (const line of section('Failures')) {
    const match = /^\S+\s+(.+?): (\d+)$/.exec(line);
    if (match?.[1] && match[2]) failures[match[1]] = Number(match[2]);
  }
  let errors = 0;
  for (const line of section('Errors')) errors += Number(/: (\d+)$/.exec(line)?.[1] ?? 1);
  return {
    audience,
    operations: Number(/Tested: (\d+)/.exec(stdout)?.[1] ?? 0),
    requests: Number(/(\d+) generated/.exec(stdout)?.[1] ?? 0),
    failures,
    errors,
  };
}

console.log("\nschemathesis on the API's OpenAPI document (checks: all)");
console.table(
  summaries.map((summary) => ({
    audience: summary.audience,
    operations: summary.operations,
    requests: summary.requests,
    failures: JSON.stringify(summary.failures),
    errors: summary.errors,
  })),
);
const failed = summaries.some(
  (summary) => Object.keys(summary.failures).length > 0 || summary.errors > 0,
);
process.exit(failed ? 1 : 0);
