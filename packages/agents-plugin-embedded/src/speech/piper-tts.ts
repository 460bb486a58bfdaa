// Offline text to speech on a Piper voice (VITS on onnxruntime-node, espeak-ng's phonemes), as an
// agents-framework TTS: the embedded English default, Piper's joe. A text's first clause is
// synthesized alone, so its audio starts while the rest is synthesized; the rest goes sentence
// by sentence, as Piper itself synthesizes.

import {
  APIConnectionError,
  type APIConnectOptions,
  shortuuid,
  tts,
  type voice,
} from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { SentenceTTS } from './sentence-tts.js';
import { FrameCutter } from './audio.js';
import { speakableText } from './flite-tts.js';
import { espeakPhonemes, joinClauses, phonemeIds, type PhonemeClause } from './piper-phonemes.js';
import {
  DEFAULT_PIPER_VOICE,
  loadPiperVoice,
  piperVoicePaths,
  readPiperConfig,
  type PiperSynthesizer,
  type PiperVoice,
  type PiperVoiceConfig,
  type PiperVoiceLocation,
  type PiperVoicePaths,
} from './piper-voice.js';
import { requireExecutable } from './processes.js';
import { timedWords, unitTexts } from './spoken-timing.js';

/** Options of {@link PiperTTS}. */
export interface PiperTTSOptions extends PiperVoiceLocation {
  /**
   * The voice: an installed one (`joe`, the default) or the name of one in `voicesDir`.
   */
  voice?: string;
  /** Speaking rate, 1 = the voice's own (divides Piper's `length_scale`). */
  speed?: number;
  /** CPU threads of one inference (default 1: see `PiperLoadOptions.threads`). */
  threads?: number;
  /**
   * Where the model runs (default: loaded in this process). The agent passes its model host's,
   * which holds one model for every conversation of the worker.
   */
  synthesizer?: PiperSynthesizer;
  /** The espeak-ng program the phonemes come from (default `espeak-ng` on PATH). */
  espeakBinary?: string;
  /** Length of the audio frames handed out, in ms (default 20: the first leaves quickly). */
  frameMs?: number;
}

/** Below this level (of 32,767) the start of a text's audio counts as silence. */
const LEADING_SILENCE_LEVEL = 200;

/** What one inference synthesizes: its phonemes, and how many of the text's clauses they read. */
export interface SynthesisUnit {
  phonemes: string;
  clauses: number;
}

/**
 * What is synthesized in one inference: the first clause alone (the listener hears it while
 * the rest is synthesized), then whole sentences, each as Piper would (its ids exactly Piper's).
 */
export function synthesisUnits(clauses: readonly PhonemeClause[]): SynthesisUnit[] {
  const [first, ...rest] = clauses;
  if (!first) return [];
  const units = [{ phonemes: first.phonemes.trimEnd(), clauses: 1 }];
  let sentence = { phonemes: '', clauses: 0 };
  for (const clause of rest) {
    sentence.phonemes += clause.phonemes;
    sentence.clauses += 1;
    if (clause.sentenceEnd) {
      units.push({ phonemes: sentence.phonemes.trimEnd(), clauses: sentence.clauses });
      sentence = { phonemes: '', clauses: 0 };
    }
  }
  if (sentence.phonemes.trim()) {
    units.push({ phonemes: sentence.phonemes.trimEnd(), clauses: sentence.clauses });
  }
  return units;
}

/**
 * Offline text to speech on a Piper voice, for the agents framework (`AgentSession({ tts })`):
 * mono 16-bit audio at the voice's rate (22,050 Hz for joe), in frames of `frameMs`. The model
 * loads once per process, at the first synthesis or at {@link PiperTTS.prepare}.
 *
 * It synthesizes whole texts; {@link PiperTTS.stream} speaks a text stream sentence by sentence.
 * Its audio carries when each word is heard (`timedTranscripts`, `capabilities.alignedTranscript`):
 * each clause's or sentence's audio is exactly placed, the words inside it by their length, so an
 * interrupted reply is recorded as the words the listener heard.
 * Failures are reported as the framework's `error` event on this TTS (logged when nobody
 * listens), with an `APIConnectionError`; the chunked stream then ends without (more) audio.
 */
export class PiperTTS extends SentenceTTS {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.PiperTTS';
  /** The voice's files. */
  readonly paths: PiperVoicePaths;
  /** What its JSON says. */
  readonly config: PiperVoiceConfig;
  readonly #options: PiperTTSOptions;
  #ready: Promise<{ synthesizer: PiperSynthesizer; espeak: string }> | undefined;

