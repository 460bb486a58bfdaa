// Pipecat's Smart Turn v3.2 on onnxruntime-node: an end-of-turn model (a Whisper encoder with a
// classifier, 8.7 MB, BSD-2, 23 languages) that reads the last 8 s of a turn's audio as Whisper's
// log-mel features. Pipecat computes the features in numpy (its `_whisper_features.py`, itself
// Hugging Face's WhisperFeatureExtractor); this file is that computation in TypeScript, step for
// step, so the model sees what it was trained on. `scripts/ensure-smart-turn.mjs` installs the
// model; it lives here, beside v1-mini's executor, because the turn detection it serves is the
// agent's, not the speech stack's.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '@svc/agents-plugin-embedded';
import type * as OnnxRuntime from 'onnxruntime-node';

/** The rate Smart Turn hears, Hz. */
export const SMART_TURN_RATE = 16_000;
/** Its window: the last 8 s of the turn, silence before when the turn is shorter. */
export const SMART_TURN_WINDOW = 8 * SMART_TURN_RATE;
/** Mel bins per frame. */
export const SMART_TURN_MELS = 80;
/** Frames per window: one each 10 ms, the last frame of the centred transform dropped. */
export const SMART_TURN_FRAMES = 800;
/** The probability above which pipecat calls a turn complete. */
export const SMART_TURN_THRESHOLD = 0.5;

const FFT_SIZE = 400;
const HOP = 160;
const BINS = FFT_SIZE / 2 + 1;
const MEL_FLOOR = 1e-10;
const VARIANCE_EPSILON = 1e-7;

/** Where the installer puts the model (whether or not it is there yet). */
export function smartTurnModelPath(cache = cacheDir()): string {
  return join(cache, 'models', 'smart-turn-v3.2', 'smart-turn-v3.2-cpu.onnx');
}

/**
 * Installs the model if it is not there yet (`scripts/ensure-smart-turn.mjs`: the pipecat-ai
 * wheel from PyPI, once per machine) and answers its path. The set-up does not install it, as the
 * agent does not use it by default: its tests and the turn bench call this first.
 */
export function ensureSmartTurn(): string {
  const installer = join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    'scripts',
    'ensure-smart-turn.mjs',
  );
  const out = execFileSync(process.execPath, [installer], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 300_000,
  });
  const { smartTurn } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { smartTurn?: string };
  if (!smartTurn) throw new Error('the Smart Turn installer named no folder');
  return join(smartTurn, 'smart-turn-v3.2-cpu.onnx');
}

/**
 * The window Smart Turn reads from a turn's 16 kHz audio: its last 8 s as floats in [-1, 1],
 * zeros before a shorter turn (pipecat pads at the start, so the end of speech stays at the end).
 */
export function smartTurnWindow(pcm: Int16Array): Float32Array {
  const window = new Float32Array(SMART_TURN_WINDOW);
  const kept = pcm.subarray(Math.max(0, pcm.length - SMART_TURN_WINDOW));
  const offset = SMART_TURN_WINDOW - kept.length;
  for (let index = 0; index < kept.length; index += 1)
    window[offset + index] = (kept[index] ?? 0) / 32_768;
  return window;
}

/** Slaney's mel scale, as Whisper's filter bank uses it. */
function hertzToMel(frequency: number): number {
  return frequency < 1000
    ? (3 * frequency) / 200
    : 15 + (Math.log(frequency / 1000) * 27) / Math.log(6.4);
}

function melToHertz(mel: number): number {
  return mel < 15 ? (200 * mel) / 3 : 1000 * Math.exp((Math.log(6.4) / 27) * (mel - 15));
}

/** One mel filter: its weights from bin `first` on (the bins outside its triangle weigh 0). */
interface MelFilter {
  first: number;
  weights: Float64Array;
}

/** Whisper's 80 triangular filters over 0-8 kHz, area-normalised. */
function melFilters(): MelFilter[] {
  const top = hertzToMel(SMART_TURN_RATE / 2);
  const edges = Array.from({ length: SMART_TURN_MELS + 2 }, (_, index) =>
    melToHertz((top * index) / (SMART_TURN_MELS + 1)),
  );
  return Array.from({ length: SMART_TURN_MELS }, (_, mel) => {
    const [low, centre, high] = [edges[mel] ?? 0, edges[mel + 1] ?? 0, edges[mel + 2] ?? 0];
    const filter = new Float64Array(BINS);
    for (let bin = 0; bin < BINS; bin += 1) {
      const frequency = (bin * (SMART_TURN_RATE / 2)) / (BINS - 1);
      const rising = (frequency - low) / (centre - low);
      const falling = (high - frequency) / (high - centre);
      filter[bin] = (Math.max(0, Math.min(rising, falling)) * 2) / (high - low);
    }
    const first = Math.max(
      0,
      filter.findIndex((weight) => weight > 0),
    );
    const last = filter.findLastIndex((weight) => weight > 0);
    return { first, weights: filter.slice(first, Math.max(first, last + 1)) };
  });
}

