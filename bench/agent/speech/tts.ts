// The embedded English voices side by side, in one run: flite (slt) and Piper's joe. For each of
// the router's English replies (the templates filled as the demo shop fills them): the time from
// the reply's text (its first clause ready, as a routed reply is whole at once) to its first audio
// frame, the whole synthesis against the audio's length (real-time factor), and what the embedded
// recognizer (Whisper tiny.en) hears of the audio, as word error against the text: without a
// prompt, and with the prompt the agent gives it for the demo shop.
// Each voice is loaded and has spoken once before it is timed (the agent loads it ahead too).
// Writes a dated report to bench/results/tts-<date>.md and prints it.
// Run: npm run tts -w @svc/bench   (TTS_ROUNDS=3 speaks every reply that many times, default 2;
// TTS_SAVE=folder keeps each reply's audio from both voices, flite-<n>.wav and piper-<n>.wav, for
// the blind listening check the plugin's README describes)

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initializeLogger, type tts } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import { demoRuntime, templatesFor, whisperPrompt } from '@svc/agent/testing';
import {
  espeakPhonemes,
  FliteTTS,
  normalizeWords,
  PiperTTS,
  speakableText,
  WhisperSidecar,
  wavFile,
  wordErrors,
} from '@svc/agents-plugin-embedded';

const RECOGNIZER_RATE = 16_000;

/** The router's English replies, filled with the demo shop's names and figures. */
function replies(): string[] {
  const english = templatesFor('en-US');
  if (!english) throw new Error('no English templates');
  const price = (whole: number, cents = 0) => english.spokenMoney(whole, cents);
  return [
    english.catalogue('tents, backpacks, jackets, boots and more'),
    english.goodbye,
    english.failed,
    english.notHeard,
    english.nothingShown,
    english.display('North Peak Trail Runner', {
      price: price(129, 99),
      weightGrams: 640,
      waterproof: true,
    }),
    english.display('Pine Hollow Camp Stove', { price: price(59) }),
    english.compare(
      [
        { name: 'Red Cedar Rain Jacket', price: price(89) },
        { name: 'Summit Rain Jacket', price: price(119, 50) },
      ],
      'Summit Rain Jacket',
    ),
    english.added('Stone Creek Hiking Pack', 1, 2),
    english.added('Summit Wool Socks', 3, 5),
    english.removed(1),
    english.removedMany(2, 0),
    english.cart(
      [
        { name: 'Blue Ridge Down Jacket', quantity: 1 },
        { name: 'Summit Wool Socks', quantity: 2 },
      ],
      0,
      3,
    ),
    english.cartEmpty,
    english.searchNone('green sleeping bags'),
    english.searchFound({
      count: 4,
      what: 'tents',
      relaxed: false,
      top: { name: 'North Peak Solo Tent', price: price(199) },
      ranking: undefined,
    }),
    english.searchFound({
      count: 2,
      what: undefined,
      relaxed: true,
      top: { name: 'Blue Ridge Down Jacket', price: price(149, 99) },
      ranking: 'cheapest',
    }),
  ];
}

interface Spoken {
  firstAudioMs: number;
  totalMs: number;
  seconds: number;
  samples: Int16Array;
  sampleRate: number;
}

async function speak(engine: tts.TTS, text: string): Promise<Spoken> {
  const started = performance.now();
  let firstAudioMs = Number.NaN;
  const parts: Int16Array[] = [];
  for await (const audio of engine.synthesize(text)) {
    if (Number.isNaN(firstAudioMs)) firstAudioMs = performance.now() - started;
    parts.push(audio.frame.data.slice(0, audio.frame.samplesPerChannel));
  }
  const totalMs = performance.now() - started;
  const samples = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  return {
    firstAudioMs,
    totalMs,
    seconds: samples.length / engine.sampleRate,
    samples,
    sampleRate: engine.sampleRate,
  };
}

/** The audio at the recognizer's rate, with 0.2 s of silence after, as a turn ends. */
function forRecognizer(samples: Int16Array, sampleRate: number): Int16Array {
  let resampled = samples;
  if (sampleRate !== RECOGNIZER_RATE) {
    const resampler = new AudioResampler(sampleRate, RECOGNIZER_RATE, 1);
    const parts = [
      ...resampler.push(new AudioFrame(samples, sampleRate, 1, samples.length)),
      ...resampler.flush(),
    ].map((frame) => frame.data.subarray(0, frame.samplesPerChannel));
    resampler.close();
    resampled = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      resampled.set(part, offset);
      offset += part.length;
    }
  }
  const padded = new Int16Array(resampled.length + RECOGNIZER_RATE / 5);
  padded.set(resampled);
  return padded;
}

/**
 * Whisper writes a price as "$129.99" where the replies say "129 dollars 99" (how the router
 * words a price for speech): written back the replies' way before scoring, for both voices.
 */
