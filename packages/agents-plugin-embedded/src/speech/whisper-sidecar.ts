// The Whisper model in a Python process (faster-whisper, CTranslate2), loaded once and asked one
// utterance at a time over JSON lines on its stdin and stdout. Node has no maintained binding that
// loads the CTranslate2 weights a registry package carries; the sidecar is small and stays up.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../cache-dir.js';
import { EARLY_SILENCE_MS } from './early-stream-adapter.js';
import type { Transcriber, Transcript, TranscriptionRequest } from './whisper-stt.js';

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

/** The pause that starts the multilingual model's early transcription: one VAD window. */
export const MULTILINGUAL_EARLY_SILENCE_MS = 32;

/**
 * The pause, in ms, at which the early transcription of a language's utterance starts (see
 * `EarlyStreamAdapter`). The session's VAD ends an utterance after 350 ms of silence; tiny.en
 * decodes one in about 200 ms on two cores, so a start at 150 ms has the transcript ready when the
 * utterance ends. The multilingual model takes 300-400 ms and is still decoding then, so it starts
 * as soon as one 32 ms VAD window of silence is counted (the VAD reports the windows before the
 * current one: the start comes at 64 ms of silence, against 160 ms for a 100 ms setting). Measured
 * through Chromium on the French evaluation (44 turns): the final transcript 493 ms after the end
 * of speech at p50 against 552-594 ms with 100 ms, at the cost of more starts the visitor talks
 * over (11 of 55 against 6 of 50; one at most reaches the process, see {@link WhisperSidecar}).
 */
export function earlySilenceMsFor(language?: string): number {
  return whisperModelFor(language) === MULTILINGUAL_WHISPER_MODEL
    ? MULTILINGUAL_EARLY_SILENCE_MS
    : EARLY_SILENCE_MS;
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
    /** The languages' dictionaries the multilingual model's hypotheses are ranked by. */
    lexicons: join(cache, 'models', 'lexicons'),
    script: fileURLToPath(new URL('../../python/whisper_sidecar.py', import.meta.url)),
  };
}

/** Whether the installer has run for this model. */
export function whisperInstalled(model = DEFAULT_WHISPER_MODEL): boolean {
  const paths = whisperPaths(model);
  return existsSync(paths.python) && existsSync(join(paths.model, 'model.bin'));
}

/**
 * The decoder's CPU threads unless told otherwise: half the machine's cores, at least one. The
 * recognizer never has the machine to itself: the VAD, the job processes' speech synthesis and
 * the agent run beside it, on one machine livekit-server too, and a decoding whose threads wait
 * for each other at every step is slowed most when one of them is preempted. Measured on two
 * cores (2026-11-28, five French requests with the demo's prompt, multilingual base, beam of 5,
 * p50): one thread 307-346 ms against 498-554 ms for two on the idle machine, 349 against 335 ms
 * beside one busy core, 496 against 801 ms beside two; tiny.en on English 106-122 against 167-170
 * ms idle.
 */
