import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APIConnectionError, initializeLogger, stt } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FliteTTS } from './flite-tts.js';
import { PocketsphinxSTT } from './pocketsphinx-stt.js';
import { wordErrorRate } from './word-error.js';

// The embedded recognizer against the real pocketsphinx of the machine: flite speaks, the audio
// goes through the framework's streaming STT interface as a room would deliver it (20 ms frames
// at 48 kHz), and the transcripts are scored.

initializeLogger({ pretty: false, level: 'silent' });

/** Domain phrases in the shape the agent builds them from a scenario and its catalogue. */
const PHRASES = [
  'You are the voice assistant of Trailhead, an outdoor gear shop. Help visitors find products, show them, compare them, and manage their cart.',
  'Hi, welcome to Trailhead! What are you looking for today?',
  'search products',
  'show product',
  'compare products',
  'add to cart',
  'remove from cart',
  'show cart',
  ...['Footwear', 'Tents', 'Sleeping bags', 'Backpacks', 'Lighting'].flatMap((value) => [
    `show me ${value}`,
    `do you have ${value}`,
  ]),
  ...['black', 'blue', 'green', 'red'].map((color) => `show me ${color} ones`),
  ...[
    'North Peak Hiking Boot',
    'Blue Ridge Two Person Tent',
    'Stone Creek Down Sleeping Bag',
    'Pine Hollow Headlamp',
    'Summit Rain Jacket',
    'Red Cedar Day Pack',
  ].flatMap((name) => [
    name,
    `show me the ${name}`,
    `add the ${name} to my cart`,
    `tell me about the ${name}`,
    `remove the ${name}`,
  ]),
  'show me waterproof hiking boots',
];

const ROOM_RATE = 48_000;
const ROOM_FRAME = 960;

