// Offline speech to text on CMU pocketsphinx, as an agents-framework STT.
//
// Debian ships pocketsphinx 5prealpha, whose only streaming entry point is the
// `pocketsphinx_continuous` program: it reads raw 16 kHz 16-bit mono PCM from a file, finds
// utterances with its voice activity detector, and prints each one's hypothesis (and, with
// `-time yes`, one line per word with its times and posterior) as the utterance ends. One such
// process lives as long as a stream; audio goes in on stdin.

import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  APIConnectionError,
  type APIConnectOptions,
  APITimeoutError,
  type AudioBuffer,
  createTimedString,
  DEFAULT_API_CONNECT_OPTIONS,
  getBaseLanguage,
  normalizeLanguage,
  shortuuid,
  stt,
} from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { downmixToMono, frameBytes, monoSamples } from './audio.js';
import {
  DEBIAN_EN_US_MODEL_DIR,
  type LanguageModelOptions,
  prepareLanguageModel,
  type PreparedLanguageModel,
} from './language-model.js';
import {
  frameworkLogger,
  killProcess,
  OutputTail,
  requireExecutable,
  requireFiles,
} from './processes.js';

/** The sample rate of the US-English acoustic model, and so of what the recognizer is fed. */
export const RECOGNIZER_SAMPLE_RATE = 16_000;

/** Bytes of one second of recognizer input. */
const BYTES_PER_SECOND = RECOGNIZER_SAMPLE_RATE * 2;

/**
 * pocketsphinx_continuous reads its input in blocks of 2048 samples (128 ms) and checks for the
 * end of an utterance after each block; silence written to close an utterance must cover the
 * detector's trailing window plus one block.
 */
const READ_BLOCK_MS = 128;

/** Options of {@link PocketsphinxSTT}. */
export interface PocketsphinxSTTOptions {
  /**
   * BCP-47 language of the speech (default `en-US`). The installed acoustic model is US English:
   * other languages are refused unless `acousticModel` points at a model for them.
   */
  language?: string;
  /**
   * What visitors are likely to say (scenario prompt, first message, tool names, product names,
   * filter values). A domain language model is built from them, which is what makes recognition
   * usable; without any, the open US-English model is used (slow to load, several times the
   * word errors).
   */
  phrases?: readonly string[];
  /** Folder of the US-English models (default: Debian's `/usr/share/pocketsphinx/model/en-us`). */
  modelDir?: string;
  /** Acoustic model folder (default `en-us` in `modelDir`). */
  acousticModel?: string;
  /** A ready language model file; with `dictionary`, used as is instead of `phrases`. */
  languageModel?: string;
  /** The pronunciation dictionary for `languageModel` (default: the full one in `modelDir`). */
  dictionary?: string;
  /** Where built domain models are cached (see {@link LanguageModelOptions.cacheDir}). */
  cacheDir?: string;
  /** Mix everyday conversational phrases into the domain model (default true). */
  conversational?: boolean;
  /** The recognizer program (default `pocketsphinx_continuous` on PATH). */
  binary?: string;
  /**
   * Silence, in ms, that ends an utterance (the detector's `-vad_postspeech`, default 500). Lower
   * is a faster final transcript, at the risk of cutting an utterance at a pause.
   */
  endSilenceMs?: number;
  /** More decoder arguments, e.g. `['-lw', '8']`. */
  extraArgs?: readonly string[];
}

/** Everything needed to start a recognizer: resolved once per STT. */
export interface RecognizerSetup {
  /** Absolute path of the recognizer program. */
  binary: string;
  /** Its arguments (models, sample rate, detector settings), without the input. */
  args: string[];
  /** The language model and dictionary it decodes with. */
  model: PreparedLanguageModel;
}

/** One word of a recognized utterance. Times in seconds of audio fed to the process. */
export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  /** Posterior probability of the word (0-1). */
  confidence: number;
}

/** One utterance as the recognizer printed it. */
export interface RecognizedUtterance {
  text: string;
  /** The words of `text` with times (fillers and silences left out). */
  words: RecognizedWord[];
  /** Audio time of the utterance's first and last segment, silences included. */
  start: number;
  end: number;
}

