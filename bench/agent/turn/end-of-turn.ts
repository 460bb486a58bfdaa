// End of turn, measured as LiveKit's eot-bench reports it, on the frozen set of requests spoken
// with a mid-turn pause: false cutoffs (a turn ended at the pause) at a 300 ms latency budget, and
// latency at a 5% cutoff budget. Each detector decides once, `decideMs` after the end of speech
// (if the silence lasts that long): end the turn, or wait for the fallback delay (the agent's
// `UNFINISHED_TURN_DELAY_MS`, past every pause of the set). A cutoff is a pause longer than the
// decision time at which the detector said "ended"; latency is the time from the end of a whole
// request to the decision, p50. The VAD alone always says "ended". The audio models hear the
// speech so far and the silence up to the decision: v1-mini its last 1.2 s, Pipecat's Smart Turn
// its last 8 s.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import localInference from '@livekit/local-inference';
import {
  doubtsLastWord,
  ensureSmartTurn,
  LAST_WORD_DOUBT,
  SMART_TURN_THRESHOLD,
  SmartTurnModel,
  soundsUnfinished,
  turnLanguage,
  UNFINISHED_TURN_DELAY_MS,
  V1_MINI_THRESHOLD,
} from '@svc/agent/testing';
import { WhisperModels, type WordSureness } from '@svc/agents-plugin-embedded';
import { speechBounds, synthesize, VOICES, VOICES_IN, type Voice } from '../eval/voices.js';
import { shopPrompt } from '../speech/prompt.js';
import { decoded, recordings } from '../speech/recordings.js';
import {
  loadSet,
  type PausedRecording,
  type PausedRequest,
  type SetLanguage,
  type SetPart,
} from './sets.js';

const RATE = 16_000;
/** When a detector may decide, ms after the end of speech. */
const DECISION_TIMES = [200, 300, 400, 500, 700, 1000];
/** v1-mini's thresholds tried (its own per-language defaults are about 0.25-0.36). */
const THRESHOLDS = [0.1, 0.2, 0.25, 0.3, 0.36, 0.45, 0.55, 0.7];
/** The last word's probabilities tried as the recognizer's doubt (the agent's is LAST_WORD_DOUBT). */
const LAST_WORD_THRESHOLDS = [0.3, 0.4, 0.5, LAST_WORD_DOUBT, 0.7, 0.8].filter(
  (value, index, all) => all.indexOf(value) === index,
);
/** Smart Turn's thresholds tried (its own is 0.5). */
const SMART_TURN_THRESHOLDS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** One point at which a detector is asked: a pause inside a request, or its end. */
interface Moment {
  language: SetLanguage;
  request: string;
  voice: string;
  /** `pause`: the visitor goes on after `pauseMs`; `end`: the request is over. */
  kind: 'pause' | 'end';
  pauseMs: number;
  /** What the recognizer heard up to here. */
  transcript: string;
  /** How sure the recognizer was of it (absent from runs made before it said). */
  sureness?: WordSureness;
  /** v1-mini's probability that the turn ended, per decision time. */
  audio: Record<number, number>;
  /** Smart Turn's, likewise (absent from runs made before it was measured). */
  smartTurn?: Record<number, number>;
}

/** A detector's verdict at a moment and decision time: true when it ends the turn. */
type Verdict = (moment: Moment, decideMs: number) => boolean;

