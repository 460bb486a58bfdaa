// The Whisper model in a Python process (faster-whisper, CTranslate2), loaded once and asked one
// utterance at a time over JSON lines on its stdin and stdout. Node has no maintained binding that
// loads the CTranslate2 weights a registry package carries; the sidecar is small and stays up.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../cache-dir.js';
import type { Transcriber, TranscriptionRequest } from './whisper-stt.js';

/** The Whisper model the embedded recognizer uses unless told otherwise. */
export const DEFAULT_WHISPER_MODEL = 'tiny.en';

/** Where the installer puts the Python environment and a model. */
export function whisperPaths(model = DEFAULT_WHISPER_MODEL, cache = cacheDir()) {
  const tools = join(cache, 'tools', 'faster-whisper-1.2.1');
  return {
    python: join(tools, 'venv', 'bin', 'python'),
    model: join(cache, 'models', `whisper-${model}`),
    script: fileURLToPath(new URL('../../python/whisper_sidecar.py', import.meta.url)),
  };
}

/** Whether the installer has run for this model. */
export function whisperInstalled(model = DEFAULT_WHISPER_MODEL): boolean {
  const paths = whisperPaths(model);
  return existsSync(paths.python) && existsSync(join(paths.model, 'model.bin'));
}

/** Options of {@link WhisperSidecar}. */
export interface WhisperSidecarOptions {
  /** Model id (folder `whisper-<id>` in the cache; default {@link DEFAULT_WHISPER_MODEL}). */
  model?: string;
  /** CPU threads of the decoder (default 2). */
  threads?: number;
  /** How long the model may take to load, ms (default 120 s). */
  startTimeoutMs?: number;
}

/**
 * Decode settings measured on two cores: a beam of 5, no timestamps, a 10 s encoder window instead
 * of Whisper's 30 s (an utterance is a few seconds; the window is most of the cost), and a token
 * budget per second of audio that stops a decoding loop early. The beam costs little next to the
 * encoder (tiny.en: about 8% more time per utterance) and halves the word error of greedy
 * decoding on voices it hears badly (25 shop requests, 7 flite and espeak-ng voices: 34.8% to
 * 17.6%; flite slt 6.7% to 4.9%, rms 9.2% to 5.5%), where greedy decoding also falls into loops.
 */
const DECODE_OPTIONS = {
  beam_size: 5,
  without_timestamps: true,
  vad_filter: false,
  window_s: 10,
  max_tokens_per_s: 8,
};

interface Pending {
  resolve(answer: { text: string; ms: number }): void;
  reject(error: Error): void;
}

/** One Whisper sidecar process: requests are answered in order. */
export class WhisperSidecar implements Transcriber {
  readonly #options: WhisperSidecarOptions;
  #process: ChildProcess | undefined;
  #ready: Promise<ChildProcess> | undefined;
  #nextId = 1;
  readonly #pending = new Map<number, Pending>();
  #stderr = '';

  constructor(options: WhisperSidecarOptions = {}) {
    this.#options = options;
  }

  /** Starts the process and loads the model (once); resolves when it is ready. */
  start(): Promise<ChildProcess> {
    this.#ready ??= this.#spawn().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  #spawn(): Promise<ChildProcess> {
    const paths = whisperPaths(this.#options.model);
    if (!whisperInstalled(this.#options.model)) {
      return Promise.reject(
        new Error(
          `the Whisper recognizer is not installed (${paths.model}): run \`npm run ensure-whisper -w @svc/agents-plugin-embedded\``,
        ),
      );
    }
    const child = spawn(
      paths.python,
      [paths.script, '--model', paths.model, '--threads', String(this.#options.threads ?? 2)],
      { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, HF_HUB_OFFLINE: '1' } },
    );
    this.#process = child;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error('the Whisper model did not load in time'));
      }, this.#options.startTimeoutMs ?? 120_000);
      let pending = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n')) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          let message: Record<string, unknown>;
          try {
            message = JSON.parse(line) as Record<string, unknown>;
          } catch {
            continue;
          }
          if (message.type === 'ready') {
            clearTimeout(timer);
            resolve(child);
          } else if (message.type === 'fatal') {
            clearTimeout(timer);
            reject(new Error(`the Whisper sidecar failed: ${String(message.error)}`));
          } else this.#answer(message);
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        // The last few lines explain a crash.
        this.#stderr = (this.#stderr + chunk.toString()).slice(-2000);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        this.#process = undefined;
        this.#ready = undefined;
        const error = new Error(`the Whisper sidecar exited (${code}): ${this.#stderr.trim()}`);
        reject(error);
        for (const request of this.#pending.values()) request.reject(error);
        this.#pending.clear();
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  #answer(message: Record<string, unknown>): void {
    const id = Number(message.id);
    const request = this.#pending.get(id);
    if (!request) return;
    this.#pending.delete(id);
    if (typeof message.error === 'string') request.reject(new Error(message.error));
    else
      request.resolve({
        text: typeof message.text === 'string' ? message.text : '',
        ms: Number(message.ms ?? 0),
      });
  }

  async transcribe(
    request: TranscriptionRequest,
    signal?: AbortSignal,
  ): Promise<{ text: string; ms: number }> {
    const child = await this.start();
    if (signal?.aborted) throw new Error('transcription aborted');
    const id = this.#nextId++;
    const body = {
      id,
      audio: Buffer.from(
        request.pcm.buffer,
        request.pcm.byteOffset,
        request.pcm.byteLength,
      ).toString('base64'),
      ...(request.prompt ? { initial_prompt: request.prompt } : {}),
      ...(request.language ? { language: request.language } : {}),
      options: DECODE_OPTIONS,
    };
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      signal?.addEventListener(
        'abort',
        () => {
          // The sidecar still answers; the answer is dropped.
          if (this.#pending.delete(id)) reject(new Error('transcription aborted'));
        },
        { once: true },
      );
      child.stdin?.write(`${JSON.stringify(body)}\n`);
    });
  }

  /** Stops the process. */
  close(): void {
    this.#process?.stdin?.end();
    this.#process?.kill();
  }
}
