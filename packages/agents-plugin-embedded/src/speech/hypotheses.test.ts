import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { synthesizeWav } from './voice-sample.js';
import {
  DEFAULT_WHISPER_MODEL,
  MULTILINGUAL_WHISPER_MODEL,
  WhisperSidecar,
  whisperPaths,
} from './whisper-sidecar.js';

// The multilingual model's beam hypotheses ranked by the language's word forms and the shop's
// words: the ranking's own tests (python/test_hypotheses.py, in the recognizer's Python), and the
// sidecar loading a language's dictionary for the requests of that language only.

const paths = whisperPaths(MULTILINGUAL_WHISPER_MODEL);

/** 16 kHz samples of espeak-ng (flite in English) saying `text`, 0.2 s of silence after. */
async function spoken(text: string, language: string): Promise<Int16Array> {
  const wav = await synthesizeWav(text, { language, sampleRate: 16_000 });
  const speech = new Int16Array(new Uint8Array(wav.subarray(44)).buffer);
  const pcm = new Int16Array(speech.length + 3_200);
  pcm.set(speech);
  return pcm;
}

describe('hypothesis ranking', () => {
  it('passes its unit tests in the recognizer’s Python', () => {
    const folder = fileURLToPath(new URL('../../python/', import.meta.url));
    const result = spawnSync(
      paths.python,
      ['-m', 'unittest', '-v', 'test_hypotheses', 'test_sidecar'],
      {
        cwd: folder,
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    // unittest reports on stderr; every test ran (none skipped).
    expect(Number(/Ran (\d+) tests/.exec(result.stderr)?.[1])).toBeGreaterThanOrEqual(20);
    expect(result.stderr).not.toMatch(/skipped/);
  });

  it('has the set-up’s French, German and Spanish word forms', () => {
    for (const language of ['fr', 'de', 'es'])
      expect(existsSync(join(paths.lexicons, `${language}.npy`)), language).toBe(true);
  });

  describe('in the sidecar', () => {
    const multilingual = new WhisperSidecar({ model: MULTILINGUAL_WHISPER_MODEL });
    const english = new WhisperSidecar({ model: DEFAULT_WHISPER_MODEL });
    afterAll(() => {
      multilingual.close();
      english.close();
    });

    it('loads a language’s dictionary for its requests, and English has none', async () => {
      expect((await multilingual.info()).lexicons).toEqual({});
      const heard = await multilingual.transcribe({
        pcm: await spoken('montrez-moi les sacs de couchage', 'fr-FR'),
        language: 'fr',
        prompt:
          'Magasin de plein air. Catégorie : Tentes, Sacs de couchage, Éclairage. Montrez-moi, comparez, ajoutez à mon panier.',
      });
      expect(heard.text.toLowerCase()).toMatch(/couchage/);
      // The answer says how much of it is words: here all or nearly all.
      expect(heard.known).toBeGreaterThanOrEqual(0.8);
      expect(heard.known).toBeLessThanOrEqual(1);
      const loaded = (await multilingual.info()).lexicons;
      expect(Object.keys(loaded)).toEqual(['fr']);
      // aspell's French expands to about 630,000 forms.
      expect(loaded.fr).toBeGreaterThan(300_000);

      const englishHeard = await english.transcribe({
        pcm: await spoken('show me the tents', 'en-US'),
        language: 'en',
      });
      expect(englishHeard.known).toBeUndefined();
      expect((await english.info()).lexicons).toEqual({});
    }, 120_000);
  });
});