/**
 * A complex transform of length 400 (2^4 x 5^2) by mixed-radix Cooley-Tukey: a direct one costs
 * ten times as much over the window's 801 frames.
 */
class Fourier400 {
  readonly #cosines = new Float64Array(FFT_SIZE);
  readonly #sines = new Float64Array(FFT_SIZE);
  readonly #factors = [5, 5, 2, 2, 2, 2];
  readonly #scratchReal = new Float64Array(5);
  readonly #scratchImaginary = new Float64Array(5);

  constructor() {
    for (let index = 0; index < FFT_SIZE; index += 1) {
      this.#cosines[index] = Math.cos((2 * Math.PI * index) / FFT_SIZE);
      this.#sines[index] = -Math.sin((2 * Math.PI * index) / FFT_SIZE);
    }
  }

  /** The transform of a real frame into `real` and `imaginary` (each 400 long). */
  transform(frame: Float64Array, real: Float64Array, imaginary: Float64Array): void {
    this.#recurse(frame, 0, 1, FFT_SIZE, 0, real, imaginary, 0);
  }

  #recurse(
    input: Float64Array,
    offset: number,
    stride: number,
    length: number,
    depth: number,
    real: Float64Array,
    imaginary: Float64Array,
    out: number,
  ): void {
    if (length === 1) {
      real[out] = input[offset] ?? 0;
      imaginary[out] = 0;
      return;
    }
    const radix = this.#factors[depth] ?? length;
    const part = length / radix;
    for (let branch = 0; branch < radix; branch += 1)
      this.#recurse(
        input,
        offset + branch * stride,
        stride * radix,
        part,
        depth + 1,
        real,
        imaginary,
        out + branch * part,
      );
    // Twiddles of a length-n transform are every (400 / n)th of the length-400 ones.
    const step = FFT_SIZE / length;
    const scratchReal = this.#scratchReal;
    const scratchImaginary = this.#scratchImaginary;
    const cosines = this.#cosines;
    const sines = this.#sines;
    for (let bin = 0; bin < part; bin += 1) {
      for (let branch = 0; branch < radix; branch += 1) {
        const at = out + branch * part + bin;
        const twiddle = (branch * bin * step) % FFT_SIZE;
        const a = real[at] as number;
        const b = imaginary[at] as number;
        const c = cosines[twiddle] as number;
        const d = sines[twiddle] as number;
        scratchReal[branch] = a * c - b * d;
        scratchImaginary[branch] = a * d + b * c;
      }
      for (let harmonic = 0; harmonic < radix; harmonic += 1) {
        let sumReal = 0;
        let sumImaginary = 0;
        for (let branch = 0; branch < radix; branch += 1) {
          const twiddle = (branch * harmonic * part * step) % FFT_SIZE;
          const a = scratchReal[branch] as number;
          const b = scratchImaginary[branch] as number;
          const c = cosines[twiddle] as number;
          const d = sines[twiddle] as number;
          sumReal += a * c - b * d;
          sumImaginary += a * d + b * c;
        }
        real[out + harmonic * part + bin] = sumReal;
        imaginary[out + harmonic * part + bin] = sumImaginary;
      }
    }
  }
}

let tables: { filters: MelFilter[]; hann: Float64Array; fourier: Fourier400 } | undefined;

/**
 * Smart Turn's input for an 8 s window ({@link smartTurnWindow}): Whisper's log-mel features as
 * pipecat computes them. The waveform is normalised to zero mean and unit variance first; then a
 * centred 400-point transform (reflected edges, periodic Hann window) every 160 samples, its power
 * through 80 mel filters, log10, floored at 8 below the window's loudest value, and `(x + 4) / 4`.
 * @returns 80 x 800 values, one mel bin's 800 frames after another.
 */
