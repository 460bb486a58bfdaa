#!/usr/bin/env node
// `npm test`: every test, in four tiers (vitest.config.ts). The fast tier needs only the npm
// packages, so it runs before the rest of the set-up and a failure there ends the run in a minute
// or two; then the set-up (a no-op once done), the services tier (the API on its databases, the
// fuzz), the speech tier (what hears speech or runs the LLM in real time) and the stack tier (the
// rest of what runs in real time: the worker, livekit-server, browsers, faults, scale-out).
//
//   npm test                               every tier
//   npm test -- --project fast             one tier (`fast`, `services`, `speech` or `stack`)
//   npm test -- apps/api --bail 1          vitest's own arguments and file filters, given to each tier
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TIERS = ['fast', 'services', 'speech', 'stack'];
/** vitest's projects of each tier: the fast tier's files in a DOM are a project of their own. */
const PROJECTS = { fast: ['fast', 'fast-dom'] };

/** Runs `command` in the root with the terminal; answers its exit status. */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  return result.status ?? 1;
}

/** Splits `--project <name>` (and `--project=<name>`) out of vitest's arguments. */
function splitProjects(args) {
  const projects = [];
  const rest = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--project') {
      projects.push(args[(index += 1)]);
    } else if (arg.startsWith('--project=')) {
      projects.push(arg.slice('--project='.length));
    } else {
      rest.push(arg);
    }
  }
  return { projects, rest };
}

const { projects, rest } = splitProjects(process.argv.slice(2));
const unknown = projects.filter((project) => !TIERS.includes(project));
if (unknown.length > 0) {
  process.stderr.write(`test: no tier ${unknown.join(', ')} (the tiers: ${TIERS.join(', ')})\n`);
  process.exit(2);
}
const tiers = TIERS.filter((tier) => projects.length === 0 || projects.includes(tier));
const setup = join(root, 'scripts', 'setup.mjs');
let status = run(process.execPath, [setup, '--packages']);
for (const tier of tiers) {
  if (status !== 0) break;
  if (tier !== 'fast') status = run(process.execPath, [setup]);
  if (status !== 0) break;
  process.stderr.write(`\ntest: the ${tier} tier\n`);
  // A file filter may leave a tier with nothing to run, which is no failure.
  const vitest = join(root, 'node_modules', '.bin', 'vitest');
  const names = (PROJECTS[tier] ?? [tier]).flatMap((name) => ['--project', name]);
  status = run(vitest, ['run', ...names, '--passWithNoTests', ...rest]);
}
process.exit(status);
