// The recognizer on real people: short readings from FLEURS (Google's multilingual speech set,
// CC BY 4.0; the clips and their transcripts as the cuttledoc project keeps them, see
// recordings/README.md), ten per language, each checked by its sha256. Sentences from Wikipedia,
// nothing a shop visitor says: the question is whether the prompt the agent gives the recognizer
// for the demo shop (and, for French, Spanish and German, the ranking of the beam's hypotheses by
// the language's and the shop's words) ever makes it worse than the bare model on such speech.
// The same sentences, spoken by a synthetic voice of the language, are heard beside them.
// Run: npm run bench:agent -- recordings
//   RECORDINGS_LANGUAGES=en,fr picks languages (default en, fr, es, de).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  mergeHearings,
  DEFAULT_WHISPER_MODEL,
  MULTILINGUAL_WHISPER_MODEL,
  normalizeWords,
  WhisperSidecar,
  whisperPaths,
  wordErrors,
} from '@svc/agents-plugin-embedded';
import { ensureRecordedVoices } from '../eval/recorded-voices.js';
import { RECORDED_VOICES_IN, synthesize, VOICES, type Voice } from '../eval/voices.js';
import { shopPrompt } from './prompt.js';

type Language = 'en' | 'fr' | 'es' | 'de';

/** One recording: its file in `recordings/`, language, transcript and sha256. */
export interface Recording {
  file: string;
  language: Language;
  text: string;
  sha256: string;
}

const FOLDER = new URL('./recordings/', import.meta.url);
const RATE = 16_000;

/** The recordings, each checked against its sha256. */
export function recordings(): Recording[] {
  const list = JSON.parse(readFileSync(new URL('recordings.json', FOLDER), 'utf8')) as Recording[];
  for (const recording of list) {
    const digest = createHash('sha256')
      .update(readFileSync(new URL(recording.file, FOLDER)))
      .digest('hex');
    if (digest !== recording.sha256) {
      throw new Error(`${recording.file}: sha256 ${digest}, expected ${recording.sha256}`);
    }
  }
  return list;
}

/** A recording as 16 kHz mono 16-bit samples, decoded by the recognizer's own Python (PyAV). */
export function decoded(recording: Recording): Int16Array {
  const script =
    'import sys, numpy\nfrom faster_whisper import decode_audio\n' +
    'audio = decode_audio(sys.argv[1], sampling_rate=16000)\n' +
    'sys.stdout.buffer.write((numpy.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())';
  const bytes = execFileSync(
    whisperPaths().python,
    ['-c', script, new URL(recording.file, FOLDER).pathname],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Int16Array(new Uint8Array(bytes).buffer, 0, Math.floor(bytes.length / 2));
}

/** The synthetic voice the same sentences are heard in. */
function syntheticVoice(language: Language): Voice {
  const voice = language === 'en' ? VOICES[0] : RECORDED_VOICES_IN[language][0];
  if (!voice) throw new Error(`no synthetic voice for ${language}`);
  return voice;
}

interface Tally {
  errors: number;
  words: number;
}

const percent = (tally: Tally) => `${((100 * tally.errors) / tally.words).toFixed(1)}%`;

/** Runs the recordings through the recognizer; resolves with the report's lines. */
export async function runRecordingsBench(log: (line: string) => void): Promise<string> {
  const languages = (process.env.RECORDINGS_LANGUAGES ?? 'en,fr,es,de').split(',') as Language[];
  const all = recordings();
  ensureRecordedVoices(log);
  const lines = [
    'Word error of the embedded recognizer on real people (FLEURS, 10 readings a language) and on the same sentences in a synthetic voice: with the demo shop prompt the agent gives it, and with none',
    '',
    '| Language | Model | Speech | Shop prompt, ranked | Shop prompt, beam first | No prompt | With and without the prompt at once |',
    '|---|---|---|---|---|---|---|',
  ];
  log(lines[0] ?? '');
  const english = new WhisperSidecar({ model: DEFAULT_WHISPER_MODEL, workers: 2 });
  const multilingual = new WhisperSidecar({ model: MULTILINGUAL_WHISPER_MODEL });
  const unranked = new WhisperSidecar({ model: MULTILINGUAL_WHISPER_MODEL, rank: false });
  await Promise.all([english.start(), multilingual.start(), unranked.start()]);
  try {
    for (const language of languages) {
      const prompt = shopPrompt(language);
      const ranked = language === 'en' ? english : multilingual;
      // English is heard with and without its prompt at once, as the agent hears it
      // (`WhisperSTTOptions.bareAlongside`); the other languages rank instead.
      const recognizers: [string, string | undefined, WhisperSidecar | undefined][] = [
        ['ranked', prompt, ranked],
        ['beam first', prompt, language === 'en' ? undefined : unranked],
        ['none', undefined, ranked],
        ['both at once', prompt, language === 'en' ? english : undefined],
      ];
      const voice = syntheticVoice(language);
      for (const speech of ['real people', `synthetic (${voice.id})`]) {
        const tallies = recognizers.map((): Tally => ({ errors: 0, words: 0 }));
        for (const recording of all.filter((entry) => entry.language === language)) {
          const audio =
            speech === 'real people'
              ? decoded(recording)
              : await synthesize(voice, recording.text, RATE);
          // 0.2 s of silence after the speech, as the session's VAD leaves it.
          const pcm = new Int16Array(audio.length + RATE / 5);
          pcm.set(audio);
          for (const [index, [name, text, recognizer]] of recognizers.entries()) {
            if (!recognizer) continue;
            const both = name === 'both at once';
            const heard = await recognizer.transcribe({
              pcm,
              prompt: text,
              language,
              ...(both ? { bareToo: true } : {}),
            });
            const said =
              both && text && heard.bare !== undefined
                ? mergeHearings(heard.text, heard.bare, text)
                : heard.text;
            const tally = tallies[index] as Tally;
            tally.errors += wordErrors(recording.text, said).errors;
            tally.words += normalizeWords(recording.text).length;
            if (speech === 'real people') log(`  ${language} ${name}: "${said}"`);
          }
        }
        const model = language === 'en' ? DEFAULT_WHISPER_MODEL : MULTILINGUAL_WHISPER_MODEL;
        const cells = tallies.map((tally) => (tally.words ? percent(tally) : 'n/a'));
        const line = `| ${language} | ${model} | ${speech} | ${cells.join(' | ')} |`;
        lines.push(line);
        log(line);
      }
    }
  } finally {
    english.close();
    multilingual.close();
    unranked.close();
  }
  return lines.join('\n');
}
