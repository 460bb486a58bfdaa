import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APIConnectionError, initializeLogger, tts } from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { afterAll, describe, expect, it } from 'vitest';
import { PiperTTS, synthesisUnits } from './piper-tts.js';
import { loadPiperVoice, piperVoiceInstalled, piperVoicePaths } from './piper-voice.js';

// The embedded English voice (Piper's joe, which the set-up installs) on onnxruntime-node, through
// the agents framework's TTS interfaces.

initializeLogger({ pretty: false, level: 'silent' });

async function collect(stream: AsyncIterable<tts.SynthesizedAudio>) {
  const audio: tts.SynthesizedAudio[] = [];
  for await (const item of stream) audio.push(item);
  return audio;
}

/** Root mean square of all samples: about 0 for silence, thousands for speech. */
function rms(frames: readonly AudioFrame[]): number {
  let sum = 0;
  let count = 0;
  for (const frame of frames) {
    for (const sample of frame.data.subarray(0, frame.samplesPerChannel)) sum += sample * sample;
    count += frame.samplesPerChannel;
  }
  return Math.sqrt(sum / Math.max(1, count));
}

const seconds = (audio: readonly tts.SynthesizedAudio[]) =>
  audio.reduce((sum, { frame }) => sum + frame.samplesPerChannel / frame.sampleRate, 0);

// One voice for the file: the model loads once per process anyway.
const joe = new PiperTTS();
const voicesDir = mkdtempSync(join(tmpdir(), 'svc-piper-voices-'));
afterAll(() => rmSync(voicesDir, { recursive: true, force: true }));

describe('synthesisUnits', () => {
  it('synthesizes the first clause alone, then whole sentences', () => {
    const clause = (phonemes: string, sentenceEnd = false) => ({ phonemes, sentenceEnd });
    expect(
      synthesisUnits([
        clause('ʃˈʊɹ, '),
        clause('aɪ ˈædᵻd ɪt.', true),
        clause('ˈɛnɪθˌɪŋ, '),
        clause('ˈɛls?', true),
        clause('bˈaɪ'),
      ]),
    ).toEqual([
      { phonemes: 'ʃˈʊɹ,', clauses: 1 },
      { phonemes: 'aɪ ˈædᵻd ɪt.', clauses: 1 },
      { phonemes: 'ˈɛnɪθˌɪŋ, ˈɛls?', clauses: 2 },
      { phonemes: 'bˈaɪ', clauses: 1 },
    ]);
    expect(synthesisUnits([])).toEqual([]);
  });
});

