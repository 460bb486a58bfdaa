// One running `pocketsphinx_continuous`: the shell pipeline around it, its input, its output and
// how it ended.
//
// Debian ships pocketsphinx 5prealpha, whose only streaming entry point is this program: it reads
// raw 16 kHz 16-bit mono PCM from a file, finds utterances with its voice activity detector, and
// prints each one's hypothesis (and, with `-time yes`, one line per word with its times and
// posterior) as the utterance ends. One such process lives as long as a stream; audio goes in on
// stdin.

import { type ChildProcess, spawn } from 'node:child_process';
import { APIConnectionError, APITimeoutError } from '@livekit/agents';
import type { PreparedLanguageModel } from './language-model.js';
import { killProcess, OutputTail } from './processes.js';
import { RecognizerOutputParser, type RecognizedUtterance } from './recognizer-output-parser.js';

/** The sample rate of the US-English acoustic model, and so of what the recognizer is fed. */
export const RECOGNIZER_SAMPLE_RATE = 16_000;

/** Bytes of one second of recognizer input. */
export const RECOGNIZER_BYTES_PER_SECOND = RECOGNIZER_SAMPLE_RATE * 2;

/** Everything needed to start a recognizer: resolved once per STT. */
export interface RecognizerSetup {
  /** Absolute path of the recognizer program. */
  binary: string;
  /** Its arguments (models, sample rate, detector settings), without the input. */
  args: string[];
  /** The language model and dictionary it decodes with. */
  model: PreparedLanguageModel;
}

/** How a recognizer process ended. */
export interface Exit {
  /** The recognizer's exit code (null when it was killed). */
  code: number | null;
  /** The signal that killed the pipeline, when no exit code was reported. */
  signal: NodeJS.Signals | null;
  /** Why the pipeline could not be started at all. */
  error?: Error;
}

/**
 * The shell around the recognizer. Node's stdio pipes are sockets, which the program cannot
 * open as `-infile /dev/stdin`: a `cat` in front turns stdin into a real pipe. When the
 * recognizer ends, the script reports its exit code on stderr and kills its process group:
 * otherwise, after a recognizer that gave up at once (a bad model), the `cat` (and the shell
 * waiting for it) would live on until the input ends.
 */
const RECOGNIZER_SCRIPT =
  'cat 2>/dev/null | { "$0" "$@"; echo "recognizer-exit $?" >&2; kill -KILL 0; }';
const EXIT_MARKER = /recognizer-exit (\d+)\s*$/;

/**
 * One running `pocketsphinx_continuous` (used by the streams of `PocketsphinxSTT`; not meant to
 * be started directly), behind {@link RECOGNIZER_SCRIPT}, in its own process group so that
 * killing the group kills every program of the pipeline.
 */
export class RecognizerProcess {
  /** The shell leading the pipeline's process group. */
  readonly child: ChildProcess;
  /** Settles when the process has exited and its output has been read; never rejects. */
  readonly exited: Promise<Exit>;
  /** The end of what the program logged. */
  readonly stderr = new OutputTail();
  /**
   * Settles once the models are loaded and decoding starts (true), or the process ended first
   * (false). Audio written earlier waits in the pipe and is decoded then.
   */
  readonly ready: Promise<boolean>;
  /** Bytes written so far (the recognizer's clock: its word times count from the first). */
  bytesWritten = 0;
  #parser = new RecognizerOutputParser();
  #killed = false;
  /** When each write ended (byte offset, wall-clock ms), to date recognized speech. */
  #marks: [number, number][] = [];