let cacheDir = '';
beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'svc-stt-test-'));
});
afterAll(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

async function speak(text: string, voice = 'rms'): Promise<AudioFrame[]> {
  const frames: AudioFrame[] = [];
  for await (const { frame } of new FliteTTS({ voice }).synthesize(text)) frames.push(frame);
  return frames;
}

/** 16 kHz frames as the 20 ms, 48 kHz frames a room delivers. */
function toRoomFrames(frames: readonly AudioFrame[]): AudioFrame[] {
  const resampler = new AudioResampler(16_000, ROOM_RATE, 1);
  const out: AudioFrame[] = [];
  let pending = new Int16Array(0);
  const cut = (samples: Int16Array) => {
    const all = new Int16Array(pending.length + samples.length);
    all.set(pending);
    all.set(samples, pending.length);
    let start = 0;
    for (; start + ROOM_FRAME <= all.length; start += ROOM_FRAME) {
      out.push(new AudioFrame(all.slice(start, start + ROOM_FRAME), ROOM_RATE, 1, ROOM_FRAME));
    }
    pending = all.slice(start);
  };
  for (const frame of frames) for (const piece of resampler.push(frame)) cut(piece.data);
  for (const piece of resampler.flush()) cut(piece.data);
  resampler.close();
  return out;
}

const silence = (frames: number) =>
  Array.from(
    { length: frames },
    () => new AudioFrame(new Int16Array(ROOM_FRAME), ROOM_RATE, 1, ROOM_FRAME),
  );

async function events(stream: stt.SpeechStream): Promise<stt.SpeechEvent[]> {
  const all: stt.SpeechEvent[] = [];
  for await (const event of stream) all.push(event);
  return all;
}

const finalTexts = (all: readonly stt.SpeechEvent[]) =>
  all
    .filter((event) => event.type === stt.SpeechEventType.FINAL_TRANSCRIPT)
    .map((event) => event.alternatives?.[0]?.text ?? '');

/** Waits until `check` holds (polling), failing after `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function processGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('PocketsphinxSTT', () => {
  it('transcribes flite speech fed as 48 kHz room frames through the streaming path', async () => {
    const recognizer = new PocketsphinxSTT({ phrases: PHRASES, cacheDir });
    const sentences = [
      'show me waterproof hiking boots',
      'add the Blue Ridge Two Person Tent to my cart',
      'compare the two sleeping bags',
      'what is in my cart',
      "that's all, goodbye",
    ];
    const stream = recognizer.stream();
    expect(await stream.ready).toBe(true);
    let pushed = 0;
    const push = (frames: AudioFrame[]) => {
      for (const frame of frames) stream.pushFrame(frame);
      pushed += frames.length * 0.02;
    };
    push(silence(25));
    for (const sentence of sentences) {
      push(toRoomFrames(await speak(sentence)));
      push(silence(60));
    }
    stream.endInput();
    const all = await events(stream);
    const texts = finalTexts(all);
    // One utterance per sentence (the pauses between them are 1.2 s).
    expect(texts).toHaveLength(sentences.length);
    const wer = wordErrorRate(
      sentences.map((reference, i) => ({ reference, hypothesis: texts[i] ?? '' })),
    );
    // Measured 0-5% for these voices and this model (bench/agent/speech/wer.ts); 20% leaves
    // room for decoder noise while still failing on a broken model or bad resampling.
    expect(wer).toBeLessThanOrEqual(0.2);

    // Per utterance: START_OF_SPEECH, FINAL_TRANSCRIPT, END_OF_SPEECH, RECOGNITION_USAGE.
    const types = all.map((event) => event.type);
    expect(types.slice(0, 4)).toEqual([
      stt.SpeechEventType.START_OF_SPEECH,
      stt.SpeechEventType.FINAL_TRANSCRIPT,
      stt.SpeechEventType.END_OF_SPEECH,
      stt.SpeechEventType.RECOGNITION_USAGE,
    ]);
    const finals = all.filter((event) => event.type === stt.SpeechEventType.FINAL_TRANSCRIPT);
    for (const event of finals) {
      const data = event.alternatives?.[0];
      expect(data?.language).toBe('en-US');
      expect(data?.confidence).toBeGreaterThan(0);
      expect(data?.confidence).toBeLessThanOrEqual(1);
      expect(data?.endTime).toBeGreaterThan(data?.startTime ?? Infinity);
      expect(data?.words?.map((word) => word.text).join(' ')).toBe(data?.text);
      expect(event.speechEndTime).toBeLessThanOrEqual(Date.now());
    }
    // Times run on the audio clock: utterances in order, 1.2 s of silence apart or more.
    const starts = finals.map((event) => event.alternatives?.[0]?.startTime ?? 0);
    for (let i = 1; i < starts.length; i += 1) {
      expect(starts[i]).toBeGreaterThan((finals[i - 1]?.alternatives?.[0]?.endTime ?? 0) + 1);
    }
    const usage = all
      .filter((event) => event.type === stt.SpeechEventType.RECOGNITION_USAGE)
      .reduce((sum, event) => sum + (event.recognitionUsage?.audioDuration ?? 0), 0);
    expect(usage).toBeCloseTo(pushed, 1);
  });

  it('recognizes a single buffer at another rate (batch), and downmixes stereo frames', async () => {
    const recognizer = new PocketsphinxSTT({ phrases: PHRASES, cacheDir });
    const frames = await speak('show me the Pine Hollow Headlamp', 'slt');
    const resampler = new AudioResampler(16_000, 24_000, 1);
    const at24k = [...frames.flatMap((frame) => resampler.push(frame)), ...resampler.flush()];
    resampler.close();
    const event = await recognizer.recognize(at24k);
    expect(event.type).toBe(stt.SpeechEventType.FINAL_TRANSCRIPT);
    expect(event.alternatives?.[0]?.text).toBe('show me the pine hollow headlamp');

    const stereo = frames.map((frame) => {
      const data = new Int16Array(frame.samplesPerChannel * 2);
      frame.data.forEach((sample, i) => {
        data[2 * i] = sample;
        data[2 * i + 1] = sample;
      });
      return new AudioFrame(data, frame.sampleRate, 2, frame.samplesPerChannel);
    });
    const stream = recognizer.stream();
    for (const frame of stereo) stream.pushFrame(frame);
    stream.endInput();
    expect(finalTexts(await events(stream))).toEqual(['show me the pine hollow headlamp']);
  });

  it('kills its recognizer process when the stream is closed', async () => {
    const recognizer = new PocketsphinxSTT({ phrases: PHRASES, cacheDir });
    const stream = recognizer.stream();
    expect(await stream.ready).toBe(true);
    const pid = stream.processId;
    expect(pid).toBeGreaterThan(0);
    expect(processGroupAlive(pid as number)).toBe(true);
    for (const frame of silence(10)) stream.pushFrame(frame);
    const reading = events(stream);
    stream.close();
    expect(await reading).toEqual([]);
    await eventually(() => !processGroupAlive(pid as number), 2000);
    expect(stream.processId).toBeUndefined();
  });

  it('fails clearly, without hanging, on a missing binary', async () => {
    const recognizer = new PocketsphinxSTT({
      phrases: PHRASES,
      cacheDir,
      binary: '/nonexistent/pocketsphinx_continuous',
    });
    const errors: { error: Error; recoverable: boolean }[] = [];
    recognizer.on('error', (event) => errors.push(event));
    const stream = recognizer.stream();
    for (const frame of silence(5)) stream.pushFrame(frame);
    const started = Date.now();
    expect(await events(stream)).toEqual([]);
    expect(await stream.ready).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.recoverable).toBe(false);
    expect(errors[0]?.error).toBeInstanceOf(APIConnectionError);
    expect(errors[0]?.error.message).toMatch(
      /\/nonexistent\/pocketsphinx_continuous was not found.*Debian package "pocketsphinx"/,
    );
    await expect(recognizer.recognize(silence(5))).rejects.toThrow(/was not found/);
  });

  it('fails clearly when the recognizer cannot load its model', async () => {
    const recognizer = new PocketsphinxSTT({
      languageModel: join(cacheDir, 'missing.lm'),
      dictionary: join(cacheDir, 'missing.dict'),
    });
    await expect(recognizer.prepare()).rejects.toThrow(/language model not found at .*missing\.lm/);
    // A model that exists but is not one: the program starts and gives up.
    const { dict } = await new PocketsphinxSTT({ phrases: PHRASES, cacheDir }).prepare();
    const broken = new PocketsphinxSTT({
      languageModel: join(import.meta.dirname, 'pocketsphinx-stt.test.ts'),
      dictionary: dict,
    });
    const errors: Error[] = [];
    broken.on('error', (event) => errors.push(event.error));
    const stream = broken.stream();
    for (const frame of silence(5)) stream.pushFrame(frame);
    const started = Date.now();
    // No transcript; only the usage of the audio it was sent.
    expect((await events(stream)).map((event) => event.type)).toEqual([
      stt.SpeechEventType.RECOGNITION_USAGE,
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(
      /pocketsphinx_continuous exited with code 1: .*pocketsphinx-stt\.test\.ts is not a dump file/,
    );
  });

  it('refuses languages its acoustic model does not know, saying so', () => {
    expect(() => new PocketsphinxSTT({ language: 'fr-FR' })).toThrow(
      /recognizes US English only, not "fr-FR"/,
    );
    expect(new PocketsphinxSTT({ language: 'en' }).language).toBe('en');
  });
});
