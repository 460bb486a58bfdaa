// PCM helpers shared by the embedded recognizer and synthesizer: frames in and out of the agents
// framework, mono downmixing, resampling, WAV headers. The framework's own helpers
// (AudioByteStream, mergeFrames) copy their whole buffer on every call, which is quadratic on
// the few seconds of audio a sentence makes; these copy each sample once.

import type { AudioBuffer } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';

/** The frame as mono: channels averaged (speech engines take one channel). */
export function downmixToMono(frame: AudioFrame): AudioFrame {
  if (frame.channels <= 1) return frame;
  const channels = frame.channels;
  const mono = new Int16Array(frame.samplesPerChannel);
  for (let i = 0; i < mono.length; i += 1) {
    let sum = 0;
    for (let c = 0; c < channels; c += 1) sum += frame.data[i * channels + c] ?? 0;
    mono[i] = Math.round(sum / channels);
  }
  return new AudioFrame(mono, frame.sampleRate, 1, mono.length);
}

/** A copy of the frame's samples as bytes (16-bit little-endian, as the frame holds them). */
export function frameBytes(frame: AudioFrame): Buffer {
  const view = frame.data.subarray(0, frame.samplesPerChannel * frame.channels);
  return Buffer.from(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

/**
 * All samples of an audio buffer as one mono 16-bit track at `sampleRate`: frames are
 * downmixed, resampled when their rate differs (the framework's sox resampler), and joined.
 * Frames of different rates in one buffer are each resampled from their own rate.
 */
export function monoSamples(buffer: AudioBuffer, sampleRate: number): Int16Array {
  const frames = (Array.isArray(buffer) ? buffer : [buffer]).map(downmixToMono);
  const parts: Int16Array[] = [];
  let resampler: AudioResampler | undefined;
  const drain = () => {
    if (!resampler) return;
    for (const out of resampler.flush()) parts.push(out.data.subarray(0, out.samplesPerChannel));
    resampler.close();
    resampler = undefined;
  };
  try {
    for (const frame of frames) {
      if (frame.samplesPerChannel === 0) continue;
      if (frame.sampleRate === sampleRate) {
        drain();
        parts.push(frame.data.subarray(0, frame.samplesPerChannel));
        continue;
      }
      if (resampler && resampler.inputRate !== frame.sampleRate) drain();
      resampler ??= new AudioResampler(frame.sampleRate, sampleRate, 1);
      for (const out of resampler.push(frame)) {
        parts.push(out.data.subarray(0, out.samplesPerChannel));
      }
    }
    drain();
  } finally {
    resampler?.close();
  }
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const samples = new Int16Array(total);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  return samples;
}

/**
 * Cuts mono samples into frames of `samplesPerFrame` (the last one may be shorter), each with
 * its own copy of the samples so a consumer may keep or transfer it.
 */
export function toFrames(
  samples: Int16Array,
  sampleRate: number,
  samplesPerFrame: number,
): AudioFrame[] {
  const frames: AudioFrame[] = [];
  for (let start = 0; start < samples.length; start += samplesPerFrame) {
    const data = samples.slice(start, Math.min(samples.length, start + samplesPerFrame));
    frames.push(new AudioFrame(data, sampleRate, 1, data.length));
  }
  return frames;
}

/** The format of a WAV stream, from its `fmt ` chunk. */
export interface WavFormat {
  /** Samples per second per channel. */
  sampleRate: number;
  /** Interleaved channels. */
  channels: number;
  /** Bits per sample (always 16 here). */
  bitsPerSample: number;
}

/**
 * Reads a WAV byte stream as it arrives: walks the RIFF chunks to `fmt ` and `data` (engines
 * write headers of different sizes, and a streaming writer puts a bogus size on `data`), then
 * hands out whole 16-bit samples. Only 16-bit PCM is accepted: it is what flite and espeak-ng
 * write.
 */
export class WavStreamReader {
  #header: Buffer = Buffer.alloc(0);
  #format: WavFormat | undefined;
  #inData = false;
  #odd: Buffer = Buffer.alloc(0);

  /** The stream's format, once its header has been read. */
  get format(): WavFormat | undefined {
    return this.#format;
  }

  /** Feeds bytes; returns the samples they complete (an empty array while in the header). */
  push(chunk: Buffer): Int16Array {
    let data: Buffer;
    if (this.#inData) data = chunk;
    else {
      this.#header = Buffer.concat([this.#header, chunk]);
      const rest = this.#parseHeader();
      if (!rest) return new Int16Array(0);
      data = rest;
    }
    if (this.#odd.length) {
      data = Buffer.concat([this.#odd, data]);
      this.#odd = Buffer.alloc(0);
    }
    const whole = data.length - (data.length % 2);
    if (whole < data.length) this.#odd = Buffer.from(data.subarray(whole));
    const samples = new Int16Array(whole / 2);
    for (let i = 0; i < samples.length; i += 1) samples[i] = data.readInt16LE(i * 2);
    return samples;
  }

  #parseHeader(): Buffer | undefined {
    const header = this.#header;
    if (header.length < 12) return undefined;
    if (header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error('not a WAV stream');
    }
    let offset = 12;
    while (offset + 8 <= header.length) {
      const id = header.toString('ascii', offset, offset + 4);
      const size = header.readUInt32LE(offset + 4);
      if (id === 'data') {
        if (!this.#format) throw new Error('WAV stream has no fmt chunk before its data');
        this.#inData = true;
        this.#header = Buffer.alloc(0);
        return header.subarray(offset + 8);
      }
      if (offset + 8 + size > header.length) return undefined;
      if (id === 'fmt ') {
        const audioFormat = header.readUInt16LE(offset + 8);
        const format = {
          channels: header.readUInt16LE(offset + 10),
          sampleRate: header.readUInt32LE(offset + 12),
          bitsPerSample: header.readUInt16LE(offset + 22),
        };
        if (audioFormat !== 1 || format.bitsPerSample !== 16) {
          throw new Error(
            `unsupported WAV format ${audioFormat}/${format.bitsPerSample} bits (want 16-bit PCM)`,
          );
        }
        this.#format = format;
      }
      // RIFF chunks are padded to an even size.
      offset += 8 + size + (size % 2);
    }
    return undefined;
  }
}

/** Hands out fixed-size frames from samples arriving in pieces. */
export class FrameCutter {
  #pending = new Int16Array(0);

  constructor(
    readonly sampleRate: number,
    readonly samplesPerFrame: number,
  ) {}

  /** Frames of the samples so far; the rest waits for more. */
  push(samples: Int16Array): AudioFrame[] {
    const all = new Int16Array(this.#pending.length + samples.length);
    all.set(this.#pending);
    all.set(samples, this.#pending.length);
    const whole = all.length - (all.length % this.samplesPerFrame);
    this.#pending = all.slice(whole);
    return toFrames(all.subarray(0, whole), this.sampleRate, this.samplesPerFrame);
  }

  /** The samples left, as a last (shorter) frame. */
  flush(): AudioFrame[] {
    const rest = toFrames(this.#pending, this.sampleRate, this.samplesPerFrame);
    this.#pending = new Int16Array(0);
    return rest;
  }
}
