// Debian Chromium for browser tests, with the flags that let it run headless and offline, and a
// fake microphone that plays a WAV file: a tone, or words spoken by flite.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wavFile } from '@svc/agents-plugin-embedded';
import { chromium, type Browser } from 'playwright-core';

/** The rate of the microphone files: flite's slt voice speaks at 16 kHz. */
const RATE = 16_000;

/** A 16 kHz mono 16-bit WAV of a 440 Hz tone. */
export function toneWav(seconds: number): Buffer {
  const samples = new Int16Array(RATE * seconds);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / RATE));
  }
  return wavFile(samples, RATE);
}

/**
 * A 16 kHz mono WAV of flite's slt voice saying `text`, between `leadSeconds` of silence (to let
 * the browser's audio processing settle before the words) and `trailingSeconds` of silence.
 */
export function spokenWav(
  text: string,
  { leadSeconds = 1, trailingSeconds = 0 }: { leadSeconds?: number; trailingSeconds?: number } = {},
): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-e2e-')), 'speech.wav');
  execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', file]);
  // flite writes a 44-byte header before 16-bit PCM at 16 kHz; the copy aligns the samples.
  const pcm = readFileSync(file).subarray(44);
  const speech = new Int16Array(new Uint8Array(pcm).buffer, 0, Math.floor(pcm.length / 2));
  const samples = new Int16Array(RATE * (leadSeconds + trailingSeconds) + speech.length);
  samples.set(speech, RATE * leadSeconds);
  return wavFile(samples, RATE);
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
