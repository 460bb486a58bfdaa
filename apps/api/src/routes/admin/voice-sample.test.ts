import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api.js';
import { DEMO_ADMIN } from '../../seed/seed-demo.js';
import { sampleSentence, VOICE_SAMPLE_RATE_LIMIT } from './voice-sample.js';

// "Hear this voice": the embedded TTS speaks for real (flite and espeak-ng are part of the set-up).
let api: TestApi;
let token: string;

beforeAll(async () => {
  // Behind a proxy that names each client: the limit is counted per named address.
  api = await startTestApi({ app: { trustProxy: true } });
  const login = await api.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  token = login.json().token as string;
});

afterAll(() => api?.close());

const sample = (payload: object, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: 'POST',
    url: '/v1/admin/voice-sample',
    payload,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });

/** The rate and the number of samples of a 16-bit mono WAV. */
function wavInfo(body: Buffer): { rate: number; samples: number } {
  expect(body.subarray(0, 4).toString()).toBe('RIFF');
  expect(body.subarray(8, 16).toString()).toBe('WAVEfmt ');
  expect(body.readUInt16LE(22)).toBe(1);
  expect(body.readUInt16LE(34)).toBe(16);
  return { rate: body.readUInt32LE(24), samples: body.readUInt32LE(40) / 2 };
}

describe('POST /v1/admin/voice-sample', () => {
  it('speaks an English voice with flite at 16 kHz, and the default is a sentence', async () => {
    const response = await sample({
      language: 'en-US',
      tts: { provider: 'embedded', voice: 'rms' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    const { rate, samples } = wavInfo(response.rawPayload);
    expect(rate).toBe(16_000);
    // A sentence of about ten words lasts more than a second and less than ten.
    expect(samples / rate).toBeGreaterThan(1);
    expect(samples / rate).toBeLessThan(10);
    const shorter = await sample({ language: 'en-US', text: 'Hi.' });
    expect(wavInfo(shorter.rawPayload).samples).toBeLessThan(samples);
  }, 30_000);

  it('speaks other languages with espeak-ng in their own voice, ignoring an English voice', async () => {
    const response = await sample({
      language: 'fr-FR',
      tts: { provider: 'embedded', voice: 'slt' },
    });
    expect(response.statusCode).toBe(200);
    expect(wavInfo(response.rawPayload).rate).toBe(22_050);
    expect(sampleSentence('fr-FR')).toMatch(/^Bonjour/);
    expect(sampleSentence('sw')).toBe(sampleSentence('en-GB'));
  }, 30_000);

  it('answers 422 naming the field for unknown voices and languages and for hosted providers', async () => {
    const voice = await sample({
      language: 'en-US',
      tts: { provider: 'embedded', voice: 'nobody' },
    });
    expect(voice.statusCode).toBe(422);
    expect(voice.json().error).toMatch(/^tts\.voice: the embedded TTS cannot speak it/);
    const language = await sample({ language: 'xx-YY' });
    expect(language.statusCode).toBe(422);
    expect(language.json().error).toMatch(/^language: /);
    const hosted = await sample({
      language: 'en-US',
      tts: { provider: 'elevenlabs', voice: 'Rachel' },
    });
    expect(hosted.statusCode).toBe(422);
    expect(hosted.json().error).toMatch(/^tts\.provider: elevenlabs voices are not sampled here/);
  }, 30_000);

  it('checks the body, the credential and the rate', async () => {
    expect((await sample({ language: 'english!' })).json().error).toMatch(/^language: /);
    expect((await sample({ language: 'en', text: '' })).statusCode).toBe(400);
    expect((await sample({ language: 'en-US' }, { authorization: 'Bearer nope' })).statusCode).toBe(
      401,
    );
    // Counted per address: another address is not limited by this one.
    const from = { 'x-forwarded-for': '203.0.113.9' };
    const answers: number[] = [];
    for (let i = 0; i < VOICE_SAMPLE_RATE_LIMIT; i += 1)
      answers.push(
        (await sample({ language: 'en-US', tts: { provider: 'openai' } }, from)).statusCode,
      );
    expect(answers.every((status) => status === 422)).toBe(true);
    const limited = await sample({ language: 'en-US' }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^rate limited: retry in \d+ s$/);
    expect((await sample({ language: 'en-US', text: 'Hi.' })).statusCode).toBe(200);
  }, 30_000);
});
