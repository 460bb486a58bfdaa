#!/usr/bin/env node
// `npm run typecheck`: every workspace's own `typecheck` script, as many at a time as the machine
// has cores. Each workspace checks on its own (the others' sources come in through the
// `@svc/source` condition), so they are independent; one after the other they took about three
// minutes on two cores, most of it one core waiting.
//
//   npm run typecheck            every workspace that has the script
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The workspaces (folders relative to the root) whose package.json has a `typecheck` script. */
function workspacesWithTypecheck() {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // Entries are folders or `folder/*` (each folder under it that has a package.json).
  const folders = workspaces.flatMap((entry) =>
    entry.endsWith('/*')
      ? readdirSync(join(root, entry.slice(0, -2)), { withFileTypes: true })
          .filter((item) => item.isDirectory())
          .map((item) => `${entry.slice(0, -2)}/${item.name}`)
      : [entry],
  );
  return [...new Set(folders)].filter((folder) => {
    if (!existsSync(join(root, folder, 'package.json'))) return false;
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
    return typeof manifest.scripts?.typecheck === 'string';
  });
}

/** Runs one workspace's check; answers its exit status and what it printed, kept together. */
function check(folder) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '-s', 'typecheck'], { cwd: join(root, folder) });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ folder, status: 1, output: String(error), started }));
    child.on('close', (status) => resolve({ folder, status: status ?? 1, output, started }));
  });
}

const queue = workspacesWithTypecheck();
const failed = [];
/** Takes workspaces off the queue until it is empty, printing each as it finishes. */
async function lane() {
  for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
    const { status, output, started } = await check(folder);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`typecheck ${folder}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`);
    if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    if (status !== 0) failed.push(folder);
  }
}
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, lane));
if (failed.length > 0) {
  process.stderr.write(`typecheck failed in ${failed.join(', ')}\n`);
  process.exit(1);
}
