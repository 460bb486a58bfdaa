// Embedded speech benchmark: demo utterances spoken by flite (voices slt and rms), heard by the
// streaming pocketsphinx recognizer with the scenario's domain language model and with the open
// US-English model. Prints the word error rate per configuration (all utterances, those in the
// domain phrases word for word, free speech), the time from the end of speech to the final
// transcript (p50/p95, audio fed in real time as 20 ms frames at 48 kHz, as a room delivers it),
// and flite's time to first audio (p50/p95).
// Run: npx tsx --conditions=@svc/source bench/agent/speech/wer.ts
//   REAL_TIME=0 feeds audio as fast as possible (word errors only, no latency);
//   UTTERANCES=n keeps the first n utterances; END_SILENCE_MS sets the recognizer's end of
//   utterance silence (default 500).

import { pathToFileURL } from 'node:url';
import { initializeLogger, stt } from '@livekit/agents';
import { AudioFrame, AudioResampler } from '@livekit/rtc-node';
import {
  CONVERSATIONAL_PHRASES,
  FliteTTS,
  normalizeWords,
  PocketsphinxSTT,
  wordErrors,
} from '@svc/agents-plugin-embedded';
import { DEMO_UTTERANCES, demoDomainPhrases } from './demo-phrases.js';

/** The rate a LiveKit room delivers microphone audio at. */
const ROOM_RATE = 48_000;
const FRAME_MS = 20;
const ROOM_FRAME = (ROOM_RATE * FRAME_MS) / 1000;
/** A sample louder than this is speech (flite pads its audio with near-silence). */
const SPEECH_LEVEL = 300;

/** Options of {@link runSpeechBench}. */
export interface SpeechBenchOptions {
  /** flite voices that speak the utterances (default `slt` and `rms`). */
  voices?: readonly string[];
  /** Language models to compare (default both). */
  models?: readonly ('domain' | 'open')[];
  /** What is said (default {@link DEMO_UTTERANCES}). */
  utterances?: readonly string[];
  /** The domain phrases (default: the seeded demo scenario's). */
  phrases?: readonly string[];
  /** Feed audio at its real pace and measure latency (default true). */
  realTime?: boolean;
  /** The recognizer's end-of-utterance silence (default its own, 500 ms). */
  endSilenceMs?: number;
  /** Cache folder for built language models (default the recognizer's). */
  cacheDir?: string;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** One utterance through one configuration. */
export interface UtteranceResult {
  reference: string;
  hypothesis: string;
  /** Whether the utterance is, word for word, one of the model's training sentences. */
  inPhrases: boolean;
  /** End of speech (last loud frame pushed) to the final transcript, ms; undefined if none. */
  latencyMs: number | undefined;
}

/** A summary of values: count, median, 95th percentile. */
export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
}

/** Results of one voice x language model configuration. */
export interface ConfigurationResult {
  voice: string;
  model: 'domain' | 'open';
  /** Word error rate over all utterances. */
  wer: number;
  /** Word error rate over utterances in the training phrases. */
  werInPhrases: number;
  /** Word error rate over free speech. */
  werFree: number;
  /** End of speech to final transcript (real-time runs only). */
  latency: Percentiles | undefined;
  /** Time to load the model and start decoding, ms. */
  startupMs: number;
  utterances: UtteranceResult[];
}

/** Results of flite for one voice. */
export interface SynthesisResult {
  voice: string;
  /** From `synthesize()` to the first audio frame, ms. */
  timeToFirstAudio: Percentiles;
  /** Seconds of audio per second of synthesis. */
  realTimeFactor: number;
}

/** Everything {@link runSpeechBench} measured. */
export interface SpeechBenchReport {
  configurations: ConfigurationResult[];
  synthesis: SynthesisResult[];
  realTime: boolean;
}