export function smartTurnFeatures(window: Float32Array): Float32Array {
  tables ??= {
    filters: melFilters(),
    hann: Float64Array.from(
      { length: FFT_SIZE },
      (_, index) => 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / FFT_SIZE),
    ),
    fourier: new Fourier400(),
  };
  const { filters, hann, fourier } = tables;
  let mean = 0;
  for (const sample of window) mean += sample;
  mean /= window.length;
  let variance = 0;
  for (const sample of window) variance += (sample - mean) ** 2;
  variance /= window.length;
  const scale = 1 / Math.sqrt(variance + VARIANCE_EPSILON);
  // Normalised in 32-bit floats, as pipecat does before the transform widens to 64 bits.
  const normalised = Float32Array.from(window, (sample) => (sample - mean) * scale);
  const half = FFT_SIZE / 2;
  const sampleAt = (position: number) => {
    // Reflected at both ends without repeating the edge sample (numpy's `reflect`).
    const last = normalised.length - 1;
    const reflected = position < 0 ? -position : position > last ? 2 * last - position : position;
    return normalised[reflected] ?? 0;
  };
  const features = new Float32Array(SMART_TURN_MELS * SMART_TURN_FRAMES);
  const logs = new Float64Array(SMART_TURN_MELS * SMART_TURN_FRAMES);
  const frame = new Float64Array(FFT_SIZE);
  const real = new Float64Array(FFT_SIZE);
  const imaginary = new Float64Array(FFT_SIZE);
  const power = new Float64Array(BINS);
  let loudest = Number.NEGATIVE_INFINITY;
  // A turn shorter than the window is padded with silence, so most frames of a short turn are one
  // constant value: such a frame is the previous one's twin, and its spectrum is not recomputed.
  let constant: number | undefined;
  for (let index = 0; index < SMART_TURN_FRAMES; index += 1) {
    const start = index * HOP - half;
    const value = sampleAt(start);
    let flat = true;
    for (let offset = 1; offset < FFT_SIZE && flat; offset += 1)
      flat = sampleAt(start + offset) === value;
    if (flat && constant === value && index > 0) {
      for (let mel = 0; mel < SMART_TURN_MELS; mel += 1)
        logs[mel * SMART_TURN_FRAMES + index] = logs[mel * SMART_TURN_FRAMES + index - 1] ?? 0;
      continue;
    }
    constant = flat ? value : undefined;
    for (let offset = 0; offset < FFT_SIZE; offset += 1)
      frame[offset] = sampleAt(start + offset) * (hann[offset] ?? 0);
    fourier.transform(frame, real, imaginary);
    for (let bin = 0; bin < BINS; bin += 1)
      power[bin] = (real[bin] ?? 0) ** 2 + (imaginary[bin] ?? 0) ** 2;
    for (let mel = 0; mel < SMART_TURN_MELS; mel += 1) {
      const { first, weights } = filters[mel] as MelFilter;
      let energy = 0;
      for (let offset = 0; offset < weights.length; offset += 1)
        energy += (weights[offset] as number) * (power[first + offset] as number);
      const logarithm = Math.log10(Math.max(MEL_FLOOR, energy));
      logs[mel * SMART_TURN_FRAMES + index] = logarithm;
      if (logarithm > loudest) loudest = logarithm;
    }
  }
  for (let index = 0; index < logs.length; index += 1)
    features[index] = (Math.max(logs[index] ?? 0, loudest - 8) + 4) / 4;
  return features;
}

type Ort = typeof OnnxRuntime;
type InferenceSession = Awaited<ReturnType<Ort['InferenceSession']['create']>>;

/** Smart Turn loaded: the probability that a turn's audio so far is a finished turn. */
export class SmartTurnModel {
  readonly #ort: Ort;
  readonly #session: InferenceSession;

  private constructor(ort: Ort, session: InferenceSession) {
    this.#ort = ort;
    this.#session = session;
  }

  /**
   * Loads the model (installed by `scripts/ensure-smart-turn.mjs`) on one CPU thread, as pipecat
   * runs it: a prediction is about 0.1 s, and the agent's other models share the two cores.
   */
  static async load(path = smartTurnModelPath()): Promise<SmartTurnModel> {
    // Imported when the model first loads: its native binding is for processes that use it.
    const ort = await import('onnxruntime-node');
    const session = await ort.InferenceSession.create(path, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    return new SmartTurnModel(ort, session);
  }

  /**
   * The probability that the turn ended, from its 16 kHz audio up to now (speech and the silence
   * after it; only the last 8 s are heard).
   */
  async predict(pcm: Int16Array): Promise<number> {
    const features = smartTurnFeatures(smartTurnWindow(pcm));
    const input = new this.#ort.Tensor('float32', features, [
      1,
      SMART_TURN_MELS,
      SMART_TURN_FRAMES,
    ]);
    const results = await this.#session.run({ input_features: input });
    // The output is named `logits` but is already a sigmoid's probability.
    const output = results.logits;
    if (!output) throw new Error('Smart Turn gave no output');
    return (output.data as Float32Array)[0] ?? 0;
  }
}
