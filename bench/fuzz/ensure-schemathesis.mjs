#!/usr/bin/env node
// Installs schemathesis from PyPI into its own Python environment, once per machine, in the cache
// the embedded engines use. Prints the path of its executable. Runs with Node alone (plus python3).
//
//   node bench/fuzz/ensure-schemathesis.mjs

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Pinned: a newer release may add checks and change what a run counts. */
export const SCHEMATHESIS = 'schemathesis==4.32.5';

const cache =
  process.env.SVC_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
const venv = join(cache, 'fuzz-venv');
const executable = join(venv, 'bin', 'schemathesis');

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`\`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
}

const version = existsSync(executable)
  ? spawnSync(executable, ['--version'], { encoding: 'utf8' }).stdout.trim()
  : '';
if (!version.endsWith(SCHEMATHESIS.split('==')[1])) {
  if (!existsSync(join(venv, 'bin', 'python'))) run('python3', ['-m', 'venv', venv]);
  run(join(venv, 'bin', 'pip'), ['install', '--quiet', SCHEMATHESIS]);
}
process.stdout.write(`${executable}\n`);
