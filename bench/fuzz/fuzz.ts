// Fuzzes the Platform API from its own OpenAPI document with schemathesis (PyPI): every operation,
// every check, with valid credentials of each audience. Shared by the bench (`run.ts`, many
// examples) and CI (`fuzz.test.ts`, few).
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, noopTransport, startTestApi, TEST_AGENT_KEY } from '@svc/api/testing';

/** One credential and the part of the API it is fuzzed on. */
export interface Audience {
  name: 'admin' | 'visitor' | 'agent';
  /** Paths of the operations (a regular expression). */
  paths: string;
}

/** Who the API is fuzzed as: the demo admin, a visitor of the demo publication, the agent. */
export const AUDIENCES: readonly Audience[] = [
  // With the widget's files, which the pages of visitors load.
  { name: 'visitor', paths: '^/(v1/(public|visitor)|widget)/' },
  { name: 'agent', paths: '^/v1/agent/' },
  // Last: its deletes and unpublishes would leave the others little to reach.
  { name: 'admin', paths: '^/v1/admin/' },
];

/** A request each audience's credential is not refused (401) on, checked after its run. */
const STILL_SIGNED_IN: Record<Audience['name'], string> = {
  admin: '/v1/admin/me',
  visitor: '/v1/visitor/buckets',
  agent: '/v1/agent/conversations/none/config',
};

/**
 * Operations left out, each with why: signing out (here or everywhere) ends the session whose
 * token every later request of the run carries, so nothing after it would be tested signed in; a
 * knowledge document's upload takes any bytes as its body (the file itself), which schemathesis's
 * negative cases for a string body are, so they cannot be refused (its own tests cover its 413,
 * 415 and 422).
 */
export const EXCLUDED_OPERATIONS = [
  'logout',
  'logoutEverywhere',
  'uploadKnowledgeDocument',
] as const;

/**
 * What schemathesis is told beyond its defaults. Schema-valid requests may be answered 422 (as
 * well as 2xx, 401, 403, 404, 409, 429): the API answers 422 to a request that fits the document
 * but names what its target does not have (a filter the collection lacks, a voice the embedded
 * TTS cannot speak, a scenario the deployment's agent cannot serve), never to a request the
 * document's schemas refuse, which stays a 400 and fails the check when the two disagree.
 * Schema-violating requests may also be refused 413 (a generated body over the 256 KiB limit).
 */
export const SCHEMATHESIS_CONFIG = `[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]

[checks.negative_data_rejection]
expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429", "5xx"]
`;

/** Ids of records that exist, by path parameter name: the fuzz draws them half of the time. */
export type KnownIds = Record<string, readonly (string | number)[]>;

/**
 * The config that binds path parameters to records that exist: generated ids rarely name one, and
 * a request that only ever meets 404 tests little beyond validation.
 */
export function schemathesisConfig(known: KnownIds): string {
  const bound = Object.entries(known).filter(([, values]) => values.length > 0);
  return [
    SCHEMATHESIS_CONFIG,
    ...bound.map(
      ([name, values]) => `[dictionaries.${name}]\nvalues = ${JSON.stringify(values)}\n`,
    ),
    '[parameters]',
    ...bound.map(([name]) => `"path.${name}" = { dictionary = "${name}", probability = 0.5 }`),
    '',
  ].join('\n');
}

/** One failed check, as schemathesis reported it, with the request that failed it. */
export interface FuzzFailure {
  audience: string;
  operation: string;
  /** Schemathesis's code and title, e.g. `ST103 Undocumented status code`. */
  check: string;
  message: string;
  request: string;
  status: number | undefined;
  response: string;
}

/** What one audience's run found. */
export interface AudienceReport {
  audience: string;
  operations: number;
  /** HTTP requests made (every generated test case is one request). */
  requests: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
  /** Unique failures (one per operation, check and message). */
  failures: FuzzFailure[];
  /** Operations schemathesis could not test (an invalid document, for instance). */
  errors: string[];
  /** What the API logged for its 5xx answers (the error and its stack). */
  serverLog: string[];
  seconds: number;
  /** Schemathesis's own output, for a closer look. */
  output: string;
}

/** How a fuzz run goes. */
export interface FuzzOptions {
  /** Generated examples per operation in the fuzzing phase (`--max-examples`). */
  examples: number;
  /** Only these audiences (default all). */
  audiences?: readonly Audience['name'][];
  seed?: number;
  /** Told when an audience starts and ends. */
  progress?: (line: string) => void;
}

