// A Piper voice (a VITS model exported to ONNX, and its JSON) on onnxruntime-node: where voices
// are found, what their JSON says, and one inference from phoneme ids to audio. The model is
// loaded once per process and shared by every conversation (a session's `run` may be called
// concurrently).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APIConnectionError } from '@livekit/agents';
import { cacheDir } from '../cache-dir.js';
import type * as OnnxRuntime from 'onnxruntime-node';
import { phonemeIds, type PhonemeIdMap } from './piper-phonemes.js';

/** The voice the set-up installs (`scripts/ensure-piper.mjs`): Piper's en_US-joe-medium, CC0. */
export const DEFAULT_PIPER_VOICE = 'joe';

/** Voices the set-up installs, by name: their folder in the cache and model file. */
const INSTALLED_VOICES: Readonly<Record<string, { folder: string; model: string }>> = {
  joe: { folder: 'piper-joe', model: 'en_US-joe-medium.onnx' },
};

/**
 * What an operator's voice may be called: a file name without folders or dots (Piper's own
 * names, `de_DE-thorsten-medium`, fit), so a name can never reach outside the voices folder.
 */
const VOICE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** Where a voice's two files are. */
export interface PiperVoicePaths {
  /** The voice's name, as a scenario gives it. */
  name: string;
  /** The ONNX model. */
  model: string;
  /** Its JSON (`<model>.json`, as Piper names it). */
  config: string;
}

/** Where voices are looked for besides the installed ones. */
export interface PiperVoiceLocation {
  /**
   * The operator's folder of Piper voices (`<name>.onnx` with `<name>.onnx.json`), picked by
   * name: a business's own voice, for any language. Never a tenant's path: a scenario gives
   * only a name.
   */
  voicesDir?: string | undefined;
}

/** Whether `name` is one of the voices the set-up installs. */
export function isInstalledPiperVoice(name: string): boolean {
  return Object.hasOwn(INSTALLED_VOICES, name);
}

/**
 * The files of voice `name`: an installed voice's place in the cache (whether or not it is
 * there yet), else `<voicesDir>/<name>.onnx` when both its files exist. Undefined for a name
 * that is neither, or not a voice name at all.
 */
export function piperVoicePaths(
  name: string,
  location: PiperVoiceLocation = {},
): PiperVoicePaths | undefined {
  const installed = Object.hasOwn(INSTALLED_VOICES, name) ? INSTALLED_VOICES[name] : undefined;
  if (installed) {
    const model = join(cacheDir(), 'models', installed.folder, installed.model);
    return { name, model, config: `${model}.json` };
  }
  if (!location.voicesDir || !VOICE_NAME.test(name)) return undefined;
  const model = join(location.voicesDir, `${name}.onnx`);
  const config = `${model}.json`;
  return existsSync(model) && existsSync(config) ? { name, model, config } : undefined;
}

/** Whether voice `name`'s files are on this machine. */
export function piperVoiceInstalled(name: string, location: PiperVoiceLocation = {}): boolean {
  const paths = piperVoicePaths(name, location);
  return paths !== undefined && existsSync(paths.model) && existsSync(paths.config);
}

/** What synthesis reads from a voice's JSON. */
export interface PiperVoiceConfig {
  /** Output rate (22,050 Hz for `medium` voices). */
  sampleRate: number;
  /** The espeak-ng voice its phonemes come from (`en-us`). */
  espeakVoice: string;
  /** The voice's language (`en_US`), when its JSON says. */
  language: string | undefined;
  phonemeIdMap: PhonemeIdMap;
  /** The VITS sampling noise, phoneme length and duration noise Piper passes as `scales`. */
  noiseScale: number;
  lengthScale: number;
  noiseW: number;
  /** Speakers of a multi-speaker model; the first speaks. */
  numSpeakers: number;
}

/**
 * A voice's JSON as synthesis needs it, with Piper's defaults where it is silent (noise 0.667,
 * length 1, duration noise 0.8).
 *
 * @throws Error when the JSON is not a Piper voice's (no sample rate, espeak voice or id map).
 */
export function parsePiperConfig(json: string): PiperVoiceConfig {
  const config = JSON.parse(json) as {
    audio?: { sample_rate?: number };
    espeak?: { voice?: string };
    language?: { code?: string };
    phoneme_type?: string;
    phoneme_id_map?: Record<string, number[]>;
    inference?: { noise_scale?: number; length_scale?: number; noise_w?: number };
    num_speakers?: number;
  };
  const sampleRate = config.audio?.sample_rate;
  const espeakVoice = config.espeak?.voice;
  const phonemeIdMap = config.phoneme_id_map;
  if (!sampleRate || !espeakVoice || !phonemeIdMap) {
    throw new Error(
      'not a Piper voice: its JSON needs audio.sample_rate, espeak.voice and phoneme_id_map',
    );
  }
  if ((config.phoneme_type ?? 'espeak') !== 'espeak') {
    throw new Error(
      `Piper voices of phoneme type "${config.phoneme_type}" are not supported (only espeak)`,
    );
  }
  return {
    sampleRate,
    espeakVoice,
    language: config.language?.code,
    phonemeIdMap,
    noiseScale: config.inference?.noise_scale ?? 0.667,
    lengthScale: config.inference?.length_scale ?? 1,
    noiseW: config.inference?.noise_w ?? 0.8,
    numSpeakers: config.num_speakers ?? 1,
  };
}

/** Reads a voice's JSON (small; read when a TTS is made, which needs its rate at once). */
export function readPiperConfig(paths: PiperVoicePaths): PiperVoiceConfig {
  return parsePiperConfig(readFileSync(paths.config, 'utf8'));
}

type Ort = typeof OnnxRuntime;
type InferenceSession = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

