import { initializeLogger, stt } from '@livekit/agents';
import type { AudioFrame } from '@livekit/rtc-node';
import { afterAll, describe, expect, it } from 'vitest';
import { FliteTTS } from './flite-tts.js';
import { WhisperSTT } from './whisper-stt.js';
import { EARLY_SILENCE_MS } from './early-stream-adapter.js';
import {
  earlySilenceMsFor,
  MULTILINGUAL_WHISPER_MODEL,
  WhisperModels,
  whisperLanguages,
  whisperModelFor,
} from './whisper-sidecar.js';
import { wordErrorRate } from './word-error.js';

// French, Spanish and German through the multilingual Whisper model the set-up installed: espeak-ng
// speaks a shop request in each language's own voice, the audio goes in as a room delivers it
// (48 kHz frames), with a prompt in that language as the agent writes one, and what comes back is
// scored. English stays on tiny.en.
initializeLogger({ pretty: false, level: 'silent' });

const models = new WhisperModels();
afterAll(() => models.close());

async function speak(text: string, language: string): Promise<AudioFrame[]> {
  const frames: AudioFrame[] = [];
  for await (const audio of new FliteTTS({ language, sampleRate: 48_000 }).synthesize(text))
    frames.push(audio.frame);
  return frames;
}

/** One request per language, with the prompt the agent would give (the shop's words, its verbs). */
const SAID = [
  {
    language: 'fr-FR',
    text: 'montrez-moi les sacs de couchage',
    prompt:
      'Magasin de plein air. Catégorie : Tentes, Sacs de couchage, Éclairage. Produits : Tente légère, Sac de couchage, Lampe frontale. Montrez-moi, comparez, ajoutez à mon panier, retirez de mon panier.',
    key: /couchage/i,
  },
  {
    language: 'es-ES',
    text: 'muéstrame los sacos de dormir',
    prompt:
      'Tienda de montaña. Categoría: Tiendas de campaña, Sacos de dormir, Iluminación. Productos: Tienda ligera, Saco de dormir, Linterna frontal. Muéstrame, compara, añade a mi carrito, quita de mi carrito.',
    key: /dormir/i,
  },
  {
    language: 'de-DE',
    text: 'was ist in meinem Warenkorb',
    prompt:
      'Outdoor-Laden. Kategorie: Zelte, Schlafsäcke, Beleuchtung. Produkte: Leichtes Zelt, Schlafsack, Stirnlampe. Zeig mir, vergleiche, leg in meinen Warenkorb, entferne aus meinem Warenkorb.',
    key: /warenkorb/i,
  },
] as const;

describe('WhisperModels', () => {
  it('picks tiny.en for English and the multilingual model for the other languages', () => {
    expect(whisperModelFor(undefined)).toBe('tiny.en');
    expect(whisperModelFor('en-GB')).toBe('tiny.en');
    expect(whisperModelFor('fr-FR')).toBe(MULTILINGUAL_WHISPER_MODEL);
    expect(whisperModelFor('de')).toBe(MULTILINGUAL_WHISPER_MODEL);
    // The set-up installs both.
    expect(whisperLanguages()).toEqual(['en', 'fr', 'es', 'de']);
  });

  it('starts the slower multilingual model at a shorter pause than tiny.en', () => {
    expect(earlySilenceMsFor('en-US')).toBe(EARLY_SILENCE_MS);
    expect(earlySilenceMsFor(undefined)).toBe(EARLY_SILENCE_MS);
    for (const language of ['fr-FR', 'es', 'de-DE'])
      expect(earlySilenceMsFor(language)).toBeLessThan(EARLY_SILENCE_MS);
  });

  it('loads the multilingual model only once a language needs it', async () => {
    const created: string[] = [];
    const lazy = new WhisperModels({
      create: ({ model }) => {
        created.push(model ?? '');
        return {
          start: async () => undefined,
          close: () => undefined,
          transcribe: async () => ({ text: model ?? '', ms: 0 }),
        };
      },
    });
    await lazy.start();
    expect(await lazy.transcribe({ pcm: new Int16Array(1600), language: 'en' })).toEqual({
      text: 'tiny.en',
      ms: 0,
    });
    expect(created).toEqual(['tiny.en']);
    expect(await lazy.transcribe({ pcm: new Int16Array(1600), language: 'es' })).toMatchObject({
      text: 'base',
    });
    expect(lazy.models).toEqual(['tiny.en', 'base']);
  });

  it(
    'transcribes a French, a Spanish and a German request with the language given',
    { timeout: 240_000 },
    async () => {
      const heard: string[] = [];
      for (const { language, text, prompt } of SAID) {
        const recognizer = new WhisperSTT({ transcriber: models, language, prompt });
        const event = await recognizer.recognize(await speak(text, language));
        expect(event.type).toBe(stt.SpeechEventType.FINAL_TRANSCRIPT);
        expect(event.alternatives?.[0]?.language).toBe(language);
        heard.push(event.alternatives?.[0]?.text ?? '');
      }
      // Measured 0% on these three (2026-11-24, several runs); espeak-ng's voices over all six
      // test requests of a language measure 16-49% (agent README), hence the margin.
      const pairs = SAID.map(({ text }, index) => ({
        reference: text,
        hypothesis: heard[index] ?? '',
      }));
      expect(wordErrorRate(pairs), heard.join(' | ')).toBeLessThan(0.25);
      SAID.forEach(({ key }, index) => expect(heard[index]).toMatch(key));
      expect(models.models).toContain(MULTILINGUAL_WHISPER_MODEL);
    },
  );
});
