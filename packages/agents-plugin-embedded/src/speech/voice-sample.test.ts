import { describe, expect, it } from 'vitest';
import { embeddedTtsInstalled, synthesizeWav, wavFile } from './voice-sample.js';

describe('voice samples', () => {
  it('writes a 16-bit mono PCM WAV of the samples', () => {
    const wav = wavFile(new Int16Array([1, -2, 3]), 16_000);
    expect(wav.length).toBe(44 + 6);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(36 + 6);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt32LE(40)).toBe(6);
    expect(wav.readInt16LE(46)).toBe(-2);
  });

  it('speaks a text with flite into a WAV, outside any agent session', async () => {
    const wav = await synthesizeWav('Hello there.', { language: 'en-US', voice: 'slt' });
    expect(wav.readUInt32LE(24)).toBe(16_000);
    // Half a second at least of speech, the leading silence cut.
    expect(wav.readUInt32LE(40) / 2 / 16_000).toBeGreaterThan(0.5);
  });

  it("speaks English in Piper's joe by default, as the agent does, and flite when asked", async () => {
    const joe = await synthesizeWav('Hello there.', { language: 'en-US' });
    expect(joe.readUInt32LE(24)).toBe(22_050);
    expect(joe.readUInt32LE(40) / 2 / 22_050).toBeGreaterThan(0.5);
    const flite = await synthesizeWav('Hello there.', { language: 'en-US', voice: 'flite' });
    expect(flite.readUInt32LE(24)).toBe(16_000);
  });

  it('fails for a voice the engine lacks, and tells a missing engine apart', async () => {
    await expect(synthesizeWav('Hi.', { language: 'en-US', voice: 'nobody' })).rejects.toThrow(
      /voice does not exist/,
    );
    expect(await embeddedTtsInstalled({ language: 'en-US', voice: 'nobody' })).toBe(true);
    expect(await embeddedTtsInstalled({ language: 'en-US', fliteBinary: '/no/such/flite' })).toBe(
      false,
    );
    expect(await embeddedTtsInstalled({ language: 'fr', espeakBinary: '/no/such/espeak' })).toBe(
      false,
    );
  });
});
