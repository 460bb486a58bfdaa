// The voices of the spoken evaluation, synthesized at run time by the machine's own engines
// (Debian flite and espeak-ng; MBROLA and Pico for the recorded voices of other languages, see
// recorded-voices.ts) and resampled with sox to what each path needs: 16 kHz for the rtc-node
// microphone track, 48 kHz for Chromium's fake microphone (WebRTC's own rate, so the browser adds
// no resampling of its own).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureRecordedVoices } from './recorded-voices.js';

const run = promisify(execFile);

/** A synthetic voice. */
export interface Voice {
  /** Short name in the report. */
  id: string;
  /**
   * `mbrola`: espeak-ng's `mb-*` voice of an MBROLA diphone set; `pico`: SVOX Pico's voice of the
   * language (`voice` is its tag, `fr-FR`).
   */
  engine: 'flite' | 'espeak-ng' | 'mbrola' | 'pico';
  /** The engine's voice name (`flite -lv`, `espeak-ng --voices`, `mb-fr1`, `fr-FR`). */
  voice: string;
  /** espeak-ng words per minute (its default is 175); Pico's speed in percent (default 100). */
  speed?: number;
  /** Pico's pitch in percent (default 100). */
  pitch?: number;
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
 * speed: three voices per language, all of them formant synthesis (no recorded speech): the
 * evaluation's default. {@link RECORDED_VOICES_IN} has voices made of recorded speech.
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

/** A recorded voice of a language: its id, engine, voice and settings. */
function recorded(
  language: 'fr' | 'es' | 'de',
  id: string,
  engine: 'mbrola' | 'pico',
  voice: string,
  settings: { speed?: number; pitch?: number } = {},
): Voice {
  return { id, engine, voice, language, heldIn: false, ...settings };
}

/**
 * Voices made of recorded human speech for the same evaluations (`EVAL_VOICE_SET=recorded`):
 * Pico's voice of each language and two MBROLA diphone sets (a man's, a woman's) for French and
 * German. MBROLA's Spanish sets miss diphones espeak-ng asks for (stressed vowels: 40-90 gaps over
 * twenty requests), so Spanish has Pico's voice three ways: as it is, lower and slower, faster.
 * None of them is used anywhere else in the project.
 */
export const RECORDED_VOICES_IN: Record<'fr' | 'es' | 'de', readonly Voice[]> = {
  fr: [
    recorded('fr', 'pico-fr', 'pico', 'fr-FR'),
    recorded('fr', 'mbrola-fr1', 'mbrola', 'mb-fr1', { speed: 160 }),
    recorded('fr', 'mbrola-fr4', 'mbrola', 'mb-fr4', { speed: 150 }),
  ],
  es: [
    recorded('es', 'pico-es', 'pico', 'es-ES'),
    recorded('es', 'pico-es-low-slow', 'pico', 'es-ES', { pitch: 75, speed: 90 }),
    recorded('es', 'pico-es-fast', 'pico', 'es-ES', { pitch: 110, speed: 115 }),
  ],
  de: [
    recorded('de', 'pico-de', 'pico', 'de-DE'),
    recorded('de', 'mbrola-de4', 'mbrola', 'mb-de4', { speed: 160 }),
    recorded('de', 'mbrola-de5', 'mbrola', 'mb-de5', { speed: 150 }),
  ],
};

const cache = new Map<string, Promise<Int16Array>>();

/**
 * Where a visitor pauses in the middle of what they say, and for how long: `|800|` in a turn's
 * text ("I need a tent. |800| one for two people").
 */
const PAUSE = /\s*\|(\d+)\|\s*/;

/** `text` in `voice` as mono 16-bit PCM at `sampleRate`; a {@link PAUSE} is that much silence. */
export function synthesize(voice: Voice, text: string, sampleRate: number): Promise<Int16Array> {
  const key = `${voice.id}\n${sampleRate}\n${text}`;
  let pcm = cache.get(key);
  if (!pcm) {
    const pause = PAUSE.exec(text);
    pcm = pause
      ? withPause(voice, text, pause, sampleRate)
      : synthesizeOnce(voice, text, sampleRate);
    cache.set(key, pcm);
  }
  return pcm;
}

/** The words a turn's text says, without its pause mark. */
export const spokenWords = (text: string) => text.replace(PAUSE, ' ');

/** Whether the visitor pauses in the middle of a turn's text. */
export const pausesIn = (text: string) => PAUSE.test(text);

/** Both parts of a paused utterance with the pause, and only the pause, between their words. */
async function withPause(
  voice: Voice,
  text: string,
  pause: RegExpExecArray,
  sampleRate: number,
): Promise<Int16Array> {
  const parts = await Promise.all(
    [text.slice(0, pause.index), text.slice(pause.index + pause[0].length)].map(
      async (part, index) => {
        const pcm = await synthesizeOnce(voice, part, sampleRate);
        const { start, end } = speechBounds(pcm);
        // The engine's silence before the first part and after the second stays, as in any turn.
        return index === 0 ? pcm.subarray(0, end) : pcm.subarray(start);
      },
    ),
  );
  const [first = new Int16Array(), second = new Int16Array()] = parts;
  const gap = Math.round((Number(pause[1]) / 1000) * sampleRate);
  const pcm = new Int16Array(first.length + gap + second.length);
  pcm.set(first);
  pcm.set(second, first.length + gap);
  return pcm;
}

/**
 * A hum written out ("mm-hmm", "mhm", "hmm"): only m and h letters, in hyphenated parts. Human
 * listeners hum it; espeak-ng reads it as letters or an abbreviation (French "mm-hmm" is
 * "millimètre hmm", German "mhm" is "em ha em"), which a recognizer then rightly hears as words.
 */
const HUM = /^[mh]*m[mh]*(?:-[mh]*m[mh]*)*$/i;

/**
 * A hum as `voice` is given it: espeak-ng phonemes (for espeak-ng and its MBROLA voices), each run
 * of m held ("m:"), parts apart by a short pause, the stress on the last nasal (`mm-hmm` is
 * `[[m:_h'm:]]`); `undefined` for text that is no hum, or a voice that hums from text (flite) or
 * takes no phonemes (Pico).
 */
export function humPhonemes(voice: Voice, text: string): string | undefined {
  if (voice.engine !== 'espeak-ng' && voice.engine !== 'mbrola') return undefined;
  const word = text.trim().replace(/[.!?,]+$/, '');
  if (!HUM.test(word)) return undefined;
  const parts = word
    .toLowerCase()
    .split('-')
    .map((part) => part.replace(/m+/g, 'm:'));
  const last = parts.length - 1;
  parts[last] = (parts[last] ?? '').replace(/m:$/, "'m:");
  return `[[${parts.join('_')}]]`;
}

async function synthesizeOnce(voice: Voice, text: string, sampleRate: number): Promise<Int16Array> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-eval-voice-'));
  try {
    const spoken = join(folder, 'spoken.wav');
    const raw = join(folder, 'speech.raw');
    if (voice.engine === 'flite') {
      await run('flite', ['-voice', voice.voice, '-t', text, '-o', spoken]);
    } else if (voice.engine === 'pico') {
      const { pico } = ensureRecordedVoices();
      // Pico reads its own markup for speed and pitch; the text itself holds no markup.
      const marked = `<pitch level="${voice.pitch ?? 100}"><speed level="${voice.speed ?? 100}">${text.replace(/[<>&]/g, ' ')}</speed></pitch>`;
      await run(pico.command, ['-l', voice.voice, '-w', spoken, marked], { env: pico.env });
    } else {
      const env = voice.engine === 'mbrola' ? ensureRecordedVoices().mbrolaEnv : process.env;
      await run(
        'espeak-ng',
        [
          '-v',
          voice.voice,
          '-s',
          String(voice.speed ?? 175),
          '-w',
          spoken,
          humPhonemes(voice, text) ?? text,
        ],
        { env },
      );
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
