// The Whisper model in a Python process (faster-whisper, CTranslate2), loaded once and asked one
// utterance at a time over JSON lines on its stdin and stdout. Node has no maintained binding that
// loads the CTranslate2 weights a registry package carries; the sidecar is small and stays up.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../cache-dir.js';
import type { Transcriber, TranscriptionRequest } from './whisper-stt.js';

/** The Whisper model the embedded recognizer uses unless told otherwise: English. */
export const DEFAULT_WHISPER_MODEL = 'tiny.en';

/** The multilingual Whisper model: the languages other than English. */
export const MULTILINGUAL_WHISPER_MODEL = 'base';

/**
 * The languages (ISO 639-1) each installed model serves. Multilingual base knows about a hundred;
 * these are the ones measured here (see the agent README) and served end to end.
 */
export const WHISPER_MODEL_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  [DEFAULT_WHISPER_MODEL]: ['en'],
  [MULTILINGUAL_WHISPER_MODEL]: ['fr', 'es', 'de'],
};

/** The model that hears a language (a BCP-47 tag or its primary subtag; none is English). */
export function whisperModelFor(language?: string): string {
  const base = language?.split('-')[0]?.toLowerCase();
  return !base || base === 'en' ? DEFAULT_WHISPER_MODEL : MULTILINGUAL_WHISPER_MODEL;
}

/** The languages the installed Whisper models hear, English first. */
export function whisperLanguages(): string[] {
  return Object.entries(WHISPER_MODEL_LANGUAGES).flatMap(([model, languages]) =>
    whisperInstalled(model) ? [...languages] : [],
  );
}

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
  /** CTranslate2 compute type (default `int8`: measured fastest on two cores, see below). */
  computeType?: string;
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

/**
 * The multilingual base model's settings, measured on two loaded cores (2026-11-24, 36 French,
 * Spanish and German shop requests in espeak-ng and MBROLA voices; the agent README has the
 * figures): the same as tiny.en's. A beam of 5 against greedy decoding: word error 29.1% against
 * 34.7%, p50 378 ms against 294 ms (tiny.en on English at the same time: 194 ms). A shorter
 * encoder window saves less and costs far more: 6 s 41.3% (282 ms), 4 s 69.4% (262 ms). `int8`
 * against `float32` weights: 2-3 times faster.
 */
const MULTILINGUAL_DECODE_OPTIONS = DECODE_OPTIONS;

/** The decode settings of a model. */
function decodeOptions(model: string) {
  return model === MULTILINGUAL_WHISPER_MODEL ? MULTILINGUAL_DECODE_OPTIONS : DECODE_OPTIONS;
}

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
      [
        paths.script,
        '--model',
        paths.model,
        '--threads',
        String(this.#options.threads ?? 2),
        '--compute-type',
        this.#options.computeType ?? 'int8',
      ],
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
      options: decodeOptions(this.#options.model ?? DEFAULT_WHISPER_MODEL),
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

/** Options of {@link WhisperModels}. */
export interface WhisperModelsOptions {
  /** Options of every model's sidecar (its `model` is chosen per language). */
  sidecar?: Omit<WhisperSidecarOptions, 'model'>;
  /** Makes a model's sidecar (tests); default `new WhisperSidecar(...)`. */
  create?: (
    options: WhisperSidecarOptions,
  ) => Transcriber & { start(): Promise<unknown>; close(): void };
}

/**
 * The Whisper models of a process, one sidecar each, started when a language first needs it:
 * tiny.en for English (what English conversations always used), multilingual base for French,
 * Spanish and German with the language given to the decoder (no detection). A worker that never
 * has a conversation in another language never loads the multilingual model.
 */
export class WhisperModels implements Transcriber {
  readonly #options: WhisperModelsOptions;
  readonly #sidecars = new Map<
    string,
    Transcriber & { start(): Promise<unknown>; close(): void }
  >();

  constructor(options: WhisperModelsOptions = {}) {
    this.#options = options;
  }

  /** The sidecar of a model, made (not started) on first use. */
  #sidecar(model: string) {
    let sidecar = this.#sidecars.get(model);
    if (!sidecar) {
      const options = { ...this.#options.sidecar, model };
      sidecar = this.#options.create?.(options) ?? new WhisperSidecar(options);
      this.#sidecars.set(model, sidecar);
    }
    return sidecar;
  }

  /** Loads the model that hears `language` (default English); resolves once it is ready. */
  async start(language?: string): Promise<void> {
    await this.#sidecar(whisperModelFor(language)).start();
  }

  /** The models whose sidecar was asked for, by id. */
  get models(): string[] {
    return [...this.#sidecars.keys()];
  }

  transcribe(
    request: TranscriptionRequest,
    signal?: AbortSignal,
  ): Promise<{ text: string; ms: number }> {
    return this.#sidecar(whisperModelFor(request.language)).transcribe(request, signal);
  }

  /** Stops every sidecar. */
  close(): void {
    for (const sidecar of this.#sidecars.values()) sidecar.close();
    this.#sidecars.clear();
  }
}