/** One operating point's figures. */
interface Point {
  decideMs: number;
  cutoffs: number;
  latencyP50: number;
  /** Share of finished requests held for the fallback delay. */
  held: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

function pointOf(moments: Moment[], verdict: Verdict, decideMs: number): Point {
  const pauses = moments.filter((moment) => moment.kind === 'pause');
  const ends = moments.filter((moment) => moment.kind === 'end');
  const cut = pauses.filter(
    (moment) =>
      (moment.pauseMs > decideMs && verdict(moment, decideMs)) ||
      moment.pauseMs > UNFINISHED_TURN_DELAY_MS,
  );
  return {
    decideMs,
    cutoffs: cut.length / Math.max(1, pauses.length),
    latencyP50: median(
      ends.map((moment) => (verdict(moment, decideMs) ? decideMs : UNFINISHED_TURN_DELAY_MS)),
    ),
    held: ends.filter((moment) => !verdict(moment, decideMs)).length / Math.max(1, ends.length),
  };
}

/** eot-bench's two figures over a detector's operating points. */
function summarize(points: Point[]): {
  cutoffsAt300: number | undefined;
  latencyAt5: number | undefined;
} {
  const fast = points.filter((point) => point.latencyP50 <= 300);
  const safe = points.filter((point) => point.cutoffs <= 0.05);
  return {
    cutoffsAt300: fast.length ? Math.min(...fast.map((point) => point.cutoffs)) : undefined,
    latencyAt5: safe.length ? Math.min(...safe.map((point) => point.latencyP50)) : undefined,
  };
}

function voicesOf(language: SetLanguage): readonly Voice[] {
  return language === 'en' ? VOICES : VOICES_IN[language];
}

/** An audio model's probability that the turn ended, from the audio so far. */
type AudioModel = (pcm: Int16Array) => Promise<number>;

/** v1-mini, on the last 1.2 s it reads. */
const v1Mini: AudioModel = (pcm) =>
  localInference.predict(pcm.subarray(Math.max(0, pcm.length - 19_200)));

/** A model's probability at each decision time: `speech`, then that much silence. */
async function audioVerdicts(
  speech: Int16Array,
  model: AudioModel,
): Promise<Record<number, number>> {
  const verdicts: Record<number, number> = {};
  for (const decideMs of DECISION_TIMES) {
    const pcm = new Int16Array(speech.length + (RATE * decideMs) / 1000);
    pcm.set(speech);
    verdicts[decideMs] = await model(pcm);
  }
  return verdicts;
}

/** A request spoken by a voice: its first part, and the whole with the pause. */
async function spoken(
  request: PausedRequest,
  voice: Voice,
): Promise<{ first: Int16Array; whole: Int16Array } | undefined> {
  const [first, second] = await Promise.all(
    request.parts.map(async (text) => {
      const pcm = await synthesize(voice, text, RATE);
      const { start, end } = speechBounds(pcm);
      return pcm.subarray(start, end);
    }),
  );
  if (!first || !second) return undefined;
  const whole = new Int16Array(first.length + (RATE * request.pauseMs) / 1000 + second.length);
  whole.set(first);
  whole.set(second, whole.length - second.length);
  return { first, whole };
}

/** A request as one voice spoke it: its first part, and the whole with the pause. */
interface SpokenRequest {
  id: string;
  language: SetLanguage;
  voice: string;
  pauseMs: number;
  first: Int16Array;
  whole: Int16Array;
}

/** Each voice of its language speaking each request of `turn-pauses-1`. */
async function* synthesized(requests: PausedRequest[]): AsyncGenerator<SpokenRequest> {
  for (const request of requests)
    for (const voice of voicesOf(request.language)) {
      const audio = await spoken(request, voice);
      if (audio) yield { ...request, voice: voice.id, ...audio };
    }
}

/** Each reading of `turn-pauses-2` as its reader spoke it, with the pause made where the set says. */
function* read(items: PausedRecording[]): Generator<SpokenRequest> {
  const files = new Map(recordings().map((recording) => [recording.file, recording]));
  const at = (ms: number) => Math.round((ms / 1000) * RATE);
  for (const item of items) {
    const recording = files.get(item.recording);
    if (!recording) throw new Error(`${item.id}: no recording ${item.recording}`);
    const pcm = decoded(recording);
    const first = pcm.slice(at(item.speechStartMs), at(item.gapStartMs));
    const second = pcm.slice(at(item.gapEndMs), at(item.speechEndMs));
    const whole = new Int16Array(first.length + at(item.pauseMs) + second.length);
    whole.set(first);
    whole.set(second, whole.length - second.length);
    yield {
      id: item.id,
      language: item.language,
      voice: 'fleurs',
      pauseMs: item.pauseMs,
      first,
      whole,
    };
  }
}

/** Every moment of the requests as spoken: at each one's pause and at its end. */
async function momentsOf(
  requests: AsyncIterable<SpokenRequest> | Iterable<SpokenRequest>,
  smartTurn: AudioModel,
  log: (line: string) => void,
): Promise<Moment[]> {
  // The recognizer says how sure it was of its words, which the agent's doubt reads.
  const recognizer = new WhisperModels({ sidecar: { wordProbabilities: true } });
  const prompts: Record<SetLanguage, string> = {
    en: shopPrompt('en'),
    fr: shopPrompt('fr'),
    es: shopPrompt('es'),
    de: shopPrompt('de'),
  };
  const moments: Moment[] = [];
  for await (const request of requests) {
    const { first, whole } = request;
    // The recognizer hears what was said so far, with the silence its early pass waits for,
    // and the prompt the agent of the demo shop gives it in that language (its catalogue's
    // words: it sways what Whisper makes of a last word).
    const heard = async (speech: Int16Array) => {
      const padded = new Int16Array(speech.length + RATE / 4);
      padded.set(speech);
      const { text, sureness } = await recognizer.transcribe({
        pcm: padded,
        language: request.language,
        prompt: prompts[request.language],
      });
      return { transcript: text, ...(sureness ? { sureness } : {}) };
    };
    const base = { language: request.language, request: request.id, voice: request.voice };
    moments.push({
      ...base,
      kind: 'pause',
      pauseMs: request.pauseMs,
      ...(await heard(first)),
      audio: await audioVerdicts(first, v1Mini),
      smartTurn: await audioVerdicts(first, smartTurn),
    });
    moments.push({
      ...base,
      kind: 'end',
      pauseMs: 0,
      ...(await heard(whole)),
      audio: await audioVerdicts(whole, v1Mini),
      smartTurn: await audioVerdicts(whole, smartTurn),
    });
    log(
      `  ${request.id} ${request.voice}: ${moments.at(-2)?.transcript} | ${moments.at(-1)?.transcript}`,
    );
  }
  return moments;
}

/**
 * Smart Turn's predictions for moments of an earlier run that lack them: the requests are spoken
 * again (synthesis is deterministic), the recognizer's transcripts kept.
 */
async function addSmartTurn(
  moments: Moment[],
  requests: PausedRequest[],
  smartTurn: AudioModel,
  log: (line: string) => void,
): Promise<void> {
  for (const request of requests) {
    for (const voice of voicesOf(request.language)) {
      const own = moments.filter(
        (moment) => moment.request === request.id && moment.voice === voice.id && !moment.smartTurn,
      );
      if (own.length === 0) continue;
      const audio = await spoken(request, voice);
      if (!audio) continue;
      for (const moment of own)
        moment.smartTurn = await audioVerdicts(
          moment.kind === 'pause' ? audio.first : audio.whole,
          smartTurn,
        );
    }
    log(`  ${request.id}: Smart Turn heard`);
  }
}

/** LiveKit's own v1-mini thresholds per language (`LOCAL_LANGUAGES` in agents 1.9). */
const V1_MINI_DEFAULTS: Record<SetLanguage, number> = { en: 0.36, fr: 0.285, es: 0.35, de: 0.245 };

/** A detector: its verdict at an operating point (a threshold, for the ones that have one). */
interface Detector {
  verdict: (threshold: number) => Verdict;
  /** The thresholds swept; the first `undefined` means "the detector's own". */
  thresholds: readonly number[];
}

/** The transcript's words alone end on one that cannot close a request. */
const wordsUnfinished = (moment: Moment) => {
  const language = turnLanguage(moment.language);
  return language ? soundsUnfinished(moment.transcript, language) : false;
};
/** The recognizer doubted the last word at `threshold` (the agent's when 0), sure of the rest. */
const lastWordDoubted = (moment: Moment, threshold: number) =>
  doubtsLastWord(moment.sureness, threshold || undefined);
/** The transcript read with the recognizer's doubt (the detector the agent has, once asked). */
const unfinished = (moment: Moment) => wordsUnfinished(moment) || lastWordDoubted(moment, 0);
const audioEnded = (moment: Moment, decideMs: number, threshold: number) =>
  (moment.audio[decideMs] ?? 1) >= (threshold || V1_MINI_DEFAULTS[moment.language]);
// Complete above the threshold, as pipecat reads it.
const smartTurnEnded = (moment: Moment, decideMs: number, threshold: number) =>
  (moment.smartTurn?.[decideMs] ?? 1) > (threshold || SMART_TURN_THRESHOLD);

/** The detectors compared; threshold 0 stands for the audio model's own threshold. */
const DETECTORS: Record<string, Detector> = {
  'VAD alone (silence)': { verdict: () => () => true, thresholds: [0] },
  'transcript words': { verdict: () => (moment) => !wordsUnfinished(moment), thresholds: [0] },
  // The words, and a last word the recognizer doubted while sure of the rest (measured here;
  // the agent does not ask the recognizer for its word probabilities yet).
  "transcript and the recognizer's doubt": {
    verdict: (threshold) => (moment) =>
      !wordsUnfinished(moment) && !lastWordDoubted(moment, threshold),
    thresholds: [0, ...LAST_WORD_THRESHOLDS],
  },
  'v1-mini (audio)': {
    verdict: (threshold) => (moment, decideMs) => audioEnded(moment, decideMs, threshold),
    thresholds: [0, ...THRESHOLDS],
  },
  'transcript, then v1-mini': {
    verdict: (threshold) => (moment, decideMs) =>
      !unfinished(moment) && audioEnded(moment, decideMs, threshold),
    thresholds: [0, ...THRESHOLDS],
  },
  // The agent's embedded turn detector: v1-mini at the threshold chosen on the dev part.
  [`transcript, then v1-mini at ${V1_MINI_THRESHOLD}`]: {
    verdict: () => (moment, decideMs) =>
      !unfinished(moment) && audioEnded(moment, decideMs, V1_MINI_THRESHOLD),
    thresholds: [0],
  },
  'Smart Turn (audio)': {
    verdict: (threshold) => (moment, decideMs) => smartTurnEnded(moment, decideMs, threshold),
    thresholds: [0, ...SMART_TURN_THRESHOLDS],
  },
  'transcript, then Smart Turn': {
    verdict: (threshold) => (moment, decideMs) =>
      !unfinished(moment) && smartTurnEnded(moment, decideMs, threshold),
    thresholds: [0, ...SMART_TURN_THRESHOLDS],
  },
};

/** Runs the set's part and returns the report (Markdown). */
export async function runEndOfTurnBench(options: {
  part: SetPart;
  log: (line: string) => void;
  /** Reuse the last run's transcripts and predictions of this part. */
  reuse?: boolean;
  /** `turn-pauses-2`: real people's readings instead of synthetic voices' requests. */
  set?: 'turn-pauses-1' | 'turn-pauses-2';
}): Promise<string> {
  localInference.initEot();
  const set = options.set ?? 'turn-pauses-1';
  // What was heard and predicted is kept between runs (`reuse`), so a report changes no figure.
  const cache = join(
    tmpdir(),
    set === 'turn-pauses-1'
      ? `svc-turn-moments-${options.part}.json`
      : `svc-turn-moments-${set}-${options.part}.json`,
  );
  const model = await SmartTurnModel.load(ensureSmartTurn());
  const smartTurn: AudioModel = (pcm) => model.predict(pcm);
  const cached =
    options.reuse && existsSync(cache)
      ? (JSON.parse(readFileSync(cache, 'utf8')) as Moment[])
      : undefined;
  let moments: Moment[];
  let made: string;
  if (set === 'turn-pauses-1') {
    const requests = loadSet<PausedRequest>(set, options.part);
    moments = cached ?? (await momentsOf(synthesized(requests), smartTurn, options.log));
    await addSmartTurn(moments, requests, smartTurn, options.log);
    made = `${requests.length} requests, ${moments.length / 2} spoken; pauses 0.3-1 s`;
  } else {
    const items = loadSet<PausedRecording>(set, options.part);
    moments = cached ?? (await momentsOf(read(items), smartTurn, options.log));
    made = `${items.length} readings of real people; pauses 0.5-1 s`;
  }
  writeFileSync(cache, JSON.stringify(moments));
  const languages: SetLanguage[] = ['en', 'fr', 'es', 'de'];
  const lines = [
    `== end of turn, ${set} ${options.part} (${made}; fallback ${UNFINISHED_TURN_DELAY_MS} ms)`,
    '',
    '| detector | language | false cutoffs at 300 ms | latency at 5% cutoffs | deciding at 400 ms (as the agent does): cutoffs / latency p50 / finished requests held |',
    '|---|---|---|---|---|',
  ];
  for (const [name, detector] of Object.entries(DETECTORS)) {
    for (const language of [...languages, undefined]) {
      const chosen = moments.filter((moment) => !language || moment.language === language);
      const points = detector.thresholds.flatMap((threshold) =>
        DECISION_TIMES.map((decideMs) => pointOf(chosen, detector.verdict(threshold), decideMs)),
      );
      const { cutoffsAt300, latencyAt5 } = summarize(points);
      // The agent decides 400 ms after the end of speech, with the detector's own threshold.
      const agent = pointOf(chosen, detector.verdict(0), 400);
      lines.push(
        `| ${name} | ${language ?? 'all'} | ${cutoffsAt300 === undefined ? 'none' : `${(cutoffsAt300 * 100).toFixed(1)}%`} | ${latencyAt5 === undefined ? 'none' : `${latencyAt5} ms`} | ${(agent.cutoffs * 100).toFixed(1)}% / ${agent.latencyP50} ms / ${(agent.held * 100).toFixed(0)}% |`,
      );
    }
  }
  // Each swept detector's thresholds at the agent's decision time, to choose an operating point.
  lines.push(
    '',
    'Deciding at 400 ms, all languages, by threshold: cutoffs / latency p50 / finished requests held.',
    '',
    '| detector | threshold | deciding at 400 ms |',
    '|---|---|---|',
  );
  for (const [name, detector] of Object.entries(DETECTORS))
    for (const threshold of detector.thresholds.filter((value) => value > 0)) {
      const point = pointOf(moments, detector.verdict(threshold), 400);
      lines.push(
        `| ${name} | ${threshold} | ${(point.cutoffs * 100).toFixed(1)}% / ${point.latencyP50} ms / ${(point.held * 100).toFixed(0)}% |`,
      );
    }
  // What the recognizer heard at the pauses the transcript did not hold (a cutoff's cause).
  const missed = moments.filter((moment) => moment.kind === 'pause' && !unfinished(moment));
  const sure = (moment: Moment) =>
    moment.sureness
      ? ` (last word ${moment.sureness.lastWord}, others ${moment.sureness.otherWords ?? '-'})`
      : '';
  lines.push(
    '',
    `Pauses the transcript with the doubt read as finished: ${missed.length} of ${moments.length / 2}.`,
  );
  if (options.part === 'dev')
    for (const moment of missed)
      lines.push(`- ${moment.request} ${moment.voice}: "${moment.transcript}"${sure(moment)}`);
  // Finished requests it held for the fallback delay (the latency it costs).
  const held = moments.filter((moment) => moment.kind === 'end' && unfinished(moment));
  lines.push('', `Finished requests the transcript with the doubt held: ${held.length}.`);
  if (options.part === 'dev')
    for (const moment of held)
      lines.push(`- ${moment.request} ${moment.voice}: "${moment.transcript}"${sure(moment)}`);
  return lines.join('\n');
}
