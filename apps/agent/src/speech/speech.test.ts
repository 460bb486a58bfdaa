import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeLogger, stt } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import { describe, expect, it } from 'vitest';
import { BRANDS, CATEGORIES, demoProducts } from '../../../api/src/seed/products.js';
import { DEMO_SCENARIO } from '../../../api/src/seed/demo-scenario.js';
import { buildArpa, DEBIAN_MODEL_DIR, domainModel } from './language-model.js';
import { LocalTTS } from './local-tts.js';
import { scenarioPhrases } from './phrases.js';
import { PocketsphinxSTT } from './pocketsphinx-stt.js';

// The embedded speech stack against the real engines: flite and espeak-ng speak, pocketsphinx
// listens, through the agents framework's TTS and STT interfaces.

initializeLogger({ pretty: false, level: 'warn' });

const phrases = scenarioPhrases({
  scenario: DEMO_SCENARIO.definition as never,
  collections: [
    {
      id: 1,
      name: 'Trailhead products',
      description: '',
      company_id: 1,
      filter_fields: [
        {
          name: 'Category',
          filter_key: 'category',
          field_type: 'enum',
          enum_options: [...CATEGORIES],
        },
        {
          name: 'Brand',
          filter_key: 'brand',
          field_type: 'enum',
          enum_options: BRANDS.map((b) => ({ value: b, label: b })),
        },
      ],
    },
  ],
  item_names: demoProducts().map((product) => product.name),
});

/** Word error rate: word-level edit distance over the reference length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = reference.toLowerCase().match(/[a-z']+/g) ?? [];
  const hyp = hypothesis.toLowerCase().match(/[a-z']+/g) ?? [];
  const row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i += 1) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= hyp.length; j += 1) {
      const current = row[j] as number;
      row[j] = Math.min(
        (row[j] as number) + 1,
        (row[j - 1] as number) + 1,
        previous + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      );
      previous = current;
    }
  }
  return (row[hyp.length] as number) / Math.max(1, ref.length);
}

async function speak(engine: LocalTTS, text: string): Promise<AudioFrame[]> {
  const frames: AudioFrame[] = [];
  for await (const audio of engine.synthesize(text)) frames.push(audio.frame);
  return frames;
}

/** Runs frames through a recognizer stream as a room would deliver them (48 kHz, 20 ms). */
async function transcribe(recognizer: PocketsphinxSTT, frames: AudioFrame[]): Promise<string> {
  const stream = recognizer.stream();
  const up = new AudioResampler(16_000, 48_000, 1);
  const silence = new AudioFrame(new Int16Array(960), 48_000, 1, 960);
  for (let i = 0; i < 25; i += 1) stream.pushFrame(silence);
  for (const frame of frames) for (const resampled of up.push(frame)) stream.pushFrame(resampled);
  for (let i = 0; i < 50; i += 1) stream.pushFrame(silence);
  stream.endInput();
  const texts: string[] = [];
  for await (const event of stream) {
    if (event.type === stt.SpeechEventType.FINAL_TRANSCRIPT)
      texts.push(event.alternatives?.[0]?.text ?? '');
  }
  return texts.join(' ').trim();
}

describe('the embedded speech stack', () => {
  it('writes a valid ARPA model: counts match, probabilities are log10 <= 0', () => {
    const arpa = buildArpa([['show', 'me', 'tents'], ['show', 'me', 'boots'], ['hello']]);
    const sections = arpa
      .split(/\\\d-grams:\n/)
      .slice(1)
      .map((block) => block.split('\n').filter((line) => line && !line.startsWith('\\')));
    const counts = [...arpa.matchAll(/ngram (\d)=(\d+)/g)].map((match) => Number(match[2]));
    expect(sections.map((lines) => lines.length)).toEqual(counts);
    for (const lines of sections)
      for (const line of lines) expect(Number(line.split(' ')[0])).toBeLessThanOrEqual(0);
    expect(arpa).toContain('-99.0000 <s>');
    expect(arpa).toMatch(/\n\S+ show me tents\n/);
  });

  it('trims the dictionary to the domain words and caches the model by its phrases', () => {
    const first = domainModel(phrases);
    const dict = readFileSync(first.dict, 'utf8').trim().split('\n');
    const words = new Set(dict.map((line) => line.split(' ')[0]?.replace(/\(\d+\)$/, '')));
    expect(words.size).toBe(first.vocabulary);
    expect(words.has('tent')).toBe(true);
    expect(words.has('aardvark')).toBe(false);
    expect(dict.length).toBeLessThan(
      readFileSync(join(DEBIAN_MODEL_DIR, 'cmudict-en-us.dict'), 'utf8').split('\n').length / 50,
    );
    expect(domainModel(phrases)).toEqual(first);
  });

  it('flite and espeak-ng speak non-silent audio at their declared rates', async () => {
    for (const engine of [new LocalTTS({ voice: 'slt' }), new LocalTTS({ language: 'fr-FR' })]) {
      const frames = await speak(
        engine,
        engine.engine === 'flite' ? 'Welcome to Trailhead.' : 'Bienvenue chez Trailhead.',
      );
      expect(frames.length).toBeGreaterThan(20);
      for (const frame of frames) expect(frame.sampleRate).toBe(engine.sampleRate);
      const peak = Math.max(...frames.flatMap((frame) => Array.from(frame.data, Math.abs)));
      expect(peak).toBeGreaterThan(1000);
    }
    expect(new LocalTTS({ language: 'fr-FR' }).sampleRate).toBe(22_050);
  });

  it('hears demo sentences spoken by flite through the streaming recognizer with the domain model', async () => {
    const recognizer = new PocketsphinxSTT({ phrases });
    const voice = new LocalTTS({ voice: 'rms' });
    const sentences = [
      'show me waterproof hiking boots',
      'add the blue ridge two person tent to my cart',
      'what is in my cart',
    ];
    let errors = 0;
    let total = 0;
    for (const sentence of sentences) {
      const heard = await transcribe(recognizer, await speak(voice, sentence));
      errors += wordErrorRate(sentence, heard) * sentence.split(' ').length;
      total += sentence.split(' ').length;
    }
    expect(errors / total).toBeLessThanOrEqual(0.2);
  });

  it('fails clearly: a missing binary, a language the model does not know', async () => {
    const missing = new LocalTTS({ binary: 'no-such-tts-binary' });
    // The framework reports TTS failures as `error` events on the engine (the session listens).
    const errors: Error[] = [];
    missing.on('error', (event) => errors.push(event.error));
    await speak(missing, 'hello').catch(() => undefined);
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/no-such-tts-binary failed.*not found/),
    ]);
    expect(() => new PocketsphinxSTT({ language: 'fr-FR' })).toThrow(/English only/);
  });
});
