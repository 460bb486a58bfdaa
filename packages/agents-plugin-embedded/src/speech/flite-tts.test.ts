import { APIConnectionError, initializeLogger, tts } from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { describe, expect, it } from 'vitest';
import { chooseEngine, FliteTTS, speakableText } from './flite-tts.js';

// The embedded TTS against the real flite and espeak-ng of the machine, through the agents
// framework's TTS interfaces.

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

describe('chooseEngine', () => {
  it('picks flite for English and flite voices, espeak-ng for other languages and voices', () => {
    expect(chooseEngine()).toEqual({ engine: 'flite', voice: 'slt', nativeSampleRate: 16_000 });
    expect(chooseEngine({ voice: 'kal' })).toMatchObject({
      engine: 'flite',
      nativeSampleRate: 8000,
    });
    expect(chooseEngine({ language: 'fr-FR' })).toEqual({
      engine: 'espeak-ng',
      voice: 'fr-fr',
      nativeSampleRate: 22_050,
    });
    expect(chooseEngine({ voice: 'de' })).toMatchObject({ engine: 'espeak-ng', voice: 'de' });
    expect(() => chooseEngine({ engine: 'flite', language: 'de-DE' })).toThrow(/English only/);
  });

  it('strips the Markdown that flite would read aloud', () => {
    expect(
      speakableText('**Sure!** The `Blue Ridge` [tent](https://x.y/t) #1 \n costs *less*.'),
    ).toBe('Sure! The Blue Ridge tent 1 costs less.');
  });
});

