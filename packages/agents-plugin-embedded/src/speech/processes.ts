// Child-process plumbing shared by the embedded speech engines: finding their binaries before
// spawning (so a missing package is one clear error instead of a shell's exit code), killing a
// process group, bounded stderr capture.

import type { ChildProcess } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { APIConnectionError, log } from '@livekit/agents';

const found = new Map<string, Promise<string | undefined>>();

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The absolute path of an executable: a path (with a slash) as given, a bare name searched on
 * `PATH`. Undefined when there is none. Results are remembered for the process's life: binaries
 * do not come and go while an agent runs.
 */
export function findExecutable(binary: string): Promise<string | undefined> {
  let result = found.get(binary);
  if (!result) {
    result = (async () => {
      if (binary.includes('/')) {
        const path = isAbsolute(binary) ? binary : resolve(binary);
        return (await isExecutableFile(path)) ? path : undefined;
      }
      for (const folder of (process.env.PATH ?? '').split(delimiter)) {
        if (folder && (await isExecutableFile(join(folder, binary)))) return join(folder, binary);
      }
      return undefined;
    })();
    found.set(binary, result);
    // A failed lookup is not kept: the package may be installed while the agent runs.
    void result.then((path) => {
      if (!path) found.delete(binary);
    });
  }
  return result;
}

/**
 * {@link findExecutable}, or a non-retryable error saying what is missing and which package
 * provides it (retrying cannot install a package).
 */
export async function requireExecutable(binary: string, debianPackage: string): Promise<string> {
  const path = await findExecutable(binary);
  if (!path) {
    throw new APIConnectionError({
      message: `${binary} was not found${binary.includes('/') ? '' : ' on PATH'}: install the Debian package "${debianPackage}" or pass the binary's path in the options`,
      options: { retryable: false },
    });
  }
  return path;
}

/** A non-retryable error unless every file exists: a missing model is a setup problem. */
export async function requireFiles(files: Record<string, string>): Promise<void> {
  for (const [what, path] of Object.entries(files)) {
    try {
      await access(path, constants.R_OK);
    } catch {
      throw new APIConnectionError({
        message: `${what} not found at ${path}`,
        options: { retryable: false },
      });
    }
  }
}

/**
 * Kills a child or, with `group` (for a child spawned `detached`, which leads its own process
 * group), everything in its group: a shell pipeline's members would otherwise outlive it. A
 * group outlives its leader while a member runs, and its id is not reused until all are gone.
 */
export function killProcess(
  child: ChildProcess,
  options: { group?: boolean; signal?: NodeJS.Signals } = {},
): void {
  const signal = options.signal ?? 'SIGKILL';
  if (child.pid === undefined) return;
  if (options.group) {
    try {
      process.kill(-child.pid, signal);
      return;
    } catch {
      // The group is gone.
    }
  }
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    child.kill(signal);
  } catch {
    // Already gone.
  }
}

/** The last `limit` characters a stream wrote (enough for an error message, bounded in memory). */
export class OutputTail {
  #text = '';
  readonly #limit: number;

  /** Keeps at most `limit` characters. */
  constructor(limit = 2000) {
    this.#limit = limit;
  }

  /** Appends a chunk. */
  push(chunk: Buffer | string): void {
    this.#text = (this.#text + chunk.toString()).slice(-this.#limit);
  }

  /** The kept text. */
  get text(): string {
    return this.#text;
  }

  /** The last lines mentioning an error, else the last line: what an error message should quote. */
  summary(): string {
    const lines = this.#text.split('\n').map((line) => line.trim());
    const errors = lines.filter((line) => /error|fatal|failed|not found|no such/i.test(line));
    return (errors.length ? errors.slice(-3) : lines.filter(Boolean).slice(-1)).join(' | ');
  }
}

/**
 * The agents framework's logger, when the host has initialized it (the framework throws
 * otherwise); these engines also run in scripts and tests that never do.
 */
export function frameworkLogger(): ReturnType<typeof log> | undefined {
  try {
    return log();
  } catch {
    return undefined;
  }
}