  /**
   * @throws Error when the voice is neither installed nor in `voicesDir` ("unknown Piper voice"),
   * or when an installed voice's files are missing (`npm run ensure-piper` installs them).
   */
  constructor(options: PiperTTSOptions = {}) {
    const name = options.voice ?? DEFAULT_PIPER_VOICE;
    const paths = piperVoicePaths(name, options);
    if (!paths) {
      throw new Error(
        `unknown Piper voice "${name}": the installed voice is "${DEFAULT_PIPER_VOICE}"${options.voicesDir ? `, others are <name>.onnx with <name>.onnx.json in the voices folder` : ' and no voices folder is configured'}`,
      );
    }
    let config: PiperVoiceConfig;
    try {
      config = readPiperConfig(paths);
    } catch (error) {
      throw new Error(
        `Piper voice "${name}" cannot be read at ${paths.config}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    // Timed: each unit's audio tells when its words are heard.
    super(config.sampleRate, true);
    this.paths = paths;
    this.config = config;
    this.#options = { ...options };
  }

  /** `piper`. */
  override get provider(): string {
    return 'piper';
  }

  /** The voice's name. */
  override get model(): string {
    return this.paths.name;
  }

  /** Samples per frame handed out. */
  get samplesPerFrame(): number {
    return Math.max(1, Math.round(((this.#options.frameMs ?? 20) / 1000) * this.sampleRate));
  }

  /** @internal Speed for the chunked streams. */
  get _speed(): number {
    return this.#options.speed ?? 1;
  }

  /**
   * Finds espeak-ng and, without a `synthesizer`, loads the voice, once; called by the first
   * synthesis, and ahead of it to take the model's load (2-4 s) out of the first reply. Rejects
   * with a non-retryable `APIConnectionError`.
   */
  prepare(): Promise<{ synthesizer: PiperSynthesizer; espeak: string }> {
    if (!this.#ready) {
      this.#ready = (async () => {
        const espeak = await requireExecutable(
          this.#options.espeakBinary ?? 'espeak-ng',
          'espeak-ng',
        );
        if (this.#options.synthesizer) return { synthesizer: this.#options.synthesizer, espeak };
        const voice: PiperVoice = await loadPiperVoice(this.paths, {
          ...(this.#options.threads ? { threads: this.#options.threads } : {}),
        });
        const synthesizer: PiperSynthesizer = {
          synthesize: ({ ids, speed }) => voice.synthesize(ids, speed),
        };
        return { synthesizer, espeak };
      })();
      this.#ready.catch(() => {
        this.#ready = undefined;
      });
    }
    return this.#ready;
  }

  /** Synthesizes one text. Empty or unspeakable text gives no frames. */
  synthesize(
    text: string,
    connOptions?: APIConnectOptions,
    abortSignal?: AbortSignal,
  ): PiperChunkedStream {
    return new PiperChunkedStream(this, text, connOptions, abortSignal);
  }
}

/**
 * The audio of one text from {@link PiperTTS}. When synthesis fails, the stream ends without
 * (more) audio, the TTS reports the error, and {@link PiperChunkedStream.error} holds it.
 */
export class PiperChunkedStream extends tts.ChunkedStream {
  /** Label in the framework's metrics and logs. */
  label = 'embedded.PiperChunkedStream';
  readonly #engine: PiperTTS;
  #error: Error | undefined;

  /** Use {@link PiperTTS.synthesize}. */
  constructor(
    engine: PiperTTS,
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
      const { synthesizer, espeak } = await this.#engine.prepare();
      if (this.abortSignal.aborted) return;
      const { espeakVoice, phonemeIdMap } = this.#engine.config;
      const lines = await espeakPhonemes(espeak, espeakVoice, text, this.abortSignal);
      const units = synthesisUnits(joinClauses(lines, text));
      // The words are the text as given (what the reply says), spoken unit by unit.
      const spoken = unitTexts(
        this.inputText,
        units.map((unit) => unit.clauses),
        units.map((unit) => unit.phonemes.length),
      );
      const requestId = shortuuid('tts_');
      const rate = this.#engine.sampleRate;
      const cutter = new FrameCutter(rate, this.#engine.samplesPerFrame);
      let held: AudioFrame | undefined;
      let timed: voice.TimedString[] = [];
      let samplesOut = 0;
      // Each frame is sent once the next exists, so the last one can carry `final`; a unit's
      // timed words go with the first frame sent after it is synthesized (ahead of its audio).
      const put = (frame: AudioFrame, final: boolean) => {
        this.#put({
          requestId,
          segmentId: requestId,
          frame,
          final,
          ...(timed.length > 0 ? { timedTranscripts: timed } : {}),
        });
        timed = [];
      };
      const send = (frames: AudioFrame[]) => {
        for (const frame of frames) {
          if (held) put(held, false);
          held = frame;
        }
      };
      for (const [index, unit] of units.entries()) {
        const ids = phonemeIds(unit.phonemes, phonemeIdMap);
        let samples = await synthesizer.synthesize(
          { voice: this.#engine.model, ids, speed: this.#engine._speed },
          this.abortSignal,
        );
        if (this.abortSignal.aborted) return;
        if (index === 0) {
          // The model opens with a short silence the listener would wait through: cut, keeping
          // a 30 ms lead-in as the flite TTS does.
          const first = samples.findIndex((sample) => Math.abs(sample) > LEADING_SILENCE_LEVEL);
          samples = samples.subarray(Math.max(0, first - Math.round(rate * 0.03)));
        }
        timed.push(...timedWords(spoken[index] ?? '', samplesOut / rate, samples.length / rate));
        this.#engine.echoGuard?.speaking(spoken[index] ?? '', samples.length / rate);
        samplesOut += samples.length;
        send(cutter.push(samples));
      }
      send(cutter.flush());
      if (held) put(held, true);
    } catch (error) {
      if (this.abortSignal.aborted) return;
      this.#error =
        error instanceof APIConnectionError
          ? error
          : new APIConnectionError({
              message: `Piper voice "${this.#engine.model}" failed: ${(error as Error).message}`,
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
}