describe('FliteTTS', () => {
  it('speaks non-silent 20 ms frames at its declared rate, the last one marked final', async () => {
    const engine = new FliteTTS({ voice: 'slt' });
    expect(engine.sampleRate).toBe(16_000);
    expect(engine.numChannels).toBe(1);
    const audio = await collect(
      engine.synthesize('Welcome to Trailhead. What are you looking for?'),
    );
    const frames = audio.map((item) => item.frame);
    const seconds = frames.reduce((sum, f) => sum + f.samplesPerChannel / f.sampleRate, 0);
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThan(6);
    for (const frame of frames) {
      expect(frame.sampleRate).toBe(16_000);
      expect(frame.channels).toBe(1);
    }
    for (const frame of frames.slice(0, -1)) expect(frame.samplesPerChannel).toBe(320);
    expect(audio.map((item) => item.final)).toEqual([...audio.slice(1).map(() => false), true]);
    expect(new Set(audio.map((item) => item.requestId)).size).toBe(1);
    expect(rms(frames)).toBeGreaterThan(500);
  });

  it('resamples to a requested output rate', async () => {
    const engine = new FliteTTS({ voice: 'rms', sampleRate: 48_000, frameMs: 10 });
    const audio = await collect(engine.synthesize('Hello there.'));
    expect(audio.length).toBeGreaterThan(20);
    for (const { frame } of audio.slice(0, -1)) {
      expect(frame.sampleRate).toBe(48_000);
      expect(frame.samplesPerChannel).toBe(480);
    }
    expect(rms(audio.map((item) => item.frame))).toBeGreaterThan(500);
  });

  it("starts with the first word, not the engines' lead-in silence", async () => {
    for (const engine of [new FliteTTS({ voice: 'slt' }), new FliteTTS({ language: 'de-DE' })]) {
      const audio = await collect(engine.synthesize('Here is the tent.'));
      const samples = audio.flatMap(({ frame }) => Array.from(frame.data));
      const firstLoud = samples.findIndex((sample) => Math.abs(sample) > 500);
      // Both engines open with about 200 ms of near-silence; what is left is the 30 ms lead-in and the first sound's onset.
      expect(firstLoud).toBeGreaterThanOrEqual(0);
      expect(firstLoud / engine.sampleRate).toBeLessThan(0.12);
    }
  });

  it('speaks French, Spanish and German with espeak-ng at 22.05 kHz', async () => {
    const said = {
      'fr-FR': 'Bienvenue chez Trailhead. Que cherchez-vous ?',
      'es-ES': 'Bienvenido a Trailhead. ¿Qué busca?',
      'de-DE': 'Willkommen bei Trailhead. Was suchen Sie?',
    };
    for (const [language, text] of Object.entries(said)) {
      const engine = new FliteTTS({ language });
      expect(engine.provider).toBe('espeak-ng');
      expect(engine.model).toBe(language.toLowerCase());
      expect(engine.sampleRate).toBe(22_050);
      const audio = await collect(engine.synthesize(text));
      const seconds = audio.reduce((sum, { frame }) => sum + frame.samplesPerChannel / 22_050, 0);
      expect(seconds, language).toBeGreaterThan(1);
      for (const { frame } of audio) expect(frame.sampleRate).toBe(22_050);
      expect(rms(audio.map((item) => item.frame))).toBeGreaterThan(500);
    }
  });

  it('gives nothing, and no error, for text with nothing to say', async () => {
    const engine = new FliteTTS();
    const errors: Error[] = [];
    engine.on('error', (event) => errors.push(event.error));
    expect(await collect(engine.synthesize(' ** '))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('streams text sentence by sentence through the framework stream adapter', async () => {
    const engine = new FliteTTS();
    const stream = engine.stream();
    stream.pushText('Sure. I added the blue tent ');
    stream.pushText('to your cart. Anything else?');
    stream.endInput();
    const items: (tts.SynthesizedAudio | typeof tts.SynthesizeStream.END_OF_STREAM)[] = [];
    for await (const item of stream) items.push(item);
    const audio = items.filter((item): item is tts.SynthesizedAudio => typeof item !== 'symbol');
    expect(items.at(-1)).toBe(tts.SynthesizeStream.END_OF_STREAM);
    // One final frame per sentence synthesized.
    expect(audio.filter((item) => item.final).length).toBeGreaterThanOrEqual(2);
    expect(rms(audio.map((item) => item.frame))).toBeGreaterThan(500);
  });

  it('speaks the text given when the stream pauses after it, not with what comes next', async () => {
    const engine = new FliteTTS();
    const stream = engine.stream();
    // An acknowledgement while the model thinks, as the framework's markdown filter passes it
    // on (its full stop held until more text comes): alone, shorter than the tokenizer joins.
    stream.pushText('One moment');
    const iterator = stream[Symbol.asyncIterator]();
    const first = await Promise.race([
      iterator.next(),
      new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), 5000)),
    ]);
    expect(first).not.toBe('none');
    expect(typeof first === 'object' && typeof first.value === 'object').toBe(true);
    stream.pushText('Here is the blue tent.');
    stream.endInput();
    const rest: (tts.SynthesizedAudio | typeof tts.SynthesizeStream.END_OF_STREAM)[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      rest.push(next.value);
    expect(rest.at(-1)).toBe(tts.SynthesizeStream.END_OF_STREAM);
    expect(rest.filter((item) => typeof item !== 'symbol' && item.final).length).toBeGreaterThan(0);
  });

  it('keeps a price whole when its digits come a moment apart', async () => {
    const engine = new FliteTTS();
    const stream = engine.stream();
    stream.pushText('It costs $437.');
    await new Promise((resolve) => setTimeout(resolve, 400));
    stream.pushText('99 and weighs 3 kg. Anything else?');
    stream.endInput();
    const finals: number[] = [];
    for await (const item of stream) if (typeof item !== 'symbol' && item.final) finals.push(1);
    // One sentence and a question: the price was not spoken as a sentence of its own.
    expect(finals.length).toBe(2);
  });

  it('reports a missing binary as a clear error event, ending the stream without audio', async () => {
    const engine = new FliteTTS({ fliteBinary: '/nonexistent/flite' });
    const errors: Error[] = [];
    engine.on('error', (event) => errors.push(event.error));
    const stream = engine.synthesize('hello');
    expect(await collect(stream)).toEqual([]);
    expect(stream.error).toBeInstanceOf(APIConnectionError);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/\/nonexistent\/flite was not found.*Debian package "flite"/),
    ]);
    await expect(engine.prepare()).rejects.toThrow(/not found/);
  });

  it('refuses a voice flite does not have (flite itself would silently use another)', async () => {
    const engine = new FliteTTS({ voice: 'nosuchvoice.flitevox' });
    const stream = engine.synthesize('hello');
    expect(await collect(stream)).toEqual([]);
    expect(stream.error?.message).toMatch(/flite voice file not found at nosuchvoice\.flitevox/);
    const unknown = new FliteTTS({ engine: 'flite', voice: 'nosuch' });
    await expect(unknown.prepare()).rejects.toThrow(/no voice "nosuch" \(it has .*slt/);
  });

  it('stops at once when closed mid-synthesis', async () => {
    const engine = new FliteTTS({ language: 'de-DE' });
    const stream = engine.synthesize(
      'Eins zwei drei vier fünf sechs sieben acht neun zehn. '.repeat(20),
    );
    const started = Date.now();
    const first = await stream.next();
    expect(first.done).toBe(false);
    stream.close();
    const rest = await collect(stream);
    // The text is about a minute of speech; what was already queued is all that comes.
    const seconds = rest.reduce((sum, item) => sum + item.frame.samplesPerChannel / 22_050, 0);
    expect(seconds).toBeLessThan(20);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
