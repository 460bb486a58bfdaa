// The voices of the spoken evaluation, synthesized at run time by the machine's own engines
// (Debian flite and espeak-ng) and resampled with sox to what each path needs: 16 kHz for the
// rtc-node microphone track, 48 kHz for Chromium's fake microphone (WebRTC's own rate, so the
// browser adds no resampling of its own).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A synthetic voice. */
export interface Voice {
  /** Short name in the report. */
  id: string;
  engine: 'flite' | 'espeak-ng';
  /** The engine's voice name (`flite -lv`, `espeak-ng --voices`). */
  voice: string;
  /** espeak-ng words per minute (its default is 175). */
  speed?: number;
  /** The language it speaks (default English). */
  language?: 'en' | 'fr' | 'es' | 'de';
  /**
   * Used by the project's other tests and benchmarks (the agent's test visitor, the e2e tests
   * and the speech benchmark speak flite slt and rms), so not held out.
   */
  heldIn: boolean;
}

/** The evaluation's voices: two held in, four the project was not tuned on, two engines. */
export const VOICES: readonly Voice[] = [
  { id: 'flite-slt', engine: 'flite', voice: 'slt', heldIn: true },
  { id: 'flite-rms', engine: 'flite', voice: 'rms', heldIn: true },
  { id: 'flite-kal16', engine: 'flite', voice: 'kal16', heldIn: false },
  { id: 'flite-awb', engine: 'flite', voice: 'awb', heldIn: false },
  { id: 'espeak-en-us', engine: 'espeak-ng', voice: 'en-us', speed: 165, heldIn: false },
  {
    id: 'espeak-rp-f3-slow',
    engine: 'espeak-ng',
    voice: 'en-gb-x-rp+f3',
    speed: 145,
    heldIn: false,
  },
];

/**
 * The voices of the French, Spanish and German evaluations: espeak-ng's own voice of the language
 * (the agent speaks it too), a regional variant in a female voice, and a male variant at another
 * speed: three voices per language. The MBROLA diphone voices are in Debian's non-free section
 * and their licence forbids commercial use, so neither the set-up nor the evaluation needs them.
 */
export const VOICES_IN: Record<'fr' | 'es' | 'de', readonly Voice[]> = {
  fr: [
    {
      id: 'espeak-fr',
      engine: 'espeak-ng',
      voice: 'fr',
      speed: 160,
      language: 'fr',
      heldIn: false,
    },
    {
      id: 'espeak-fr-be-f3',
      engine: 'espeak-ng',
      voice: 'fr-be+f3',
      speed: 150,
      language: 'fr',
      heldIn: false,
    },
    {
      id: 'espeak-fr-ch-m4',
      engine: 'espeak-ng',
      voice: 'fr-ch+m4',
      speed: 170,
      language: 'fr',
      heldIn: false,
    },
  ],
  es: [
    {
      id: 'espeak-es',
      engine: 'espeak-ng',
      voice: 'es',
      speed: 160,
      language: 'es',
      heldIn: false,
    },
    {
      id: 'espeak-es-419-f3',
      engine: 'espeak-ng',
      voice: 'es-419+f3',
      speed: 150,
      language: 'es',
      heldIn: false,
    },
    {
      id: 'espeak-es-m4',
      engine: 'espeak-ng',
      voice: 'es+m4',
      speed: 170,
      language: 'es',
      heldIn: false,
    },
  ],
  de: [
    {
      id: 'espeak-de',
      engine: 'espeak-ng',
      voice: 'de',
      speed: 160,
      language: 'de',
      heldIn: false,
    },
    {
      id: 'espeak-de-f4',
      engine: 'espeak-ng',
      voice: 'de+f4',
      speed: 150,
      language: 'de',
      heldIn: false,
    },
    {
      id: 'espeak-de-m3',
      engine: 'espeak-ng',
      voice: 'de+m3',
      speed: 170,
      language: 'de',
      heldIn: false,
    },
  ],
};

const cache = new Map<string, Promise<Int16Array>>();

/** `text` in `voice` as mono 16-bit PCM at `sampleRate`. */
export function synthesize(voice: Voice, text: string, sampleRate: number): Promise<Int16Array> {
  const key = `${voice.id}\n${sampleRate}\n${text}`;
  let pcm = cache.get(key);
  if (!pcm) {
    pcm = synthesizeOnce(voice, text, sampleRate);
    cache.set(key, pcm);
  }
  return pcm;
}

async function synthesizeOnce(voice: Voice, text: string, sampleRate: number): Promise<Int16Array> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-eval-voice-'));
  try {
    const spoken = join(folder, 'spoken.wav');
    const raw = join(folder, 'speech.raw');
    if (voice.engine === 'flite') {
      await run('flite', ['-voice', voice.voice, '-t', text, '-o', spoken]);
    } else {
      await run('espeak-ng', [
        '-v',
        voice.voice,
        '-s',
        String(voice.speed ?? 175),
        '-w',
        spoken,
        text,
      ]);
    }
    await run('sox', [
      spoken,
      '-t',
      'raw',
      '-r',
      String(sampleRate),
      '-c',
      '1',
      '-b',
      '16',
      '-e',
      'signed-integer',
      raw,
    ]);
    const bytes = readFileSync(raw);
    return new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2)).slice();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A 16-bit sample above this is sound, below it near-silence (as the test visitor hears). */
export const LOUD = 300;

/** Where the speech of a clip starts and ends, in samples (engines pad with near-silence). */
export function speechBounds(pcm: Int16Array): { start: number; end: number } {
  let start = -1;
  let end = 0;
  for (let index = 0; index < pcm.length; index += 1) {
    if (Math.abs(pcm[index] ?? 0) > LOUD) {
      if (start < 0) start = index;
      end = index + 1;
    }
  }
  return { start: Math.max(0, start), end };
}
