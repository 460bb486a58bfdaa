// The agent's Whisper recognizer behind its VAD, as a voice session runs it: the transcription
// starts at the first pause (0.15 s) instead of the end of the utterance (0.35 s), and a pause the
// visitor talks through costs nothing but the dropped guess. Real silero VAD, real Whisper
// sidecar, flite's voice.
import { initializeLogger, stt, type AudioBuffer, type VAD } from '@livekit/agents';
import { AudioFrame } from '@livekit/rtc-node';
import {
  EarlyStreamAdapter,
  FliteTTS,
  WhisperSidecar,
  WhisperSTT,
} from '@svc/agents-plugin-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadVad } from './turn/index.js';

initializeLogger({ pretty: false, level: 'silent' });

const RATE = 16_000;
let sidecar: WhisperSidecar;
let vad: VAD;

beforeAll(async () => {
  sidecar = new WhisperSidecar();
  await sidecar.start();
  // The agent's VAD.
  vad = await loadVad();
}, 120_000);

afterAll(() => sidecar?.close());

/** What the recognizer was asked: each call's audio length, in ms. */
class CountingRecognizer extends stt.STT {
  label = 'counting';
  readonly calls: number[] = [];
  readonly #inner: stt.STT;
  constructor(inner: stt.STT) {
    super({ streaming: false, interimResults: false });
    this.#inner = inner;
  }
  protected override _recognize(frame: AudioBuffer, signal?: AbortSignal) {
    const frames = Array.isArray(frame) ? frame : [frame];
    const samples = frames.reduce((sum, one) => sum + one.samplesPerChannel, 0);
    this.calls.push((samples / RATE) * 1000);
    return this.#inner.recognize(frame, signal);
  }
  override stream(): stt.SpeechStream {
    throw new Error('not streaming');
  }
}

/** A recognizer that hears nothing in its first `deaf` calls, then hears as `inner` does. */
class DeafFirstRecognizer extends CountingRecognizer {
  #deaf: number;
  constructor(inner: stt.STT, deaf: number) {
    super(inner);
    this.#deaf = deaf;
  }
  protected override _recognize(frame: AudioBuffer, signal?: AbortSignal) {
    const heard = super._recognize(frame, signal);
    if (this.#deaf <= 0) return heard;
    this.#deaf -= 1;
    return heard.then((event) => ({
      ...event,
      alternatives: event.alternatives?.map((alternative) => ({ ...alternative, text: '' })),
    })) as ReturnType<stt.STT['recognize']>;
  }
}

async function speech(text: string): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const audio of new FliteTTS({ voice: 'slt', sampleRate: RATE }).synthesize(text))
    parts.push(audio.frame.data);
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  // flite pads its words with near-silence: the pauses between pieces are the test's own.
  const loud = (sample: number) => Math.abs(sample) > 100;
  return out.subarray(out.findIndex(loud), out.findLastIndex(loud) + 1);
}

const silence = (ms: number) => new Int16Array((RATE * ms) / 1000);

/**
 * Pushes the audio in 20 ms frames (at once, or as a microphone would, in real time) and collects
 * the stream's events up to its final.
 */