const WORD_LINE = /^(\S+) (-?\d+\.\d+) (-?\d+\.\d+) (-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/;
const isFiller = (word: string) => /^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(word);

/**
 * Parses what `pocketsphinx_continuous -time yes` prints: per utterance, the hypothesis line,
 * then one `word start end posterior` line per segment (`<s>`, words, fillers, `</s>`). An
 * utterance is complete at its `</s>`, at the next hypothesis, or at the end of a chunk that
 * ends a line (the program flushes its output once per utterance).
 */
export class RecognizerOutputParser {
  #partial = '';
  #current: RecognizedUtterance | undefined;

  /** Feeds output text; returns the utterances it completes. */
  push(chunk: string): RecognizedUtterance[] {
    const done: RecognizedUtterance[] = [];
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      const match = WORD_LINE.exec(line);
      if (!match) {
        if (this.#current) done.push(this.#current);
        this.#current = { text: line.replace(/\s+/g, ' '), words: [], start: NaN, end: NaN };
        continue;
      }
      const current = this.#current;
      // Segment lines with no hypothesis before them belong to nothing we can report.
      if (!current) continue;
      const [, name = '', start, end, posterior] = match;
      if (Number.isNaN(current.start)) current.start = Number(start);
      current.end = Number(end);
      if (name === '</s>') {
        done.push(current);
        this.#current = undefined;
        continue;
      }
      if (isFiller(name)) continue;
      current.words.push({
        word: name.replace(/\(\d+\)$/, ''),
        start: Number(start),
        end: Number(end),
        confidence: Math.min(1, Math.max(0, Number(posterior))),
      });
    }
    if (this.#partial === '' && this.#current) {
      done.push(this.#current);
      this.#current = undefined;
    }
    return done;
  }

  /** The output ended: returns the utterance still open, if any. */
  end(): RecognizedUtterance[] {
    const done = this.#partial ? this.push('\n') : [];
    if (this.#current) done.push(this.#current);
    this.#current = undefined;
    return done;
  }
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
 * One running `pocketsphinx_continuous` (used by {@link PocketsphinxSpeechStream}; not meant to
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
    const offset = seconds * BYTES_PER_SECOND;
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
function exitError(binary: string, exit: Exit, stderr: OutputTail): APIConnectionError {
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

/**
 * Offline speech to text on pocketsphinx, for the agents framework (`AgentSession({ stt })`).
 *
 * `stream()` keeps one recognizer process per stream and emits, for each utterance it closes,
 * START_OF_SPEECH, FINAL_TRANSCRIPT, END_OF_SPEECH (all three when the utterance ends: the
 * program reports nothing earlier) and RECOGNITION_USAGE. Frames of any rate and channel count
 * are accepted (downmixed, then resampled to 16 kHz). No interim transcripts.
 *
 * With `phrases`, recognition uses a domain language model built from them (see
 * {@link prepareLanguageModel}); that is what this engine is for, as the open model mishears
 * most short commands.
 */
export class PocketsphinxSTT extends stt.STT {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.PocketsphinxSTT';
  readonly #options: PocketsphinxSTTOptions;
  readonly #language: string;
  #setup: Promise<RecognizerSetup> | undefined;

  /**
   * @throws Error when the language is not English and no acoustic model for it is given: the
   * installed model recognizes US English only.
   */
  constructor(options: PocketsphinxSTTOptions = {}) {
    super({ streaming: true, interimResults: false, alignedTranscript: 'word' });
    this.#options = { ...options };
    this.#language = options.language ?? 'en-US';
    const base = getBaseLanguage(this.#language);
    if (!options.acousticModel && base !== 'en') {
      throw new Error(
        `PocketsphinxSTT: the installed acoustic model (pocketsphinx-en-us) recognizes US English only, not "${this.#language}". Use another STT for this language, or pass acousticModel, languageModel and dictionary for it.`,
      );
    }
    if (
      !options.acousticModel &&
      normalizeLanguage(this.#language) !== normalizeLanguage('en-US')
    ) {
      frameworkLogger()?.warn(
        { language: this.#language },
        'PocketsphinxSTT: the acoustic model is US English; other accents are recognized worse',
      );
    }
  }

  /** The language transcripts are tagged with. */
  get language(): string {
    return this.#language;
  }

  /** `pocketsphinx`. */
  override get provider(): string {
    return 'pocketsphinx';
  }

  /** Which language model decodes: `en-us-domain` (from phrases), `en-us` (open) or `custom`. */
  override get model(): string {
    if (this.#options.languageModel) return 'custom';
    return this.#options.phrases?.some((p) => p.trim()) ? 'en-us-domain' : 'en-us';
  }

  /**
   * Builds (or loads from the cache) the language model and checks the binary and model files.
   * Streams and `recognize()` do it on first use; calling it ahead saves that time on the first
   * utterance. Rejects with a non-retryable `APIConnectionError` on a setup problem.
   */
  prepare(): Promise<PreparedLanguageModel> {
    return this.#resolveSetup().then((setup) => setup.model);
  }

  #resolveSetup(): Promise<RecognizerSetup> {
    if (!this.#setup) {
      this.#setup = this.#createSetup();
      // A failed setup is retried on the next use (a package may have been installed since).
      this.#setup.catch(() => {
        this.#setup = undefined;
      });
    }
    return this.#setup;
  }

  async #createSetup(): Promise<RecognizerSetup> {
    const options = this.#options;
    const modelDir = options.modelDir ?? DEBIAN_EN_US_MODEL_DIR;
    const acousticModel = options.acousticModel ?? join(modelDir, 'en-us');
    const binary = await requireExecutable(
      options.binary ?? 'pocketsphinx_continuous',
      'pocketsphinx',
    );
    let model: PreparedLanguageModel;
    if (options.languageModel) {
      model = {
        kind: 'open',
        lm: options.languageModel,
        dict: options.dictionary ?? join(modelDir, 'cmudict-en-us.dict'),
        vocabulary: Number.NaN,
        derived: {},
        dropped: [],
        cached: true,
      };
    } else {
      await requireFiles({
        'pronunciation dictionary': options.dictionary ?? join(modelDir, 'cmudict-en-us.dict'),
      });
      const lmOptions: LanguageModelOptions = { modelDir };
      if (options.dictionary) lmOptions.dictionary = options.dictionary;
      if (options.cacheDir) lmOptions.cacheDir = options.cacheDir;
      if (options.conversational !== undefined) lmOptions.conversational = options.conversational;
      try {
        model = await prepareLanguageModel(options.phrases ?? [], lmOptions);
      } catch (error) {
        throw new APIConnectionError({
          message: `could not build the domain language model: ${(error as Error).message}`,
          options: { retryable: false },
        });
      }
      if (model.dropped.length) {
        frameworkLogger()?.warn(
          { words: model.dropped },
          'PocketsphinxSTT: words of the phrases with no known pronunciation were left out',
        );
      }
    }
    await requireFiles({
      'acoustic model': join(acousticModel, 'mdef'),
      'language model': model.lm,
      'pronunciation dictionary': model.dict,
    });
    const endSilenceFrames = Math.max(5, Math.round((options.endSilenceMs ?? 500) / 10));
    const args = [
      '-hmm',
      acousticModel,
      '-lm',
      model.lm,
      '-dict',
      model.dict,
      '-samprate',
      String(RECOGNIZER_SAMPLE_RATE),
      '-time',
      'yes',
      '-vad_postspeech',
      String(endSilenceFrames),
      // Its spectral noise removal learns the noise from what precedes speech. A visitor's
      // microphone through the Transport is near-digital silence until they speak: the learnt
      // floor then eats most of the first utterance ("do you" of "do you have tents").
      '-remove_noise',
      'no',
      ...(options.extraArgs ?? []),
    ];
    return { binary, args, model };
  }

  /** Silence that makes the recognizer close the utterance in progress. */
  get closingSilence(): Buffer {
    const ms = (this.#options.endSilenceMs ?? 500) + 2 * READ_BLOCK_MS;
    return Buffer.alloc(Math.ceil((ms / 1000) * RECOGNIZER_SAMPLE_RATE) * 2);
  }

  /** @internal Starts a recognizer process (for the streams of this STT). */
  async _startRecognizer(
    onUtterance: (utterance: RecognizedUtterance) => void,
  ): Promise<RecognizerProcess> {
    const setup = await this.#resolveSetup();
    return new RecognizerProcess(setup, onUtterance);
  }

  /** @internal The resolved binary path, for error messages. */
  async _binary(): Promise<string> {
    return (await this.#resolveSetup()).binary;
  }

  /**
   * Recognizes one buffer (any rate, any channels): one recognizer process for the call, all
   * utterances it finds joined into one final transcript.
   */
  protected async _recognize(
    buffer: AudioBuffer,
    abortSignal?: AbortSignal,
  ): Promise<stt.SpeechEvent> {
    const samples = monoSamples(buffer, RECOGNIZER_SAMPLE_RATE);
    const utterances: RecognizedUtterance[] = [];
    if (abortSignal?.aborted) throw abortError();
    const recognizer = await this._startRecognizer((utterance) => utterances.push(utterance));
    const abort = () => recognizer.kill();
    abortSignal?.addEventListener('abort', abort, { once: true });
    try {
      await recognizer.write(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
      await recognizer.write(this.closingSilence);
      recognizer.end();
      const audioSeconds = samples.length / RECOGNIZER_SAMPLE_RATE;
      const exit = await withTimeout(
        recognizer.exited,
        DEFAULT_API_CONNECT_OPTIONS.timeoutMs + audioSeconds * 1000,
        'pocketsphinx took too long to recognize the buffer',
      );
      if (abortSignal?.aborted) throw abortError();
      if (exit.code !== 0) throw exitError(await this._binary(), exit, recognizer.stderr);
      const spoken = utterances.filter((utterance) => utterance.text);
      const words = spoken.flatMap((utterance) => utterance.words);
      return {
        type: stt.SpeechEventType.FINAL_TRANSCRIPT,
        requestId: shortuuid('ps_'),
        alternatives: [
          speechData(
            this.#language,
            spoken.map((utterance) => utterance.text).join(' '),
            words,
            spoken[0]?.start ?? 0,
            spoken.at(-1)?.end ?? 0,
            0,
          ),
        ],
      };
    } finally {
      abortSignal?.removeEventListener('abort', abort);
      recognizer.kill();
    }
  }

  /** A stream with its own recognizer process, started at once. */
  stream(options?: { connOptions?: APIConnectOptions }): PocketsphinxSpeechStream {
    return new PocketsphinxSpeechStream(this, options?.connOptions);
  }
}

function abortError(): APIConnectionError {
  return new APIConnectionError({ message: 'recognition aborted', options: { retryable: false } });
}

/** The framework's description of one transcript. */
function speechData(
  language: string,
  text: string,
  words: readonly RecognizedWord[],
  start: number,
  end: number,
  offset: number,
): stt.SpeechData {
  const confidence = words.length
    ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length
    : 0;
  return {
    language: normalizeLanguage(language),
    text,
    startTime: offset + (words[0]?.start ?? start),
    endTime: offset + (words.at(-1)?.end ?? end),
    confidence,
    words: words.map((word) =>
      createTimedString({
        text: word.word,
        startTime: offset + word.start,
        endTime: offset + word.end,
        confidence: word.confidence,
        startTimeOffset: offset,
      }),
    ),
  };
}

/**
 * The stream of {@link PocketsphinxSTT}: one recognizer process from the first `run` to close.
 * The process is killed on `close()`; when the input ends (`endInput()`), the last utterance is
 * finished and the process exits on its own.
 */
export class PocketsphinxSpeechStream extends stt.SpeechStream {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.PocketsphinxSpeechStream';
  readonly #stt: PocketsphinxSTT;
  readonly #connOptions: APIConnectOptions;
  #recognizer: RecognizerProcess | undefined;
  #markReady: (ready: boolean) => void = () => undefined;
  /**
   * Settles once the first recognizer has loaded its models (true), or the stream ended or
   * failed before (false). Frames pushed earlier are not lost, only decoded later; waiting for
   * it keeps start-up time out of the first transcript's latency.
   */
  readonly ready: Promise<boolean> = new Promise((resolve) => (this.#markReady = resolve));

  /** Use {@link PocketsphinxSTT.stream}. */
  constructor(
    sttEngine: PocketsphinxSTT,
    connOptions: APIConnectOptions = DEFAULT_API_CONNECT_OPTIONS,
  ) {
    // The base class resamples every pushed frame to the recognizer's rate.
    super(sttEngine, RECOGNIZER_SAMPLE_RATE, connOptions);
    this.#stt = sttEngine;
    this.#connOptions = connOptions;
  }

  /** Process id of the running recognizer pipeline (its process group), if one runs. */
  get processId(): number | undefined {
    return this.#recognizer?.running ? this.#recognizer.child.pid : undefined;
  }

  /**
   * Pushes a frame of any rate and channel count: downmixed to mono here (the base class's
   * resampler is mono), resampled to 16 kHz by the base class.
   */
  override pushFrame(frame: AudioFrame): void {
    const mono = downmixToMono(frame);
    // The base class keeps the resampler of the first frame's rate; a change of rate mid-stream
    // (a new track) needs a new one.
    if (this.resampler && mono.sampleRate !== this.resampler.inputRate) {
      this.resampler.close();
      delete this.resampler;
    }
    super.pushFrame(mono);
  }

  protected async run(): Promise<void> {
    try {
      await this.#run();
    } finally {
      // No-op once the recognizer reported readiness.
      this.#markReady(false);
    }
  }

  async #run(): Promise<void> {
    const requestId = shortuuid('ps_');
    let usageReported = 0;
    const reportUsage = (recognizer: RecognizerProcess) => {
      const seconds = recognizer.bytesWritten / BYTES_PER_SECOND - usageReported;
      if (seconds <= 0) return;
      usageReported += seconds;
      this.#put({
        type: stt.SpeechEventType.RECOGNITION_USAGE,
        requestId,
        recognitionUsage: { audioDuration: seconds },
      });
    };
    const recognizer = await this.#stt._startRecognizer((utterance) => {
      if (utterance.text) {
        // Word times count from this process's first sample; the framework keeps the stream's
        // offset across restarts.
        const offset = this.startTimeOffset;
        const speechEndTime = recognizer.wallClockAt(utterance.words.at(-1)?.end ?? utterance.end);
        const data = speechData(
          this.#stt.language,
          utterance.text,
          utterance.words,
          utterance.start,
          utterance.end,
          offset,
        );
        this.#put({ type: stt.SpeechEventType.START_OF_SPEECH, requestId });
        this.#put({
          type: stt.SpeechEventType.FINAL_TRANSCRIPT,
          requestId,
          alternatives: [data],
          speechEndTime,
        });
        this.#put({
          type: stt.SpeechEventType.END_OF_SPEECH,
          requestId,
          alternatives: [data],
          speechEndTime,
        });
      }
      reportUsage(recognizer);
    });
    this.#recognizer = recognizer;
    void recognizer.ready.then(this.#markReady);
    const kill = () => recognizer.kill();
    this.abortSignal.addEventListener('abort', kill, { once: true });
    if (this.abortSignal.aborted) kill();
    // Stops waiting for input when the process dies; an aborted wait leaves the queue intact.
    const died = new AbortController();
    void recognizer.exited.then(() => died.abort());
    try {
      let inputEnded = false;
      for (;;) {
        let next: IteratorResult<AudioFrame | symbol>;
        try {
          next = await this.input.next({ signal: died.signal });
        } catch {
          break;
        }
        if (next.done) {
          inputEnded = true;
          break;
        }
        const item = next.value;
        const pcm = typeof item === 'symbol' ? this.#stt.closingSilence : frameBytes(item);
        if (!(await recognizer.write(pcm))) break;
      }
      if (this.abortSignal.aborted) return;
      if (inputEnded) {
        recognizer.end();
        // After the end of input the program decodes what is buffered and exits: allow for a
        // backlog of audio pushed faster than real time.
        const backlogMs = (recognizer.bytesWritten / BYTES_PER_SECOND) * 1000;
        await withTimeout(
          recognizer.exited,
          this.#connOptions.timeoutMs + backlogMs,
          'pocketsphinx did not finish after the end of input',
        );
      }
      const exit = await recognizer.exited;
      reportUsage(recognizer);
      if (this.abortSignal.aborted || (inputEnded && exit.code === 0)) return;
      throw exitError(await this.#stt._binary(), exit, recognizer.stderr);
    } finally {
      this.abortSignal.removeEventListener('abort', kill);
      recognizer.kill();
      if (this.#recognizer === recognizer) this.#recognizer = undefined;
    }
  }

  #put(event: stt.SpeechEvent): void {
    // After close() the queue is closed; late output of a dying process has nowhere to go.
    if (!this.queue.closed) this.queue.put(event);
  }
}