function asReplied(heard: string): string {
  return heard
    .replace(/\$(\d[\d,]*)\.(\d\d)\b/g, '$1 dollars $2')
    .replace(/\$(\d[\d,]*)/g, '$1 dollars');
}

const percentile = (values: readonly number[], share: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(share * values.length))
  ] ?? Number.NaN;

async function main(): Promise<void> {
  initializeLogger({ pretty: false, level: 'warn' });
  const rounds = Number(process.env.TTS_ROUNDS ?? 2);
  const texts = replies();
  const shopPrompt = whisperPrompt(demoRuntime('audio'), 'en');
  const recognizer = new WhisperSidecar();
  await recognizer.start();
  const load = loadavg()[0] ?? 0;
  const rows: string[] = [];
  const misheard: string[] = [];
  try {
    const phonemeMs: number[] = [];
    for (const text of texts) {
      const started = performance.now();
      await espeakPhonemes('espeak-ng', 'en-us', speakableText(text));
      phonemeMs.push(performance.now() - started);
    }
    const save = process.env.TTS_SAVE;
    if (save) mkdirSync(save, { recursive: true });
    const engines: [string, () => tts.TTS, (engine: tts.TTS) => Promise<unknown>][] = [
      [
        'flite slt (16 kHz)',
        () => new FliteTTS({ voice: 'slt' }),
        (e) => (e as FliteTTS).prepare(),
      ],
      ['Piper joe (22.05 kHz)', () => new PiperTTS(), (e) => (e as PiperTTS).prepare()],
    ];
    for (const [name, make, prepare] of engines) {
      const engine = make();
      const loadStarted = performance.now();
      await prepare(engine);
      await speak(engine, 'Hello.');
      const loadMs = performance.now() - loadStarted;
      const first: number[] = [];
      let synthesisMs = 0;
      let audioSeconds = 0;
      // Word errors and words, without a prompt and with the demo shop's (as the agent hears).
      const tally = { none: { errors: 0, words: 0 }, shop: { errors: 0, words: 0 } };
      for (let round = 0; round < rounds; round += 1) {
        for (const text of texts) {
          const spoken = await speak(engine, text);
          first.push(spoken.firstAudioMs);
          synthesisMs += spoken.totalMs;
          audioSeconds += spoken.seconds;
          if (round > 0) continue;
          if (save) {
            const file = `${name.split(' ')[0]?.toLowerCase()}-${texts.indexOf(text) + 1}.wav`;
            writeFileSync(join(save, file), wavFile(spoken.samples, spoken.sampleRate));
          }
          const pcm = forRecognizer(spoken.samples, spoken.sampleRate);
          for (const [prompt, counts] of [
            [undefined, tally.none],
            [shopPrompt, tally.shop],
          ] as const) {
            const heard = await recognizer.transcribe({ pcm, language: 'en', prompt });
            const wrong = wordErrors(text, asReplied(heard.text)).errors;
            counts.errors += wrong;
            counts.words += normalizeWords(text).length;
            if (wrong > 0 && !prompt)
              misheard.push(`- ${name}: "${text}" heard as "${heard.text}"`);
          }
        }
      }
      const rate = ({ errors, words }: { errors: number; words: number }) =>
        `${((100 * errors) / words).toFixed(1)}% (${errors}/${words})`;
      const row = `| ${name} | ${(loadMs / 1000).toFixed(1)} s | ${percentile(first, 0.5).toFixed(0)} ms | ${percentile(first, 0.95).toFixed(0)} ms | ${(synthesisMs / 1000 / audioSeconds).toFixed(3)} | ${rate(tally.none)} | ${rate(tally.shop)} |`;
      rows.push(row);
      process.stderr.write(`${row}\n`);
    }
    const date = new Date().toISOString().slice(0, 10);
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    const report = [
      `# Embedded English voices, ${date}`,
      '',
      `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average ${load.toFixed(2)} at the start and ${(loadavg()[0] ?? 0).toFixed(2)} at the end; commit ${commit}.`,
      `Command: \`npm run tts -w @svc/bench\` (${texts.length} router replies, ${rounds} rounds; word error on the first).`,
      '',
      '| voice | load and first sentence | first audio p50 | first audio p95 | real-time factor | word error, no prompt | word error, the shop prompt |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `espeak-ng's phonemes of one reply (one process): p50 ${percentile(phonemeMs, 0.5).toFixed(0)} ms, p95 ${percentile(phonemeMs, 0.95).toFixed(0)} ms (part of Piper's first audio).`,
      '',
      'Misheard replies (no prompt; prices written back as the replies say them):',
      '',
      ...(misheard.length ? misheard : ['- none']),
      '',
    ].join('\n');
    const folder = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'results');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `tts-${date}.md`), report);
    console.log(report);
  } finally {
    recognizer.close();
  }
}

await main();
// The native audio and model bindings keep the event loop alive after use.
process.exit(0);
