#!/usr/bin/env node
// Installs the embedding table, outside the workspace and once per machine: wordllama's Llama 2
// token-embedding table (256 wide, 16-bit floats, 16 MB) and its tokenizer, which the PyPI package
// wordllama carries (MIT). Pinned: the package by version and wheel, its wheel and both files by
// sha256. The wheel is asked for by platform and Python version, so every machine gets the same
// file whatever its own Python. Runs with Node alone (plus python3 with pip, or its venv module, to
// ask PyPI); does nothing that is already done.
//
//   node packages/embeddings/scripts/ensure-wordllama.mjs
//
// Prints one JSON line at the end: {"embeddings": folder}.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The table: the wheel that carries it and the sha256 of every file it ends with. */
const TABLE = {
  requirement: 'wordllama==0.4.0.post1',
  platform: ['--platform', 'manylinux2014_x86_64', '--python-version', '3.11'],
  wheelSha256: '42c2c88907ace0b0681ac6f9092d6a300a6409a5d2d61071a3fb5e7159370c97',
  files: {
    'wordllama/weights/l2_supercat_256.safetensors':
      '64b47a2dc493cb8e85944076601189739852d7b64e0e1eedcb1937a251cd9fd5',
    'wordllama/tokenizers/l2_supercat_tokenizer_config.json':
      '93248f2a9ec36c7b35f700a033d5f36228aae48db61aee31007fa49062cdeb68',
  },
};

function log(message) {
  process.stderr.write(`ensure-wordllama: ${message}\n`);
}

/** The cache shared by the offline engines (same rule as the other installers). */
function cacheDir() {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0)
    throw new Error(`\`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
}

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** A Python with pip: the system's when it has pip, else a small venv in the cache. */
function pythonWithPip(tools) {
  if (succeeds('python3', ['-m', 'pip', '--version'])) return 'python3';
  const venv = join(tools, 'pip-venv');
  const python = join(venv, 'bin', 'python');
  if (!succeeds(python, ['-m', 'pip', '--version'])) {
    rmSync(venv, { recursive: true, force: true });
    mkdirSync(tools, { recursive: true });
    run('python3', ['-m', 'venv', venv]);
  }
  return python;
}

/** Extracts the named files of a wheel (a zip) into `out`, each under its base name. */
const EXTRACT = [
  'import sys, zipfile, os',
  'wheel, out, names = sys.argv[1], sys.argv[2], sys.argv[3:]',
  'os.makedirs(out, exist_ok=True)',
  'z = zipfile.ZipFile(wheel)',
  'for name in names:',
  '    open(os.path.join(out, os.path.basename(name)), "wb").write(z.read(name))',
].join('\n');

async function ensureTable(cache) {
  const target = join(cache, 'models', 'wordllama');
  const names = Object.keys(TABLE.files).map((path) => path.split('/').pop());
  if (names.every((name) => existsSync(join(target, name)))) return target;
  log(`fetching the embedding table from PyPI (${TABLE.requirement}, about 19 MB)`);
  const python = pythonWithPip(join(cache, 'tools'));
  mkdirSync(join(cache, 'models'), { recursive: true });
  const work = mkdtempSync(join(cache, 'models', '.wordllama-'));
  try {
    const download = join(work, 'wheel');
    run(python, [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--no-deps',
      '--only-binary=:all:',
      ...TABLE.platform,
      '--disable-pip-version-check',
      TABLE.requirement,
      '-d',
      download,
    ]);
    const file = readdirSync(download).find((name) => name.endsWith('.whl'));
    if (!file) throw new Error(`${TABLE.requirement} came without a wheel`);
    log(`checking ${file}`);
    const wheelSum = await sha256(join(download, file));
    if (wheelSum !== TABLE.wheelSha256)
      throw new Error(`${file}: sha256 ${wheelSum}, expected ${TABLE.wheelSha256}`);
    const folder = join(work, 'table');
    run(python, ['-c', EXTRACT, join(download, file), folder, ...Object.keys(TABLE.files)]);
    for (const [path, expected] of Object.entries(TABLE.files)) {
      const name = path.split('/').pop();
      const actual = await sha256(join(folder, name));
      if (actual !== expected) throw new Error(`${name}: sha256 ${actual}, expected ${expected}`);
    }
    // Whole or not at all: a half-copied table is never seen.
    rmSync(target, { recursive: true, force: true });
    renameSync(folder, target);
    log(`installed ${target}`);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  console.log(JSON.stringify({ embeddings: await ensureTable(cacheDir()) }));
} catch (error) {
  process.stderr.write(
    `ensure-wordllama: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