export function defaultWhisperThreads(cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** Options of {@link WhisperSidecar}. */
export interface WhisperSidecarOptions {
  /** Model id (folder `whisper-<id>` in the cache; default {@link DEFAULT_WHISPER_MODEL}). */
  model?: string;
  /** CPU threads of the decoder (default {@link defaultWhisperThreads}). */
  threads?: number;
  /** CTranslate2 compute type (default `int8`: measured fastest on two cores, see below). */
  computeType?: string;
  /** How long the model may take to load, ms (default 120 s). */
  startTimeoutMs?: number;
  /**
   * Whether the multilingual model's beam hypotheses are ranked by the language's dictionary and
   * the prompt's words (default true; the bench turns it off to compare).
   */
  rank?: boolean;
  /**
   * Whether each transcript says how sure the model is of its words (`Transcript.sureness`: one
   * more pass of the decoder over the transcript's tokens). Off by default: the pass takes 11-14 ms
   * in the sidecar alone, but in a live conversation through Chromium the final transcript came
   * 0.12-0.17 s later with it (two A/B runs), which is not explained yet.
   */
  wordProbabilities?: boolean;
  /**
   * Decodings at once (default 1): 2 lets an utterance heard without the prompt
   * (`TranscriptionRequest.bareToo`) be decoded beside the prompted decoding, on the other core,
   * instead of after it.
   */
  workers?: number;
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
 * How the multilingual model's beam hypotheses are ranked (python/hypotheses.py): a word no
 * dictionary of the language knows (aspell's word forms, German compounds of them) costs 0.2 of
 * the recognizer's score (its mean log-probability per token), a word of the shop's prompt earns
 * 0.1. Measured with `npm run bench:agent -- prompt` on shop and brand requests that are not in the
 * spoken evaluation (the agent README has the figures); weights of 0.2-0.4 and 0.05-0.2 came out
 * within a point of these on shop requests. English (tiny.en) is not ranked: its figures were
 * measured without it.
 */
const HYPOTHESIS_RANKING = { rescore_unknown: 0.2, rescore_shop: 0.1 };

/**
 * The multilingual base model's settings, measured on two loaded cores (2026-11-24, 36 French,
 * Spanish and German shop requests in espeak-ng and MBROLA voices; the agent README has the
 * figures): tiny.en's, and the beam's hypotheses ranked ({@link HYPOTHESIS_RANKING}). A beam of 5 against greedy decoding: word error 29.1% against
 * 34.7%, p50 378 ms against 294 ms (tiny.en on English at the same time: 194 ms). A shorter
 * encoder window saves less and costs far more: 6 s 41.3% (282 ms), 4 s 69.4% (262 ms). `int8`
 * against `float32` weights: 2-3 times faster.
 */
const MULTILINGUAL_DECODE_OPTIONS = {
  ...DECODE_OPTIONS,
  ...HYPOTHESIS_RANKING,
};

/** The decode settings of a model. */
function decodeOptions(model: string, rank: boolean) {
  return model === MULTILINGUAL_WHISPER_MODEL && rank
    ? MULTILINGUAL_DECODE_OPTIONS
    : DECODE_OPTIONS;
}

interface Pending {
  /** The request's line, without its newline. */
  line: string;
  resolve(answer: Record<string, unknown>): void;
  reject(error: Error): void;
}

/** What the sidecar process says about itself (its `info` answer). */
export interface WhisperSidecarInfo {
  /** Utterances it has decoded since it started. */
  requests: number;
  /** Requests cancelled before their decoding was done (see {@link WhisperSidecar}). */
  cancelled: number;
  /** The decoder's CPU threads. */
  threads: number;
  /** Resident memory and its high-water mark, MB. */
  rssMb: number;
  hwmMb: number;
  /** The dictionaries it has loaded: word forms per language. */
  lexicons: Record<string, number>;
}

/**
 * One Whisper sidecar process. Requests wait here and go to the process one at a time, so a
 * request aborted while it waits (an early transcription the visitor talked over, a conversation
 * that ended) is never decoded: each one the process need not do would delay every request behind
 * it by a decode's time. One aborted while the process decodes it is cancelled there: the process
 * stops before the next of its two steps (the encoder's pass, the beam search).
 */
export class WhisperSidecar implements Transcriber {
  readonly #options: WhisperSidecarOptions;
  #process: ChildProcess | undefined;
  #ready: Promise<ChildProcess> | undefined;
  #nextId = 1;
  /** Requests not yet sent, in order. */
  readonly #waiting = new Map<number, Pending>();
  /** The request the process is working on (`request` unset once aborted: no one awaits it). */
  #inFlight: { id: number; request: Pending | undefined } | undefined;
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
        String(this.#options.threads ?? defaultWhisperThreads()),
        '--compute-type',
        this.#options.computeType ?? 'int8',
        '--lexicons',
        paths.lexicons,
        '--workers',
        String(this.#options.workers ?? 1),
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
        this.#inFlight?.request?.reject(error);
        this.#inFlight = undefined;
        for (const request of this.#waiting.values()) request.reject(error);
        this.#waiting.clear();
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  #answer(message: Record<string, unknown>): void {
    // One request at a time: the answer is the one in flight's (an id of null is the process
    // failing to read a request; ours are always whole lines).
    const inFlight = this.#inFlight;
    if (!inFlight || (message.id !== null && Number(message.id) !== inFlight.id)) return;
    this.#inFlight = undefined;
    if (typeof message.error === 'string') inFlight.request?.reject(new Error(message.error));
    else if (message.cancelled === true)
      inFlight.request?.reject(new Error('transcription aborted'));
    else inFlight.request?.resolve(message);
    this.#sendNext();
  }

  /** Sends the oldest waiting request when the process is free. */
  #sendNext(): void {
    const child = this.#process;
    if (this.#inFlight || !child?.stdin?.writable) return;
    const next = this.#waiting.entries().next();
    if (next.done) return;
    const [id, request] = next.value;
    this.#waiting.delete(id);
    this.#inFlight = { id, request };
    child.stdin.write(`${request.line}\n`);
  }

  /** Queues a request for the process; its answer, or the abort, settles the promise. */
  async #ask(body: Record<string, unknown>, signal?: AbortSignal) {
    await this.start();
    if (signal?.aborted) throw new Error('transcription aborted');
    const id = this.#nextId++;
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const request: Pending = { line: JSON.stringify({ id, ...body }), resolve, reject };
      this.#waiting.set(id, request);
      signal?.addEventListener(
        'abort',
        () => {
          if (this.#waiting.delete(id)) reject(new Error('transcription aborted'));
          else if (this.#inFlight?.id === id && this.#inFlight.request) {
            // The process stops it at its next step (before the encoder's pass or the beam
            // search) and answers; until then the next request waits.
            this.#inFlight.request = undefined;
            reject(new Error('transcription aborted'));
            const stdin = this.#process?.stdin;
            if (stdin?.writable) stdin.write(`${JSON.stringify({ type: 'cancel', id })}\n`);
          }
        },
        { once: true },
      );
      this.#sendNext();
    });
  }

  async transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<Transcript> {
    const answer = await this.#ask(
      {
        audio: Buffer.from(
          request.pcm.buffer,
          request.pcm.byteOffset,
          request.pcm.byteLength,
        ).toString('base64'),
        ...(request.prompt ? { initial_prompt: request.prompt } : {}),
        ...(request.language ? { language: request.language } : {}),
        options: {
          ...decodeOptions(
            this.#options.model ?? DEFAULT_WHISPER_MODEL,
            this.#options.rank ?? true,
          ),
          ...(this.#options.wordProbabilities ? { word_probabilities: true } : {}),
          ...(request.bareToo ? { bare_too: true } : {}),
        },
      },
      signal,
    );
    return {
      text: typeof answer.text === 'string' ? answer.text : '',
      ms: Number(answer.ms ?? 0),
      ...(typeof answer.known === 'number' ? { known: answer.known } : {}),
      ...(typeof answer.bare_text === 'string' ? { bare: answer.bare_text } : {}),
      ...(typeof answer.last_word_p === 'number'
        ? {
            sureness: {
              lastWord: answer.last_word_p,
              ...(typeof answer.other_words_p === 'number'
                ? { otherWords: answer.other_words_p }
                : {}),
            },
          }
        : {}),
    };
  }

  /** What the process says about itself, once the requests before this one are answered. */
  async info(): Promise<WhisperSidecarInfo> {
    const answer = await this.#ask({ type: 'info' });
    return {
      requests: Number(answer.requests ?? 0),
      cancelled: Number(answer.cancelled ?? 0),
      threads: Number(answer.threads ?? 0),
      rssMb: Number(answer.rss_mb ?? 0),
      hwmMb: Number(answer.hwm_mb ?? 0),
      lexicons:
        typeof answer.lexicons === 'object' && answer.lexicons !== null
          ? Object.fromEntries(
              Object.entries(answer.lexicons).map(([language, size]) => [language, Number(size)]),
            )
          : {},
    };
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
      // English is heard with and without its prompt at once (see `WhisperSTTOptions.bareAlongside`).
      const workers = model === DEFAULT_WHISPER_MODEL ? 2 : 1;
      const options = { workers, ...this.#options.sidecar, model };
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

  transcribe(request: TranscriptionRequest, signal?: AbortSignal): Promise<Transcript> {
    return this.#sidecar(whisperModelFor(request.language)).transcribe(request, signal);
  }

  /** Stops every sidecar. */
  close(): void {
    for (const sidecar of this.#sidecars.values()) sidecar.close();
    this.#sidecars.clear();
  }
}
