import { describe, expect, it } from 'vitest';
import { spokenWav, toneWav } from './browser.js';

// The fake microphone's files: 16 kHz mono 16-bit WAVs whose header says how long they are.
const samplesOf = (wav: Buffer) =>
  new Int16Array(new Uint8Array(wav.subarray(44)).buffer, 0, (wav.length - 44) / 2);

describe('microphone files', () => {
  it('toneWav: the seconds asked for, at 16 kHz', () => {
    const wav = toneWav(2);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt32LE(40)).toBe(2 * 16_000 * 2);
    expect(Math.max(...samplesOf(wav).slice(0, 100))).toBeGreaterThan(1000);
  });

  it('spokenWav: silence, the words, then silence, as long as the header says', () => {
    const plain = spokenWav('hello');
    const padded = spokenWav('hello', { leadSeconds: 2, trailingSeconds: 3 });
    expect(padded.readUInt32LE(40)).toBe(padded.length - 44);
    expect(padded.readUInt32LE(4)).toBe(padded.length - 8);
    // One more second before and three after than the default's one second of lead.
    expect(padded.length - plain.length).toBe(4 * 16_000 * 2);
    const samples = samplesOf(padded);
    const loud = samples.findIndex((sample) => Math.abs(sample) > 300);
    expect(loud).toBeGreaterThanOrEqual(2 * 16_000);
    expect(samples.slice(-3 * 16_000).every((sample) => sample === 0)).toBe(true);
  });
});