function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { n: sorted.length, p50: at(50), p95: at(95) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** 16 kHz flite frames as 20 ms frames at the room's rate, with the index of the last loud one. */
function asRoomAudio(frames: readonly AudioFrame[]): { frames: AudioFrame[]; lastLoud: number } {
  const resampler = new AudioResampler(frames[0]?.sampleRate ?? 16_000, ROOM_RATE, 1);
  const pieces: Int16Array[] = [];
  try {
    for (const frame of frames) {
      for (const out of resampler.push(frame)) pieces.push(out.data);
    }
    for (const out of resampler.flush()) pieces.push(out.data);
  } finally {
    resampler.close();
  }
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const samples = new Int16Array(total);
  let offset = 0;
  for (const piece of pieces) {
    samples.set(piece, offset);
    offset += piece.length;
  }
  const out: AudioFrame[] = [];
  let lastLoud = 0;
  for (let start = 0; start < samples.length; start += ROOM_FRAME) {
    const data = new Int16Array(ROOM_FRAME);
    data.set(samples.subarray(start, start + ROOM_FRAME));
    if (data.some((sample) => Math.abs(sample) > SPEECH_LEVEL)) lastLoud = out.length;
    out.push(new AudioFrame(data, ROOM_RATE, 1, ROOM_FRAME));
  }
  return { frames: out, lastLoud };
}

const silentFrame = () => new AudioFrame(new Int16Array(ROOM_FRAME), ROOM_RATE, 1, ROOM_FRAME);

/** Synthesizes every utterance with one voice, timing the first frame of each. */
async function speakAll(
  voice: string,
  utterances: readonly string[],
): Promise<{ audio: AudioFrame[][]; result: SynthesisResult }> {
  const engine = new FliteTTS({ voice });
  await engine.prepare();
  const audio: AudioFrame[][] = [];
  const firsts: number[] = [];
  let audioSeconds = 0;
  let busySeconds = 0;
  for (const text of utterances) {
    const started = performance.now();
    let first: number | undefined;
    const frames: AudioFrame[] = [];
    const stream = engine.synthesize(text);
    for await (const { frame } of stream) {
      first ??= performance.now() - started;
      frames.push(frame);
      audioSeconds += frame.samplesPerChannel / frame.sampleRate;
    }
    busySeconds += (performance.now() - started) / 1000;
    if (stream.error) throw stream.error;
    firsts.push(first ?? Number.NaN);
    audio.push(frames);
  }
  return {
    audio,
    result: {
      voice,
      timeToFirstAudio: percentiles(firsts),
      realTimeFactor: audioSeconds / busySeconds,
    },
  };
}

/** Runs one configuration: one recognizer stream, the utterances one after another. */
async function recognizeAll(
  recognizer: PocketsphinxSTT,
  spoken: readonly { text: string; inPhrases: boolean; frames: AudioFrame[]; lastLoud: number }[],
  realTime: boolean,
): Promise<{ utterances: UtteranceResult[]; startupMs: number }> {
  const started = performance.now();
  await recognizer.prepare();
  const stream = recognizer.stream();
  const finals: { text: string; at: number }[] = [];
  const reading = (async () => {
    for await (const event of stream) {
      if (event.type !== stt.SpeechEventType.FINAL_TRANSCRIPT) continue;
      finals.push({ text: event.alternatives?.[0]?.text ?? '', at: performance.now() });
    }
  })();
  if (!(await stream.ready)) throw new Error('the recognizer did not start');
  const startupMs = performance.now() - started;
  // Frames go out on a 20 ms clock in real time; back to back otherwise.
  let clock = performance.now();
  const push = async (frame: AudioFrame) => {
    if (realTime) {
      clock += FRAME_MS;
      await sleep(clock - performance.now());
    }
    stream.pushFrame(frame);
  };
  for (let i = 0; i < 25; i += 1) await push(silentFrame());
  const results: UtteranceResult[] = [];
  for (const utterance of spoken) {
    const before = finals.length;
    for (let i = 0; i < 15; i += 1) await push(silentFrame());
    let speechEnd = 0;
    for (const [index, frame] of utterance.frames.entries()) {
      await push(frame);
      if (index === utterance.lastLoud) speechEnd = performance.now();
    }
    // Silence until a final transcript of this utterance arrives (at most 3 s), as a
    // microphone would keep sending.
    const heard = () => finals.slice(before).some((final) => final.at >= speechEnd);
    if (realTime) {
      for (let i = 0; i < 150 && !heard(); i += 1) await push(silentFrame());
      // A few more frames so that a straggling last piece arrives too.
      for (let i = 0; i < 5; i += 1) await push(silentFrame());
    } else {
      for (let i = 0; i < 60; i += 1) await push(silentFrame());
      while (!heard() && performance.now() - speechEnd < 10_000) await sleep(20);
      // The recognizer works through a backlog here: let a straggling last piece arrive.
      await sleep(300);
    }
    const mine = finals.slice(before);
    const first = mine.find((final) => final.at >= speechEnd);
    results.push({
      reference: utterance.text,
      hypothesis: mine.map((final) => final.text).join(' '),
      inPhrases: utterance.inPhrases,
      latencyMs: realTime && first ? first.at - speechEnd : undefined,
    });
  }
  stream.endInput();
  await reading;
  stream.close();
  return { utterances: results, startupMs };
}

function rate(results: readonly UtteranceResult[]): number {
  let errors = 0;
  let words = 0;
  for (const result of results) {
    const counted = wordErrors(result.reference, result.hypothesis);
    errors += counted.errors;
    words += counted.words;
  }
  return words ? errors / words : Number.NaN;
}

/**
 * Runs the benchmark: every voice x language model, one recognizer stream per configuration.
 * In real time it takes about as long as the audio (about a minute and a half per
 * configuration for the demo utterances).
 */
export async function runSpeechBench(options: SpeechBenchOptions = {}): Promise<SpeechBenchReport> {
  const voices = options.voices ?? ['slt', 'rms'];
  const models = options.models ?? ['domain', 'open'];
  const utterances = options.utterances ?? DEMO_UTTERANCES;
  const phrases = options.phrases ?? demoDomainPhrases();
  const realTime = options.realTime ?? true;
  const log = options.log ?? (() => undefined);
  const corpus = new Set(
    [...phrases, ...CONVERSATIONAL_PHRASES].map((phrase) => normalizeWords(phrase).join(' ')),
  );
  const configurations: ConfigurationResult[] = [];
  const synthesis: SynthesisResult[] = [];
  for (const voice of voices) {
    log(`flite ${voice}: synthesizing ${utterances.length} utterances`);
    const { audio, result } = await speakAll(voice, utterances);
    synthesis.push(result);
    const spoken = utterances.map((text, index) => ({
      text,
      inPhrases: corpus.has(normalizeWords(text).join(' ')),
      ...asRoomAudio(audio[index] ?? []),
    }));
    for (const model of models) {
      log(`flite ${voice} -> pocketsphinx, ${model} model`);
      const recognizer = new PocketsphinxSTT({
        ...(model === 'domain' ? { phrases } : {}),
        ...(options.endSilenceMs === undefined ? {} : { endSilenceMs: options.endSilenceMs }),
        ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
      });
      const { utterances: results, startupMs } = await recognizeAll(recognizer, spoken, realTime);
      for (const result of results) {
        log(
          `  ${result.reference} -> ${result.hypothesis || '(nothing)'}${result.latencyMs === undefined ? '' : ` [${Math.round(result.latencyMs)} ms]`}`,
        );
      }
      const latencies = results.flatMap((result) =>
        result.latencyMs === undefined ? [] : [result.latencyMs],
      );
      configurations.push({
        voice,
        model,
        wer: rate(results),
        werInPhrases: rate(results.filter((result) => result.inPhrases)),
        werFree: rate(results.filter((result) => !result.inPhrases)),
        latency: realTime ? percentiles(latencies) : undefined,
        startupMs,
        utterances: results,
      });
    }
  }
  return { configurations, synthesis, realTime };
}

const pct = (value: number) => (Number.isNaN(value) ? '-' : `${(value * 100).toFixed(1)}%`);
const msText = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '-' : `${Math.round(value)} ms`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The report as text tables, with domain/open ratios where both models ran for a voice. */
export function formatSpeechBench(report: SpeechBenchReport): string {
  const first = report.configurations[0]?.utterances ?? [];
  const inPhrases = first.filter((u) => u.inPhrases).length;
  const recognition = table(
    [
      'voice',
      'model',
      'WER',
      `WER in phrases (${inPhrases})`,
      `WER free (${first.length - inPhrases})`,
      'final p50',
      'final p95',
      'finals',
      'startup',
    ],
    report.configurations.map((c) => [
      `flite ${c.voice}`,
      c.model,
      pct(c.wer),
      pct(c.werInPhrases),
      pct(c.werFree),
      msText(c.latency?.p50),
      msText(c.latency?.p95),
      c.latency ? `${c.latency.n}/${c.utterances.length}` : '-',
      msText(c.startupMs),
    ]),
  );
  const ratios: string[][] = [];
  for (const voice of new Set(report.configurations.map((c) => c.voice))) {
    const domain = report.configurations.find((c) => c.voice === voice && c.model === 'domain');
    const open = report.configurations.find((c) => c.voice === voice && c.model === 'open');
    if (!domain || !open) continue;
    const ratio = (a: number | undefined, b: number | undefined) =>
      a === undefined || b === undefined || !b ? '-' : `${(a / b).toFixed(2)}x`;
    ratios.push([
      `flite ${voice}`,
      ratio(domain.wer, open.wer),
      ratio(domain.latency?.p50, open.latency?.p50),
      ratio(domain.startupMs, open.startupMs),
    ]);
  }
  const synthesis = table(
    ['voice', 'first audio p50', 'first audio p95', 'n', 'speed'],
    report.synthesis.map((s) => [
      `flite ${s.voice}`,
      msText(s.timeToFirstAudio.p50),
      msText(s.timeToFirstAudio.p95),
      String(s.timeToFirstAudio.n),
      `${s.realTimeFactor.toFixed(0)}x real time`,
    ]),
  );
  const parts = [
    `Recognition (streaming, 20 ms frames at 48 kHz${report.realTime ? ', real time' : ', as fast as possible'}; final = end of speech to final transcript)`,
    recognition,
  ];
  if (ratios.length) {
    parts.push(
      '',
      'Domain model / open model',
      table(['voice', 'WER', 'final p50', 'startup'], ratios),
    );
  }
  parts.push('', 'Synthesis (synthesize() to first 20 ms frame)', synthesis);
  return parts.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  initializeLogger({ pretty: false, level: 'warn' });
  const count = process.env.UTTERANCES ? Number(process.env.UTTERANCES) : undefined;
  const report = await runSpeechBench({
    realTime: process.env.REAL_TIME !== '0',
    ...(count ? { utterances: DEMO_UTTERANCES.slice(0, count) } : {}),
    ...(process.env.END_SILENCE_MS ? { endSilenceMs: Number(process.env.END_SILENCE_MS) } : {}),
    log: (line) => console.log(line),
  });
  console.log(`\n${formatSpeechBench(report)}`);
  // The framework's native audio bindings keep the event loop alive after use.
  process.exit(0);
}