/** Installs schemathesis if needed (cached per machine) and answers its executable. */
export function ensureSchemathesis(): string {
  const script = fileURLToPath(new URL('./ensure-schemathesis.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const executable = result.stdout.trim();
  if (result.status !== 0 || !executable)
    throw new Error(`schemathesis could not be installed (exit ${result.status})`);
  return executable;
}

/** Runs schemathesis over the API (in process, SQLite, demo seed) as each audience. */
export async function fuzzApi(options: FuzzOptions): Promise<AudienceReport[]> {
  const schemathesis = ensureSchemathesis();
  // The API's own account of each 5xx answer: schemathesis sees only `{ error: 'internal error' }`.
  let serverLog: string[] = [];
  const api = await startTestApi({
    listen: true,
    transport: noopTransport(),
    // The fuzzer sends thousands of requests from one address: the per-address limits would answer
    // most of them 429 (documented, so no failure, but nothing else would be tested).
    app: {
      publicRateLimit: 10_000_000,
      adminRateLimit: 10_000_000,
      logger: { level: 'error', stream: { write: (line: string) => serverLog.push(line) } },
    },
  });
  const work = mkdtempSync(join(tmpdir(), 'svc-fuzz-'));
  const config = join(work, 'schemathesis.toml');
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, unknown>;
    };
    const tokens: Record<Audience['name'], string> = {
      admin: String((await post('/v1/admin/login', DEMO_ADMIN)).token),
      visitor: String(
        (
          await post('/v1/public/token', {
            scenario_uuid: api.seeded.publicationUuid,
            external_id: 'fuzz',
          })
        ).user_token,
      ),
      agent: TEST_AGENT_KEY,
    };
    writeFileSync(config, schemathesisConfig(await knownIds(api.url, tokens.admin, api)));
    const reports: AudienceReport[] = [];
    for (const audience of AUDIENCES) {
      if (options.audiences && !options.audiences.includes(audience.name)) continue;
      options.progress?.(`${audience.name}: fuzzing ${audience.paths}`);
      const ndjson = join(work, `${audience.name}.ndjson`);
      serverLog = [];
      const started = performance.now();
      // Asynchronously: the API answers from this same process while schemathesis runs.
      const output = await new Promise<string>((resolve) => {
        execFile(
          schemathesis,
          [
            '--config-file',
            config,
            'run',
            `${api.url}/v1/openapi.json`,
            '--checks',
            'all',
            // A voice sample synthesized at the lowest CPU priority beside real-time work takes
            // more than schemathesis's 10 s, both to wait for and to pass its response time check
            // (ST112, part of `all`), and once more than 60 s (Piper at nice 19 beside the speech
            // tier gets a few percent of a core): the fuzz judges answers, not their speed.
            '--request-timeout',
            '240',
            '--max-response-time',
            '240',
            // Hypothesis's check that generating examples is fast measures the machine, not the
            // API: at the lowest CPU priority beside the speech tier it once found an operation's
            // data "too slow" to generate and failed the run.
            '--suppress-health-check',
            'too_slow',
            '--include-path-regex',
            audience.paths,
            ...EXCLUDED_OPERATIONS.flatMap((id) => ['--exclude-operation-id', id]),
            '--header',
            `Authorization: Bearer ${tokens[audience.name]}`,
            '--max-examples',
            String(options.examples),
            '--seed',
            String(options.seed ?? 1),
            // Nothing carried over from earlier runs: each run tests what it generates.
            '--generation-database',
            'none',
            '--report',
            'ndjson',
            '--report-ndjson-path',
            ndjson,
            '--no-color',
          ],
          // Its working folder (a cache of past failures) stays out of the repository.
          { cwd: work, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 },
          (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
        );
      });
      const seconds = (performance.now() - started) / 1000;
      const report = { ...readReport(audience.name, ndjson), seconds, output, serverLog };
      // A run that ended its own credential (as signing out would) tested the rest signed out.
      const still = await fetch(`${api.url}${STILL_SIGNED_IN[audience.name]}`, {
        headers: { authorization: `Bearer ${tokens[audience.name]}` },
      });
      if (still.status === 401)
        report.errors.push(`the ${audience.name} credential stopped working during the run`);
      options.progress?.(
        `${audience.name}: ${report.requests} requests in ${seconds.toFixed(1)} s, ${report.serverErrors} 5xx, ${report.failures.length} failures, ${report.errors.length} errors`,
      );
      reports.push(report);
    }
    return reports;
  } finally {
    await api.close();
    // SVC_FUZZ_KEEP=1 keeps schemathesis's reports (NDJSON, every request and answer) to read.
    if (process.env.SVC_FUZZ_KEEP) options.progress?.(`reports kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

/** Ids of the demo's records, read through the admin API, and a conversation for the agent. */
async function knownIds(
  url: string,
  token: string,
  api: { openConversation(): Promise<{ id: string }> },
): Promise<KnownIds> {
  const get = async (path: string) => {
    const response = await fetch(`${url}/v1/admin${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return (await response.json()) as Record<string, { id?: number; uuid?: string }[]>;
  };
  const ids = (rows: { id?: number }[] | undefined) =>
    (rows ?? []).flatMap((row) => (row.id === undefined ? [] : [row.id]));
  const scenarios = ids((await get('/scenarios')).scenarios);
  const collections = ids((await get('/collections')).collections);
  const applications = ids((await get('/applications')).applications);
  const items: string[] = [];
  const publications: string[] = [];
  for (const id of collections.slice(0, 2)) {
    const page = (await get(`/collections/${id}/items?limit=5`)).items as unknown as {
      id?: string;
    }[];
    items.push(...page.flatMap((item) => (item.id ? [item.id] : [])));
  }
  for (const id of scenarios.slice(0, 2)) {
    const rows = (await get(`/scenarios/${id}/publications`)).publications ?? [];
    publications.push(...rows.flatMap((row) => (row.uuid ? [row.uuid] : [])));
  }
  return {
    id: [...new Set([...scenarios, ...collections, ...applications])],
    collectionId: collections,
    itemId: items,
    uuid: publications,
    conversationId: [(await api.openConversation()).id],
    name: ['cart'],
  };
}

interface Interaction {
  request: { method: string; uri: string; body?: { $base64?: string } };
  response: { status_code: number; content?: { $base64?: string } } | null;
}
interface Recorder {
  label: string;
  checks?: Record<
    string,
    {
      name: string;
      status: string;
      failure_info?: { failure: { code?: string; title: string; message: string } };
    }[]
  >;
  interactions?: Record<string, Interaction>;
}

const decode = (content: { $base64?: string } | undefined, limit = 300) => {
  const text = content?.$base64 ? Buffer.from(content.$base64, 'base64').toString('utf8') : '';
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
};

/** Reads a schemathesis NDJSON event report: requests, 5xx answers, unique failures, errors. */
function readReport(
  audience: string,
  path: string,
): Omit<AudienceReport, 'seconds' | 'output' | 'serverLog'> {
  let operations = 0;
  let requests = 0;
  let serverErrors = 0;
  const failures = new Map<string, FuzzFailure>();
  const errors = new Set<string>();
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    errors.add('schemathesis wrote no report (see its output)');
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as Record<string, Record<string, unknown>>;
    const loaded = event.LoadingFinished?.statistic as
      { operations?: { selected?: number } } | undefined;
    if (loaded) operations = loaded.operations?.selected ?? 0;
    const problem = event.NonFatalError as
      { label?: string; value?: { type?: string; message?: string } } | undefined;
    if (problem) errors.add(`${problem.label ?? ''}: ${problem.value?.message ?? 'error'}`);
    const fatal = event.FatalError as { exception?: { message?: string } } | undefined;
    if (fatal) errors.add(`fatal: ${JSON.stringify(fatal).slice(0, 500)}`);
    const recorder = (event.ScenarioFinished?.recorder as Recorder | undefined) ?? undefined;
    if (!recorder) continue;
    const interactions = recorder.interactions ?? {};
    for (const interaction of Object.values(interactions)) {
      requests += 1;
      if ((interaction.response?.status_code ?? 0) >= 500) serverErrors += 1;
    }
    for (const [caseId, checks] of Object.entries(recorder.checks ?? {})) {
      for (const check of checks) {
        const failure = check.failure_info?.failure;
        if (check.status !== 'failure' || !failure) continue;
        const key = `${recorder.label}|${failure.code ?? ''}|${failure.message}`;
        if (failures.has(key)) continue;
        const interaction = interactions[caseId];
        const body = decode(interaction?.request.body);
        failures.set(key, {
          audience,
          operation: recorder.label,
          check: `${failure.code ?? check.name} ${failure.title}`,
          message: failure.message,
          request: interaction
            ? `${interaction.request.method} ${interaction.request.uri}${body ? ` ${body}` : ''}`
            : '(no request recorded)',
          status: interaction?.response?.status_code,
          response: decode(interaction?.response?.content),
        });
      }
    }
  }
  return {
    audience,
    operations,
    requests,
    serverErrors,
    failures: [...failures.values()],
    errors: [...errors],
  };
}

/** The failures and errors, readably: what failed, the request, the answer. */
export function describeFailures(reports: readonly AudienceReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const failure of report.failures) {
      lines.push(
        `[${failure.audience}] ${failure.operation}: ${failure.check}`,
        `  ${failure.message.replaceAll('\n', '\n  ')}`,
        `  request:  ${failure.request.slice(0, 600)}`,
        `  response: ${failure.status ?? '-'} ${failure.response}`,
        '',
      );
    }
    for (const error of report.errors) lines.push(`[${report.audience}] error: ${error}`, '');
    for (const entry of report.serverLog)
      lines.push(`[${report.audience}] API log: ${entry.trim()}`, '');
  }
  return lines.join('\n');
}
