// Background noise for the spoken evaluation: a noisy room, mixed into the visitor's microphone
// file at a chosen speech-to-noise ratio. Both kinds are made here, so their licence is the
// project's own: babble is the project's synthetic voices talking over each other (sentences
// written for it, about nothing the shop sells), street is synthesized (brown noise for traffic's
// rumble, passing cars as slow swells of it, horns as two-tone beeps), from a fixed seed so every
// run hears the same street.
import { random as seeded } from '@svc/api/testing';
import { speechBounds, synthesize, VOICES, type Voice } from './voices.js';

/** The kinds of noise the evaluation can mix in. */
export const NOISE_KINDS = ['babble', 'street'] as const;
/** A kind of noise. */
export type NoiseKind = (typeof NOISE_KINDS)[number];

/** What to mix into the microphone: the noise and the speech-to-noise ratio in dB. */
export interface NoiseOptions {
  kind: NoiseKind;
  snrDb: number;
}

/** The babble's talkers: the evaluation's English voices (held-in and held-out alike). */
const BABBLE_TALKERS = 5;
/** What the babble's talkers say: everyday talk, nothing a shop visitor would ask. */
const BABBLE_SENTENCES = [
  'The train was late again this morning, so I walked the last part along the river.',
  'My sister moved to a small town by the coast and she says the winters are mild there.',
  'We should repaint the kitchen before the summer, maybe a pale yellow this time.',
  'The meeting ran long and nobody remembered to order lunch for the visitors.',
  'He plays the piano every evening after dinner, mostly old songs from the radio.',
  'The library closes early on Fridays, which is annoying when you work until five.',
  'Did you hear that the bakery on the corner is changing owners next month?',
  'I left my umbrella on the bus and of course it started raining an hour later.',
];

/** Several talkers at once, each starting at its own point of its own sentences, looped. */
async function babble(length: number, rate: number): Promise<Float32Array> {
  const noise = new Float32Array(length);
  const talkers: Voice[] = VOICES.slice(0, BABBLE_TALKERS);
  for (const [index, voice] of talkers.entries()) {
    const parts: Int16Array[] = [];
    for (let sentence = 0; sentence < BABBLE_SENTENCES.length; sentence += 1) {
      const text = BABBLE_SENTENCES[(sentence + index * 3) % BABBLE_SENTENCES.length] ?? '';
      const pcm = await synthesize(voice, text, rate);
      const { start, end } = speechBounds(pcm);
      parts.push(pcm.subarray(start, end), new Int16Array(Math.round(rate * 0.25)));
    }
    const total = parts.reduce((sum, part) => sum + part.length, 0);
    const talk = new Int16Array(total);
    let offset = 0;
    for (const part of parts) {
      talk.set(part, offset);
      offset += part.length;
    }
    const shift = Math.round((total * index) / talkers.length);
    for (let sample = 0; sample < length; sample += 1) {
      noise[sample] = (noise[sample] ?? 0) + (talk[(sample + shift) % total] ?? 0);
    }
  }
  return noise;
}

/** Traffic: brown noise, cars passing as swells of it, and now and then a horn. */
function street(length: number, rate: number): Float32Array {
  const random = seeded(20_261_128);
  const noise = new Float32Array(length);
  // Brown noise: integrated white noise, leaking back to zero so it does not drift.
  let level = 0;
  for (let sample = 0; sample < length; sample += 1) {
    level = 0.998 * level + (random() * 2 - 1);
    noise[sample] = level;
  }
  // Cars: every 3-9 s one passes, a 2-4 s swell to three times the rumble.
  for (let at = rate * (1 + random() * 3); at < length; at += rate * (3 + random() * 6)) {
    const span = rate * (2 + random() * 2);
    for (let sample = 0; sample < span && at + sample < length; sample += 1) {
      const index = Math.floor(at + sample);
      noise[index] = (noise[index] ?? 0) * (1 + 2 * Math.sin((Math.PI * sample) / span));
    }
  }
  // Horns: every 8-20 s, 0.3-0.6 s of two tones.
  for (let at = rate * (5 + random() * 10); at < length; at += rate * (8 + random() * 12)) {
    const span = rate * (0.3 + random() * 0.3);
    for (let sample = 0; sample < span && at + sample < length; sample += 1) {
      const index = Math.floor(at + sample);
      const time = sample / rate;
      const tone = Math.sin(2 * Math.PI * 420 * time) + Math.sin(2 * Math.PI * 500 * time);
      noise[index] = (noise[index] ?? 0) + 40 * tone;
    }
  }
  return noise;
}

/** Mean power of the samples louder than silence (the speech), or of all when none is. */
function speechPower(speech: Int16Array): number {
  let sum = 0;
  let count = 0;
  for (const sample of speech) {
    if (Math.abs(sample) <= 300) continue;
    sum += sample * sample;
    count += 1;
  }
  return count ? sum / count : 0;
}

/**
 * `speech` (a whole microphone file, silences included) with the noise mixed in over its whole
 * length, scaled so that the speech's power is `snrDb` above the noise's; clipped to 16 bits.
 */
export async function withNoise(
  speech: Int16Array,
  rate: number,
  { kind, snrDb }: NoiseOptions,
): Promise<Int16Array> {
  const noise = kind === 'babble' ? await babble(speech.length, rate) : street(speech.length, rate);
  const noisePower = noise.reduce((sum, sample) => sum + sample * sample, 0) / noise.length;
  const scale = Math.sqrt(speechPower(speech) / (noisePower * 10 ** (snrDb / 10)));
  const mixed = new Int16Array(speech.length);
  for (let sample = 0; sample < speech.length; sample += 1) {
    const value = (speech[sample] ?? 0) + (noise[sample] ?? 0) * scale;
    mixed[sample] = Math.max(-32_768, Math.min(32_767, Math.round(value)));
  }
  return mixed;
}

/** `EVAL_NOISE=babble|street` and `EVAL_SNR_DB` (default 10), checked; undefined for none. */
export function noiseFromEnvironment(): NoiseOptions | undefined {
  const kind = process.env.EVAL_NOISE;
  if (!kind) return undefined;
  if (!(NOISE_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`EVAL_NOISE=${kind}: ${NOISE_KINDS.join(' or ')}`);
  }
  const snrDb = Number(process.env.EVAL_SNR_DB ?? 10);
  if (!Number.isFinite(snrDb)) throw new Error(`EVAL_SNR_DB=${process.env.EVAL_SNR_DB}: a number`);
  return { kind: kind as NoiseKind, snrDb };
}
