// Debian Chromium for browser tests, with the flags that let it run headless and offline, and a
// fake microphone that plays a WAV file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** A 16 kHz mono 16-bit WAV of a 440 Hz tone. */
export function toneWav(seconds: number): Buffer {
  const rate = 16_000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return wav;
}

/** How {@link launchChromium}'s fake microphone plays its file. */
export interface FakeMicrophoneOptions {
  /**
   * Play the file again when it ends (default true). Off, the microphone goes silent after the
   * file: a spoken conversation then says each utterance once.
   */
  loop?: boolean;
}

/**
 * Launches Chromium with a fake microphone that plays `microphone` (a WAV file's bytes, looped
 * unless `options.loop` is false; default: a 5 s tone).
 */
export function launchChromium(
  microphone: Buffer = toneWav(5),
  options: FakeMicrophoneOptions = {},
): Promise<Browser> {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-e2e-')), 'microphone.wav');
  writeFileSync(file, microphone);
  // Chromium reads a `%noloop` suffix off the path.
  const wav = options.loop === false ? `${file}%noloop` : file;
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
}
