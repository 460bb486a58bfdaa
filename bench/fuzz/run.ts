// The long fuzz: schemathesis over the API's own OpenAPI document, every operation and every check,
// as the demo admin, a visitor of the demo publication and the agent (see fuzz.ts).
//
//   npm run fuzz -w @svc/bench [-- --examples N] [-- --audience admin]
//
// The default (200 examples per operation) makes over 20,000 requests in all: the coverage phase
// about 4,800 whatever the examples, the fuzzing and stateful phases about 95 per example. Prints, per
// audience, the operations, the requests made, the 5xx answers, the failures by check, and every
// failure with its request; exits 1 when any check failed.
import { AUDIENCES, describeFailures, fuzzApi, type Audience } from './fuzz.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const examples = Number(argument('examples') ?? 200);
const only = argument('audience');
const audiences = AUDIENCES.map((audience) => audience.name).filter(
  (name) => !only || only.split(',').includes(name),
) as Audience['name'][];

const started = performance.now();
const reports = await fuzzApi({
  examples,
  audiences,
  progress: (line) => process.stderr.write(`${line}\n`),
});
const seconds = (performance.now() - started) / 1000;

const details = describeFailures(reports);
if (details) process.stdout.write(`\n${details}\n`);

const byCheck = (failures: { check: string }[]) => {
  const counts: Record<string, number> = {};
  for (const failure of failures) counts[failure.check] = (counts[failure.check] ?? 0) + 1;
  return counts;
};
console.log(
  `\nschemathesis on the API's OpenAPI document (checks: all, ${examples} examples per operation)`,
);
console.table(
  reports.map((report) => ({
    audience: report.audience,
    operations: report.operations,
    requests: report.requests,
    '5xx': report.serverErrors,
    failures: JSON.stringify(byCheck(report.failures)),
    errors: report.errors.length,
    seconds: Number(report.seconds.toFixed(1)),
  })),
);
const total = (pick: (report: (typeof reports)[number]) => number) =>
  reports.reduce((sum, report) => sum + pick(report), 0);
console.log(
  `total: ${total((report) => report.requests)} requests, ${total((report) => report.serverErrors)} 5xx, ${total((report) => report.failures.length)} failures, ${total((report) => report.errors.length)} errors in ${seconds.toFixed(0)} s`,
);
process.exit(total((report) => report.failures.length + report.errors.length) > 0 ? 1 : 0);