async function transcribe(adapter: stt.STT, pieces: Int16Array[], realTime = false) {
  const stream = adapter.stream();
  const events: stt.SpeechEvent[] = [];
  for (const piece of pieces) {
    for (let offset = 0; offset < piece.length; offset += 320) {
      const frame = new Int16Array(320);
      frame.set(piece.subarray(offset, offset + 320));
      stream.pushFrame(new AudioFrame(frame, RATE, 1, 320));
      if (realTime) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  // The trailing silence is long enough for one utterance: its final is the last event.
  for await (const event of stream) {
    events.push(event);
    if (event.type === stt.SpeechEventType.FINAL_TRANSCRIPT) break;
  }
  stream.close();
  return events;
}

describe("the agent's Whisper recognizer behind its VAD", () => {
  it('transcribes at the first pause, and the end of the utterance gives that transcript', async () => {
    const recognizer = new CountingRecognizer(new WhisperSTT({ transcriber: sidecar }));
    const adapter = new EarlyStreamAdapter(recognizer, vad);
    const events = await transcribe(adapter, [
      silence(500),
      await speech('do you have any tents'),
      silence(1200),
    ]);
    expect(events.map((event) => event.type)).toEqual([
      stt.SpeechEventType.START_OF_SPEECH,
      stt.SpeechEventType.END_OF_SPEECH,
      stt.SpeechEventType.FINAL_TRANSCRIPT,
    ]);
    expect(events[2]?.alternatives?.[0]?.text.toLowerCase()).toContain('tents');
    // One transcription, of the speech and its first pause: the framework's adapter sends the
    // same utterance only once 0.35 s of silence has passed, 0.15 s of audio later.
    expect(recognizer.calls).toHaveLength(1);
    const framework = new CountingRecognizer(new WhisperSTT({ transcriber: sidecar }));
    await transcribe(new stt.StreamAdapter(framework, vad), [
      silence(500),
      await speech('do you have any tents'),
      silence(1200),
    ]);
    expect(framework.calls).toHaveLength(1);
    expect(
      (framework.calls[0] ?? 0) - (recognizer.calls[0] ?? 0),
      `audio sent: ${framework.calls[0]} ms by the framework, ${recognizer.calls[0]} ms early`,
    ).toBeGreaterThanOrEqual(100);
  }, 120_000);

  it('drops the guess of a pause the visitor talks through, and hears the whole utterance', async () => {
    const recognizer = new CountingRecognizer(new WhisperSTT({ transcriber: sidecar }));
    const adapter = new EarlyStreamAdapter(recognizer, vad);
    const events = await transcribe(adapter, [
      silence(500),
      await speech('do you have'),
      silence(280),
      await speech('sleeping bags'),
      silence(1200),
    ]);
    const finals = events.filter((event) => event.type === stt.SpeechEventType.FINAL_TRANSCRIPT);
    expect(finals).toHaveLength(1);
    const text = finals[0]?.alternatives?.[0]?.text.toLowerCase() ?? '';
    expect(text).toContain('have');
    expect(text).toContain('sleeping');
    // The pause started a guess of "do you have" alone; the transcript is of the whole utterance.
    expect(recognizer.calls).toHaveLength(2);
    expect(recognizer.calls[1]).toBeGreaterThan((recognizer.calls[0] ?? 0) + 500);
  }, 120_000);

  it('hears speech over the agent before it ends, when asked, and still gives its whole final', async () => {
    const request = await speech('actually I would rather see the green sleeping bag instead');
    const pieces = [silence(400), request, silence(1200)];
    const asked = new CountingRecognizer(new WhisperSTT({ transcriber: sidecar }));
    const events = await transcribe(
      new EarlyStreamAdapter(asked, vad, { interim: { afterMs: 500, wanted: () => true } }),
      pieces,
      true,
    );
    // Interim transcripts while it goes on (asked for all along: again after each further half
    // second of speech), then its end and its final.
    const types = events.map((event) => event.type);
    expect(types[0]).toBe(stt.SpeechEventType.START_OF_SPEECH);
    expect(types.slice(1, -2).length).toBeGreaterThanOrEqual(1);
    expect(new Set(types.slice(1, -2))).toEqual(new Set([stt.SpeechEventType.INTERIM_TRANSCRIPT]));
    expect(types.slice(-2)).toEqual([
      stt.SpeechEventType.END_OF_SPEECH,
      stt.SpeechEventType.FINAL_TRANSCRIPT,
    ]);
    // The first interim holds the first words, heard from about half a second of speech; the
    // final holds the whole request.
    expect(events[1]?.alternatives?.[0]?.text.toLowerCase()).toMatch(/actual/);
    expect(asked.calls[0]).toBeLessThan(1000);
    expect(events.at(-1)?.alternatives?.[0]?.text.toLowerCase()).toMatch(
      /green sleeping .* instead/,
    );
    // Not asked (speech that is not over the agent): no interim, one transcription.
    const unasked = new CountingRecognizer(new WhisperSTT({ transcriber: sidecar }));
    const plain = await transcribe(
      new EarlyStreamAdapter(unasked, vad, { interim: { afterMs: 500, wanted: () => false } }),
      pieces,
      true,
    );
    expect(plain.map((event) => event.type)).toEqual([
      stt.SpeechEventType.START_OF_SPEECH,
      stt.SpeechEventType.END_OF_SPEECH,
      stt.SpeechEventType.FINAL_TRANSCRIPT,
    ]);
    expect(unasked.calls).toHaveLength(1);
  }, 120_000);

  it('hears speech over the agent again while it goes on when the first hearing had no words', async () => {
    const request = await speech(
      'actually I would much rather see the warm green sleeping bags for winter camping instead',
    );
    const pieces = [silence(400), request, silence(1200)];
    // The first half second heard as nothing (a lost hearing, or one that was only feedback).
    const asked = new DeafFirstRecognizer(new WhisperSTT({ transcriber: sidecar }), 1);
    const events = await transcribe(
      new EarlyStreamAdapter(asked, vad, { interim: { afterMs: 500, wanted: () => true } }),
      pieces,
      true,
    );
    const interims = events.filter(
      (event) => event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT,
    );
    // Heard again after another half second at least, and its words come while the visitor
    // still speaks, before the end of the utterance.
    expect(interims.length).toBeGreaterThanOrEqual(1);
    expect(asked.calls[1]).toBeGreaterThanOrEqual((asked.calls[0] ?? 0) + 500);
    expect(events.findIndex((event) => event === interims[0])).toBeLessThan(
      events.findIndex((event) => event.type === stt.SpeechEventType.END_OF_SPEECH),
    );
    expect(interims[0]?.alternatives?.[0]?.text.toLowerCase()).toMatch(/actual/);
    expect(events.at(-1)?.alternatives?.[0]?.text.toLowerCase()).toMatch(/sleeping .* instead/);
    // Once the agent has stopped (no longer wanted), the rest waits for the end: one hearing
    // while the agent speaks, then the final.
    let speaking = true;
    const once = new CountingRecognizer(new WhisperSTT({ transcriber: sidecar }));
    const stopped = await transcribe(
      new EarlyStreamAdapter(once, vad, {
        interim: {
          afterMs: 500,
          wanted: () => {
            const now = speaking;
            speaking = false;
            return now;
          },
        },
      }),
      pieces,
      true,
    );
    expect(
      stopped.filter((event) => event.type === stt.SpeechEventType.INTERIM_TRANSCRIPT),
    ).toHaveLength(1);
    expect(once.calls).toHaveLength(2);
  }, 120_000);
});