/** A loaded voice: one ONNX session, shared. */
export class PiperVoice {
  readonly #ort: Ort;
  readonly #session: InferenceSession;

  /** Use {@link loadPiperVoice}. */
  constructor(
    ort: Ort,
    session: InferenceSession,
    readonly paths: PiperVoicePaths,
    readonly config: PiperVoiceConfig,
  ) {
    this.#ort = ort;
    this.#session = session;
  }

  /**
   * The audio of one utterance's ids, as 16-bit samples at the voice's rate, scaled to full
   * range as Piper does by default (its `normalize_audio`). `speed` divides the phoneme lengths.
   */
  async synthesize(ids: readonly number[], speed = 1): Promise<Int16Array> {
    const { Tensor } = this.#ort;
    const { noiseScale, lengthScale, noiseW, numSpeakers } = this.config;
    const feeds: Record<string, InstanceType<typeof Tensor>> = {
      input: new Tensor(
        'int64',
        BigInt64Array.from(ids, (id) => BigInt(id)),
        [1, ids.length],
      ),
      input_lengths: new Tensor('int64', BigInt64Array.from([BigInt(ids.length)]), [1]),
      scales: new Tensor(
        'float32',
        Float32Array.from([noiseScale, lengthScale / speed, noiseW]),
        [3],
      ),
    };
    if (numSpeakers > 1) feeds.sid = new Tensor('int64', BigInt64Array.from([0n]), [1]);
    const results = await this.#session.run(feeds);
    const output = results[this.#session.outputNames[0] ?? 'output'];
    if (!output) throw new Error('the voice model gave no output');
    return toInt16(output.data as Float32Array);
  }
}

/** Float audio as 16-bit samples, its peak at full scale (Piper's normalization, then its clip). */
export function toInt16(audio: Float32Array): Int16Array {
  let peak = 0;
  for (const sample of audio) peak = Math.max(peak, Math.abs(sample));
  const samples = new Int16Array(audio.length);
  if (peak < 1e-8) return samples;
  const gain = 32_767 / peak;
  for (let i = 0; i < audio.length; i += 1) {
    samples[i] = Math.max(-32_767, Math.min(32_767, Math.round((audio[i] ?? 0) * gain)));
  }
  return samples;
}

/** Options of {@link loadPiperVoice}. */
export interface PiperLoadOptions {
  /**
   * CPU threads of one inference (default 1): measured on two cores under load (2026-11-28),
   * one thread synthesized at a real-time factor of 0.15-0.2 against 0.35-0.45 for two, which
   * wait for each other whenever the recognizer or the LLM takes a core.
   */
  threads?: number;
}

const loaded = new Map<string, Promise<PiperVoice>>();

/**
 * The voice at `paths`, loaded once per process and model file (2-4 s on two cores, about
 * 130 MiB resident for a medium voice) and run once. A failed load is not kept: the next call tries again. Rejects with a
 * non-retryable `APIConnectionError` saying which file is missing or unreadable.
 */
export function loadPiperVoice(
  paths: PiperVoicePaths,
  options: PiperLoadOptions = {},
): Promise<PiperVoice> {
  const key = `${paths.model}\u0000${options.threads ?? 1}`;
  let voice = loaded.get(key);
  if (!voice) {
    voice = (async () => {
      if (!existsSync(paths.model) || !existsSync(paths.config)) {
        throw new APIConnectionError({
          message: `Piper voice "${paths.name}" not found at ${paths.model}${isInstalledPiperVoice(paths.name) ? ': run `npm run ensure-piper -w @svc/agents-plugin-embedded`' : ''}`,
          options: { retryable: false },
        });
      }
      const config = readPiperConfig(paths);
      // Imported when a voice first loads: its native binding is not for every process that
      // imports this package (the API's voice sample speaks flite).
      const ort = await import('onnxruntime-node');
      const session = await ort.InferenceSession.create(paths.model, {
        intraOpNumThreads: options.threads ?? 1,
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
      });
      const voice = new PiperVoice(ort, session, paths, config);
      // The runtime's first run sets itself up (memory, kernels): done here, not in a reply.
      await voice.synthesize(phonemeIds('ə', config.phonemeIdMap));
      return voice;
    })();
    loaded.set(key, voice);
    voice.catch(() => loaded.delete(key));
  }
  return voice;
}

/** One utterance for a {@link PiperSynthesizer}: the voice by name, its ids, the speaking rate. */
export interface PiperSynthesisRequest {
  voice: string;
  ids: readonly number[];
  speed: number;
}

/**
 * Runs a voice's model: in this process ({@link localPiperSynthesizer}), or in another that
 * serves every conversation of a worker (the agent's model host), so the model is loaded once.
 */
export interface PiperSynthesizer {
  /** The utterance's audio, 16-bit at the voice's rate. */
  synthesize(request: PiperSynthesisRequest, signal?: AbortSignal): Promise<Int16Array>;
}

/**
 * A {@link PiperSynthesizer} on this process's voices: each loaded at its first utterance, or
 * ahead with `load`. Voice names resolve as {@link piperVoicePaths} resolves them.
 */
export function localPiperSynthesizer(
  location: PiperVoiceLocation = {},
  options: PiperLoadOptions = {},
): PiperSynthesizer & { load(voice: string): Promise<PiperVoice> } {
  const load = (voice: string) => {
    const paths = piperVoicePaths(voice, location);
    if (!paths) return Promise.reject(new Error(`unknown Piper voice "${voice}"`));
    return loadPiperVoice(paths, options);
  };
  return {
    load,
    async synthesize({ voice, ids, speed }) {
      return (await load(voice)).synthesize(ids, speed);
    },
  };
}
