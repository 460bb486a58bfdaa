// Offline text to speech on flite (English) and espeak-ng (other languages), as an
// agents-framework TTS.
//
// Both run as one child process per synthesized text. flite renders a whole text before it
// writes anything, so a reply reaches the listener sentence by sentence: the framework's stream
// adapter splits the LLM's output into sentences and synthesizes the next one while the
// previous plays. espeak-ng writes audio as it goes and is streamed as it comes.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APIConnectionError,
  type APIConnectOptions,
  getBaseLanguage,
  shortuuid,
  tts,
} from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import { SentenceTTS } from './sentence-tts.js';
import { FrameCutter, WavStreamReader } from './audio.js';
import { killProcess, OutputTail, requireExecutable, requireFiles } from './processes.js';

/** The synthesis programs this TTS drives. */
export type EmbeddedTtsEngine = 'flite' | 'espeak-ng';

/** Voices compiled into Debian's flite, with the rate they speak at. */
export const FLITE_VOICES: Readonly<Record<string, number>> = {
  slt: 16_000,
  rms: 16_000,
  awb: 16_000,
  awb_time: 16_000,
  kal16: 16_000,
  kal: 8_000,
};

/** espeak-ng's output rate, for every voice. */
const ESPEAK_SAMPLE_RATE = 22_050;

/** Options of {@link FliteTTS}. */
export interface FliteTTSOptions {
  /**
   * The program: `flite` (English only, the better voices) or `espeak-ng` (about a hundred
   * languages). Default: from `voice` when it names a flite voice, else from `language`
   * (English -> flite, anything else -> espeak-ng).
   */
  engine?: EmbeddedTtsEngine;
  /**
   * For flite, a voice name (`slt`, `rms`, `awb`, `kal16`, `kal`) or a `.flitevox` file; for
   * espeak-ng, a voice or language (`fr`, `de-DE`, `en-us+f3`). Default: `slt`, or the language
   * for espeak-ng.
   */
  voice?: string;
  /** BCP-47 language of the text (default `en-US`). */
  language?: string;
  /** Speaking rate, 1 = the voice's own (flite's duration stretch, espeak-ng's words a minute). */
  speed?: number;
  /** The flite program (default `flite` on PATH). */
  fliteBinary?: string;
  /** The espeak-ng program (default `espeak-ng` on PATH). */
  espeakBinary?: string;
  /** Length of the audio frames handed out, in ms (default 20: the first leaves quickly). */
  frameMs?: number;
  /** Output sample rate (default: the voice's own; other rates are resampled). */
  sampleRate?: number;
  /** Folder for flite's temporary WAV files (default: the system's temporary folder). */
  tmpDir?: string;
}

/** The engine, voice and native rate the options select. */
export interface EngineChoice {
  engine: EmbeddedTtsEngine;
  voice: string;
  nativeSampleRate: number;
}

/** Which engine and voice speak for these options (see {@link FliteTTSOptions.engine}). */
export function chooseEngine(options: FliteTTSOptions = {}): EngineChoice {
  const language = options.language ?? 'en-US';
  const isFliteVoice = (voice: string) => voice in FLITE_VOICES || voice.endsWith('.flitevox');
  const engine: EmbeddedTtsEngine =
    options.engine ??
    (options.voice !== undefined
      ? isFliteVoice(options.voice)
        ? 'flite'
        : 'espeak-ng'
      : getBaseLanguage(language) === 'en'
        ? 'flite'
        : 'espeak-ng');
  if (engine === 'flite') {
    if (getBaseLanguage(language) !== 'en') {
      throw new Error(
        `FliteTTS: flite speaks English only, not "${language}"; use engine "espeak-ng" for it`,
      );
    }
    const voice = options.voice ?? 'slt';
    // A .flitevox voice reports its rate in its WAV header; 16 kHz is what they are built at.
    return { engine, voice, nativeSampleRate: FLITE_VOICES[voice] ?? 16_000 };
  }
  return {
    engine,
    voice: options.voice ?? language.toLowerCase(),
    nativeSampleRate: ESPEAK_SAMPLE_RATE,
  };
}

