// Offline speech to text on CMU pocketsphinx, as an agents-framework STT: the engine, its setup
// (program, models, decoder arguments) and one-shot recognition. Streams are in
// ./pocketsphinx-speech-stream.ts, the program they run in ./recognizer-process.ts.

import { join } from 'node:path';
import {
  APIConnectionError,
  type APIConnectOptions,
  type AudioBuffer,
  DEFAULT_API_CONNECT_OPTIONS,
  getBaseLanguage,
  normalizeLanguage,
  shortuuid,
  stt,
} from '@livekit/agents';
import { monoSamples } from './audio.js';
import {
  DEBIAN_EN_US_MODEL_DIR,
  type LanguageModelOptions,
  prepareLanguageModel,
  type PreparedLanguageModel,
} from './language-model.js';
import { PocketsphinxSpeechStream } from './pocketsphinx-speech-stream.js';
import { frameworkLogger, requireExecutable, requireFiles } from './processes.js';
import type { RecognizedUtterance } from './recognizer-output-parser.js';
import {
  exitError,
  RECOGNIZER_SAMPLE_RATE,
  RecognizerProcess,
  type RecognizerSetup,
} from './recognizer-process.js';
import { speechData } from './speech-data.js';

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
      const exit = await recognizer.exitedWithin(
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