  /** Spawns the pipeline; each utterance the program prints is handed to `onUtterance`. */
  constructor(setup: RecognizerSetup, onUtterance: (utterance: RecognizedUtterance) => void) {
    this.child = spawn(
      'sh',
      ['-c', RECOGNIZER_SCRIPT, setup.binary, '-infile', '/dev/stdin', ...setup.args],
      { stdio: ['pipe', 'pipe', 'pipe'], detached: true },
    );
    this.exited = new Promise<Exit>((resolve) => {
      this.child.once('error', (error) => resolve({ code: null, signal: null, error }));
      this.child.once('close', (code, signal) => {
        // The pipeline ends killed by its own script; the recognizer's code is on stderr.
        const reported = EXIT_MARKER.exec(this.stderr.text);
        resolve(reported ? { code: Number(reported[1]), signal: null } : { code, signal });
      });
    });
    // Writes after the process died fail with EPIPE; the exit is what gets reported.
    this.child.stdin?.on('error', () => undefined);
    let markReady: (ready: boolean) => void = () => undefined;
    this.ready = new Promise<boolean>((resolve) => (markReady = resolve));
    void this.exited.then(() => markReady(false));
    let starting = '';
    let started = false;
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr.push(chunk);
      if (started) return;
      // The program logs its build date right after loading the models, before reading input.
      starting = (starting + chunk.toString()).slice(-400);
      if (/continuous\.c\(\d+\): \S+ COMPILED ON/.test(starting)) {
        started = true;
        markReady(true);
      }
    });
    this.child.stdout?.setEncoding('utf8');
    this.child.stdout?.on('data', (chunk: string) => {
      for (const utterance of this.#parser.push(chunk)) onUtterance(utterance);
    });
    this.child.stdout?.on('end', () => {
      for (const utterance of this.#parser.end()) onUtterance(utterance);
    });
  }

  /** Whether the pipeline has not exited yet. */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Writes PCM, waiting while the pipe is full; resolves false if the process is gone. */
  async write(pcm: Buffer): Promise<boolean> {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable || !this.running) return false;
    const flowing = stdin.write(pcm);
    this.bytesWritten += pcm.length;
    this.#marks.push([this.bytesWritten, Date.now()]);
    // Marks older than a minute of audio are no longer needed to date an utterance.
    if (this.#marks.length > 4096) this.#marks.splice(0, 1024);
    if (!flowing) {
      await Promise.race([new Promise((resolve) => stdin.once('drain', resolve)), this.exited]);
    }
    return this.running;
  }

  /** Ends the input: the recognizer finishes the last utterance and exits. */
  end(): void {
    if (this.child.stdin && !this.child.stdin.destroyed) this.child.stdin.end();
  }

  /**
   * The exit, or a non-retryable `APITimeoutError` with `message` when the process has not exited
   * after `ms`.
   */
  exitedWithin(ms: number, message: string): Promise<Exit> {
    return withTimeout(this.exited, ms, message);
  }

  /** Kills the whole pipeline (what is left of it). */
  kill(): void {
    if (this.#killed) return;
    // Once only: after the group is gone its id could, one day, name another group.
    this.#killed = true;
    killProcess(this.child, { group: true });
    // A `cat` left behind ends with its input.
    this.child.stdin?.destroy();
  }

  /** Wall-clock ms at which the audio at `seconds` (recognizer time) was written. */
  wallClockAt(seconds: number): number {
    const offset = seconds * RECOGNIZER_BYTES_PER_SECOND;
    // The first write that reached this offset; marks are in increasing offset order.
    let low = 0;
    let high = this.#marks.length - 1;
    if (high < 0) return Date.now();
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.#marks[middle] as [number, number])[0] >= offset) high = middle;
      else low = middle + 1;
    }
    return (this.#marks[low] as [number, number])[1];
  }
}

/** A promise's value, or a timeout error after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        // Not retried: the input has ended, a new recognizer would have nothing to decode.
        timer = setTimeout(
          () => reject(new APITimeoutError({ message, options: { retryable: false } })),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The error for a recognizer that exited when it should not have. */
export function exitError(binary: string, exit: Exit, stderr: OutputTail): APIConnectionError {
  const how = exit.error
    ? exit.error.message
    : exit.signal
      ? `was killed by ${exit.signal}`
      : `exited with code ${exit.code}`;
  const detail = stderr
    .summary()
    .replace(/(^| \| )recognizer-exit \d+$/, '')
    .trim();
  // A non-zero exit code is the program giving up (bad model, dictionary or argument, reported on
  // stderr): starting it again would fail the same way. A signal (a crash, the OOM killer) or an
  // early clean exit may be transient.
  const retryable = !exit.error && (exit.code === 0 || exit.code === null);
  return new APIConnectionError({
    message: `${binary} ${how}${detail ? `: ${detail}` : ''}`,
    options: { retryable },
  });
}
