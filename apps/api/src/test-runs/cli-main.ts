// `npm run scenario-tests -w @svc/api -- --scenario <id> ...`: runs a scenario's tests for CI.
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2), {
  fetch,
  print: (line) => console.log(line),
  env: process.env,
});