describe('PiperTTS', () => {
  it('is installed by the set-up', () => {
    expect(piperVoiceInstalled('joe')).toBe(true);
    expect(joe.provider).toBe('piper');
    expect(joe.model).toBe('joe');
    expect(joe.sampleRate).toBe(22_050);
    expect(joe.numChannels).toBe(1);
  });

  it('speaks a sentence as non-silent 20 ms frames at 22,050 Hz, of a plausible length', async () => {
    const audio = await collect(joe.synthesize('Welcome to Trailhead. What are you looking for?'));
    const frames = audio.map((item) => item.frame);
    // About 2.5 s spoken at the voice's rate.
    expect(seconds(audio)).toBeGreaterThan(1.5);
    expect(seconds(audio)).toBeLessThan(5);
    for (const frame of frames) {
      expect(frame.sampleRate).toBe(22_050);
      expect(frame.channels).toBe(1);
    }
    for (const frame of frames.slice(0, -1)) expect(frame.samplesPerChannel).toBe(441);
    expect(audio.map((item) => item.final)).toEqual([...audio.slice(1).map(() => false), true]);
    expect(new Set(audio.map((item) => item.requestId)).size).toBe(1);
    expect(rms(frames)).toBeGreaterThan(1000);
    // The model's lead-in silence is cut: the first word starts at once.
    const samples = audio.flatMap(({ frame }) => Array.from(frame.data));
    expect(samples.findIndex((sample) => Math.abs(sample) > 500) / 22_050).toBeLessThan(0.1);
  });

  it('speaks longer texts for longer, and faster at a higher speed', async () => {
    const short = seconds(await collect(joe.synthesize('Sure.')));
    const text = 'I added the blue tent to your cart, and your cart now has two items.';
    const long = seconds(await collect(joe.synthesize(text)));
    const fast = seconds(await collect(new PiperTTS({ speed: 1.5 }).synthesize(text)));
    expect(short).toBeGreaterThan(0.2);
    expect(long).toBeGreaterThan(short * 3);
    expect(fast).toBeLessThan(long * 0.8);
  });

  it('gives nothing, and no error, for text with nothing to say', async () => {
    const errors: Error[] = [];
    joe.on('error', (event) => errors.push(event.error));
    expect(await collect(joe.synthesize(' ** '))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('streams text sentence by sentence, each sentence its own audio', async () => {
    const stream = joe.stream();
    stream.pushText('Sure, I added the blue tent ');
    stream.pushText('to your cart. Is there anything else I can find for you today?');
    stream.endInput();
    const items: (tts.SynthesizedAudio | typeof tts.SynthesizeStream.END_OF_STREAM)[] = [];
    for await (const item of stream) items.push(item);
    const audio = items.filter((item): item is tts.SynthesizedAudio => typeof item !== 'symbol');
    expect(items.at(-1)).toBe(tts.SynthesizeStream.END_OF_STREAM);
    // One final frame per sentence synthesized, each sentence heard.
    const finals = audio.flatMap((item, index) => (item.final ? [index] : []));
    expect(finals.length).toBe(2);
    const [first] = finals as [number];
    expect(rms(audio.slice(0, first + 1).map((item) => item.frame))).toBeGreaterThan(1000);
    expect(rms(audio.slice(first + 1).map((item) => item.frame))).toBeGreaterThan(1000);
  });

  it('tells when each word is heard: a clause exactly, the whole text, in order, in the audio', async () => {
    // 0.1 s of audio per inference: the first clause alone, then each sentence.
    const hosted = new PiperTTS({
      synthesizer: { synthesize: async () => new Int16Array(2205).fill(8000) },
    });
    const text = 'Hi, welcome to Trailhead! We sell tents.';
    const audio = await collect(hosted.synthesize(text));
    const words = audio.flatMap((item) => item.timedTranscripts ?? []);
    expect(words.map((word) => word.text).join('')).toBe(text);
    expect(words[0]).toMatchObject({ text: 'Hi, ', startTime: 0 });
    expect(words[0]?.endTime).toBeCloseTo(0.1, 5);
    expect(words.find((word) => word.text === 'welcome ')?.startTime).toBeCloseTo(0.1, 5);
    expect(words.find((word) => word.text === 'We ')?.startTime).toBeCloseTo(0.2, 5);
    expect(words.at(-1)?.endTime).toBeCloseTo(0.3, 5);
    for (const [index, word] of words.entries()) {
      expect(word.endTime ?? 0).toBeGreaterThan(word.startTime ?? 0);
      if (index > 0) expect(word.startTime).toBeCloseTo(words[index - 1]?.endTime ?? -1, 5);
    }
    // A word's timing travels ahead of its audio: with the first frame after its clause.
    expect(audio[0]?.timedTranscripts?.map((word) => word.text)).toEqual(['Hi, ']);
  });

  it("places each streamed sentence's words after the audio of the sentences before it", async () => {
    expect(joe.capabilities).toMatchObject({ streaming: true, alignedTranscript: true });
    const hosted = new PiperTTS({
      synthesizer: { synthesize: async () => new Int16Array(2205).fill(8000) },
    });
    const stream = hosted.stream();
    stream.pushText('Sure, here it is. Anything else?');
    stream.endInput();
    const words: { text: string; startTime?: number | undefined }[] = [];
    for await (const item of stream) {
      if (typeof item !== 'symbol') words.push(...(item.timedTranscripts ?? []));
    }
    expect(words.map((word) => word.text).join('')).toBe('Sure, here it is. Anything else?');
    // Two inferences of 0.1 s for the first sentence, so the second starts at 0.2 s.
    expect(words.find((word) => word.text === 'Anything ')?.startTime).toBeCloseTo(0.2, 5);
  });

  it("runs the voice's model where it is told (the agent's model host), from the phonemes it makes", async () => {
    const asked: { voice: string; ids: readonly number[]; speed: number }[] = [];
    const hosted = new PiperTTS({
      speed: 1.25,
      synthesizer: {
        synthesize: async (request) => {
          asked.push(request);
          return new Int16Array(2205).fill(8000);
        },
      },
    });
    const audio = await collect(hosted.synthesize('Sure, here it is. Anything else?'));
    // The first clause alone, then the rest of its sentence, then the next sentence.
    expect(asked.map(({ voice, speed }) => [voice, speed])).toEqual([
      ['joe', 1.25],
      ['joe', 1.25],
      ['joe', 1.25],
    ]);
    expect(asked[0]?.ids.slice(0, 2)).toEqual([1, 0]);
    expect(asked[0]?.ids.at(-1)).toBe(2);
    expect(seconds(audio)).toBeCloseTo(0.3, 1);
  });

  it('refuses an unknown voice name with a clear error, and a name that is a path', () => {
    expect(() => new PiperTTS({ voice: 'nosuchvoice' })).toThrow(
      /unknown Piper voice "nosuchvoice": the installed voice is "joe" and no voices folder/,
    );
    expect(() => new PiperTTS({ voice: 'nosuchvoice', voicesDir })).toThrow(
      /unknown Piper voice "nosuchvoice"/,
    );
    // A scenario gives a name; it never reaches outside the operator's folder.
    const installed = piperVoicePaths('joe');
    if (!installed) throw new Error('joe is an installed voice');
    for (const name of ['../piper-joe/en_US-joe-medium', '/etc/passwd', 'a.b', '']) {
      expect(piperVoicePaths(name, { voicesDir })).toBeUndefined();
    }
  });

  it("speaks a voice from the operator's folder, picked by name", async () => {
    const installed = piperVoicePaths('joe');
    if (!installed) throw new Error('joe is an installed voice');
    symlinkSync(installed.model, join(voicesDir, 'en_US-shop-medium.onnx'));
    symlinkSync(installed.config, join(voicesDir, 'en_US-shop-medium.onnx.json'));
    const shop = new PiperTTS({ voice: 'en_US-shop-medium', voicesDir });
    expect(shop.model).toBe('en_US-shop-medium');
    expect(shop.config.language).toBe('en_US');
    const audio = await collect(shop.synthesize('Hello there.'));
    expect(rms(audio.map((item) => item.frame))).toBeGreaterThan(1000);
  });

  it('says how to install an installed voice whose files are missing', async () => {
    const previous = process.env.SVC_CACHE_DIR;
    process.env.SVC_CACHE_DIR = join(voicesDir, 'empty-cache');
    try {
      expect(piperVoiceInstalled('joe')).toBe(false);
      const paths = piperVoicePaths('joe');
      if (!paths) throw new Error('joe is an installed voice');
      const failure = await loadPiperVoice(paths).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(APIConnectionError);
      expect((failure as Error).message).toMatch(/Piper voice "joe" not found at .*ensure-piper/);
    } finally {
      if (previous === undefined) delete process.env.SVC_CACHE_DIR;
      else process.env.SVC_CACHE_DIR = previous;
    }
  });

  it('reports a missing espeak-ng as an error event, ending the stream without audio', async () => {
    const engine = new PiperTTS({ espeakBinary: '/nonexistent/espeak-ng' });
    const errors: Error[] = [];
    engine.on('error', (event) => errors.push(event.error));
    const stream = engine.synthesize('hello');
    expect(await collect(stream)).toEqual([]);
    expect(stream.error).toBeInstanceOf(APIConnectionError);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/\/nonexistent\/espeak-ng was not found.*"espeak-ng"/),
    ]);
  });
});