/**
 * Text as a speech engine should read it: Markdown marks and stray symbols, which flite reads
 * aloud ("asterisk"), removed; whitespace collapsed.
 */
export function speakableText(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#~|<>{}[\]\\^]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,!?;:])/g, '$1')
    .trim();
}

const fliteVoices = new Map<string, Promise<string[]>>();

/** The voices a flite binary has compiled in (`flite -lv`), asked once per binary. */
function listFliteVoices(binary: string): Promise<string[]> {
  let voices = fliteVoices.get(binary);
  if (!voices) {
    voices = new Promise<string[]>((resolve) => {
      const child = spawn(binary, ['-lv'], { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', () => resolve([]));
      child.once('close', () => resolve(out.replace(/^.*?:/s, '').split(/\s+/).filter(Boolean)));
    });
    fliteVoices.set(binary, voices);
  }
  return voices;
}

/** Below this level (of 32,767) the start of synthesized audio counts as silence. */
const LEADING_SILENCE_LEVEL = 200;

/**
 * Offline text to speech, for the agents framework (`AgentSession({ tts })`): flite for English
 * (voices `slt`, `rms`, `awb`, `kal16`), espeak-ng for other languages. Mono 16-bit audio at
 * {@link FliteTTS.sampleRate}, in frames of `frameMs`.
 *
 * Not a streaming engine (`capabilities.streaming` is false): the framework wraps it in its
 * sentence stream adapter, and {@link FliteTTS.stream} does the same for direct callers.
 * Failures are reported as the framework's `error` event on this TTS (logged when nobody
 * listens), with an `APIConnectionError`; the chunked stream then ends without audio.
 */
export class FliteTTS extends SentenceTTS {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.FliteTTS';
  /** The selected engine, voice and its native rate. */
  readonly choice: EngineChoice;
  readonly #options: FliteTTSOptions;
  #ready: Promise<string> | undefined;

  /** @throws Error when flite is asked for a language other than English. */
  constructor(options: FliteTTSOptions = {}) {
    const choice = chooseEngine(options);
    super(options.sampleRate ?? choice.nativeSampleRate);
    this.choice = choice;
    this.#options = { ...options };
  }

  /** `flite` or `espeak-ng`. */
  override get provider(): string {
    return this.choice.engine;
  }

  /** The voice. */
  override get model(): string {
    return this.choice.voice;
  }

  /** Samples per frame handed out. */
  get samplesPerFrame(): number {
    return Math.max(1, Math.round(((this.#options.frameMs ?? 20) / 1000) * this.sampleRate));
  }

  /** @internal Speed, folder and binaries for the chunked streams. */
  get _options(): Readonly<FliteTTSOptions> {
    return this.#options;
  }

  /**
   * Checks the engine's binary (and, for flite, the voice) once; resolves the binary's path.
   * Called by the first synthesis; calling it ahead surfaces a setup problem early. Rejects with
   * a non-retryable `APIConnectionError`.
   */
  prepare(): Promise<string> {
    if (!this.#ready) {
      this.#ready = this.#check();
      this.#ready.catch(() => {
        this.#ready = undefined;
      });
    }
    return this.#ready;
  }

  async #check(): Promise<string> {
    const { engine, voice } = this.choice;
    if (engine === 'espeak-ng') {
      return requireExecutable(this.#options.espeakBinary ?? 'espeak-ng', 'espeak-ng');
    }
    const binary = await requireExecutable(this.#options.fliteBinary ?? 'flite', 'flite');
    if (voice.endsWith('.flitevox')) {
      // flite falls back to its default voice, silently, when a voice file cannot be read.
      await requireFiles({ 'flite voice file': voice });
      return binary;
    }
    // flite also falls back silently for an unknown voice name.
    const voices = await listFliteVoices(binary);
    if (voices.length && !voices.includes(voice)) {
      throw new APIConnectionError({
        message: `flite has no voice "${voice}" (it has ${voices.join(', ')})`,
        options: { retryable: false },
      });
    }
    return binary;
  }

  /** Synthesizes one text (one child process). Empty or unspeakable text gives no frames. */
  synthesize(
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ): FliteChunkedStream {
    return new FliteChunkedStream(this, text, connOptions, abortSignal);
  }
}

let temporaryCounter = 0;

/**
 * The audio of one text from {@link FliteTTS}. When synthesis fails, the stream ends without
 * (more) audio, the TTS reports the error, and {@link FliteChunkedStream.error} holds it.
 */
export class FliteChunkedStream extends tts.ChunkedStream {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.FliteChunkedStream';
  readonly #engine: FliteTTS;
  #error: Error | undefined;

  /** Use {@link FliteTTS.synthesize}. */
  constructor(
    engine: FliteTTS,
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ) {
    super(text, engine, connOptions, abortSignal);
    this.#engine = engine;
  }

  /** Why synthesis failed, once the stream has ended; undefined on success. */
  get error(): Error | undefined {
    return this.#error;
  }

  protected async run(): Promise<void> {
    try {
      const text = speakableText(this.inputText);
      if (!text) return;
      const binary = await this.#engine.prepare();
      if (this.abortSignal.aborted) return;
      const requestId = shortuuid('tts_');
      const rate = this.#engine.sampleRate;
      const cutter = new FrameCutter(rate, this.#engine.samplesPerFrame);
      let held: AudioFrame | undefined;
      let resampler: AudioResampler | undefined;
      // Each frame is sent once the next exists, so the last one can carry `final`.
      const send = (frames: AudioFrame[]) => {
        for (const frame of frames) {
          if (held) this.#put({ requestId, segmentId: requestId, frame: held, final: false });
          held = frame;
        }
      };
      // flite and espeak-ng open every text with about 200 ms of near-silence, which the listener
      // would wait through before the first word: it is cut, keeping a 30 ms lead-in.
      let speaking = false;
      let heardSeconds = 0;
      const accept = (input: Int16Array, sourceRate: number) => {
        let samples = input;
        heardSeconds += input.length / sourceRate;
        if (!speaking) {
          const first = samples.findIndex((sample) => Math.abs(sample) > LEADING_SILENCE_LEVEL);
          if (first < 0) return;
          speaking = true;
          samples = samples.subarray(Math.max(0, first - Math.round(sourceRate * 0.03)));
        }
        if (samples.length === 0) return;
        if (sourceRate === rate) {
          send(cutter.push(samples));
          return;
        }
        resampler ??= new AudioResampler(sourceRate, rate, 1);
        for (const out of resampler.push(new AudioFrame(samples, sourceRate, 1, samples.length))) {
          send(cutter.push(out.data.subarray(0, out.samplesPerChannel)));
        }
      };
      try {
        if (this.#engine.choice.engine === 'flite') await this.#flite(binary, text, accept);
        else await this.#espeak(binary, text, accept);
        if (this.abortSignal.aborted) return;
        if (resampler) {
          for (const out of resampler.flush()) {
            send(cutter.push(out.data.subarray(0, out.samplesPerChannel)));
          }
        }
        send(cutter.flush());
        this.#engine.echoGuard?.speaking(text, heardSeconds);
        if (held) this.#put({ requestId, segmentId: requestId, frame: held, final: true });
      } finally {
        resampler?.close();
      }
    } catch (error) {
      if (this.abortSignal.aborted) return;
      this.#error =
        error instanceof APIConnectionError
          ? error
          : new APIConnectionError({
              message: `${this.#engine.choice.engine} failed: ${(error as Error).message}`,
              options: { retryable: false },
            });
      this.#engine._reportError(this.#error);
    } finally {
      if (!this.queue.closed) this.queue.close();
    }
  }

  #put(audio: tts.SynthesizedAudio): void {
    if (!this.queue.closed) this.queue.put(audio);
  }

  /**
   * flite opens its output by name, and Node's stdout pipe is a socket it cannot open: it writes
   * a temporary file, read once it exits (it writes nothing before the end anyway). Measured
   * against `flite ... -o /dev/stdout | cat`: the same time to first audio, and the exit code is
   * flite's own.
   */
  async #flite(
    binary: string,
    text: string,
    accept: (samples: Int16Array, sourceRate: number) => void,
  ): Promise<void> {
    const options = this.#engine._options;
    const file = join(
      options.tmpDir ?? tmpdir(),
      `svc-flite-${process.pid}-${(temporaryCounter += 1)}-${randomBytes(4).toString('hex')}.wav`,
    );
    const speed = options.speed ?? 1;
    const args = ['-voice', this.#engine.choice.voice];
    if (speed !== 1) args.push('--setf', `duration_stretch=${(1 / speed).toFixed(3)}`);
    args.push('-t', text, '-o', file);
    try {
      await this.#runToExit(binary, args);
      if (this.abortSignal.aborted) return;
      const wav = new WavStreamReader();
      const samples = wav.push(await readFile(file));
      const format = wav.format;
      if (!format) throw new Error('flite wrote no WAV header');
      accept(monoOf(samples, format.channels), format.sampleRate);
    } finally {
      await rm(file, { force: true });
    }
  }

  /** espeak-ng writes a WAV stream to stdout as it synthesizes: handed on as it arrives. */
  async #espeak(
    binary: string,
    text: string,
    accept: (samples: Int16Array, sourceRate: number) => void,
  ): Promise<void> {
    const speed = this.#engine._options.speed ?? 1;
    const args = ['-v', this.#engine.choice.voice, '-s', String(Math.round(175 * speed))];
    // `--` keeps a text starting with "-" from being read as an option.
    args.push('--stdout', '--', text);
    const wav = new WavStreamReader();
    await this.#runToExit(binary, args, (chunk) => {
      const samples = wav.push(chunk);
      const format = wav.format;
      if (format && samples.length) accept(monoOf(samples, format.channels), format.sampleRate);
    });
  }

  /**
   * Runs a program to its end (killed on abort); rejects on a non-zero exit, a failed start, or
   * an error thrown by `onStdout` (which also kills the program).
   */
  #runToExit(binary: string, args: string[], onStdout?: (chunk: Buffer) => void): Promise<void> {
    const stderr = new OutputTail();
    const child = spawn(binary, args, {
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    const kill = () => killProcess(child);
    this.abortSignal.addEventListener('abort', kill, { once: true });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    let failure: Error | undefined;
    if (onStdout) {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (failure) return;
        try {
          onStdout(chunk);
        } catch (error) {
          // Thrown in an event handler, it would be an uncaught exception: kept for the exit.
          failure = error as Error;
          kill();
        }
      });
    }
    return new Promise<void>((resolve, reject) => {
      child.once('error', (error) => reject(error));
      child.once('close', (code, signal) => {
        if (failure) reject(failure);
        else if (code === 0 || this.abortSignal.aborted) resolve();
        else {
          const detail = stderr.summary();
          reject(
            new APIConnectionError({
              message: `${binary} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}${detail ? `: ${detail}` : ''}`,
              options: { retryable: false },
            }),
          );
        }
      });
    }).finally(() => this.abortSignal.removeEventListener('abort', kill));
  }
}

/** Interleaved samples as mono (first channel: speech engines write mono anyway). */
function monoOf(samples: Int16Array, channels: number): Int16Array {
  if (channels <= 1) return samples;
  const mono = new Int16Array(Math.floor(samples.length / channels));
  for (let i = 0; i < mono.length; i += 1) mono[i] = samples[i * channels] ?? 0;
  return mono;
}
