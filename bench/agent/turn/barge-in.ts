// Barge-in, measured on the frozen set of what a visitor says or does while the agent speaks:
// backchannels and sounds that must not stop the agent, interruptions that must. Each utterance is
// spoken by each voice of its language (a cough is made: a burst of shaped noise) and heard by the
// embedded recognizer; each policy then says whether the agent stops. A **false interruption** is
// a backchannel or a sound that stops it; **caught** is an interruption that does.
import { tokenize } from '@livekit/agents';
import { INTERIM_HEARING_MS, isBackchannel } from '@svc/agent/testing';
import { EARLY_SILENCE_MS, WhisperModels } from '@svc/agents-plugin-embedded';
import { shopPrompt } from '../speech/prompt.js';
import {
  humPhonemes,
  speechBounds,
  synthesize,
  VOICES,
  VOICES_IN,
  type Voice,
} from '../eval/voices.js';
import { percentiles } from '../worker-kit.js';
import { loadSet, type Overlap, type SetLanguage, type SetPart } from './sets.js';

const RATE = 16_000;
/**
 * How much speech over the agent is heard before it ends, as an interim hearing: the framework's
 * shortest speech that interrupts by voice activity, and the lengths around it.
 */
const INTERIM_AFTER_MS = [500, 700] as const;
/**
 * The agent's interim hearings: after `INTERIM_HEARING_MS` of speech, then after each further
 * `INTERIM_HEARING_MS` once the hearing before has come back, while the agent speaks. Measured at
 * each multiple of it up to 4 s of speech.
 */
const REPEATED_EVERY_MS = INTERIM_HEARING_MS;
const REPEATED_UP_TO_MS = 4000;
/** Every length of speech the bench hears before it ends, ms, shortest first. */
const HEARD_AFTER_MS = [
  ...new Set([
    ...INTERIM_AFTER_MS,
    ...Array.from(
      { length: Math.floor(REPEATED_UP_TO_MS / REPEATED_EVERY_MS) },
      (_, index) => (index + 1) * REPEATED_EVERY_MS,
    ),
  ]),
].sort((a, b) => a - b);
/** The framework's shortest speech that interrupts by voice activity (`interruption.minDuration`). */
const MIN_INTERRUPTION_MS = 500;

/** One utterance of the set, as one voice made it and the recognizer heard it. */
interface Heard {
  item: Overlap;
  voice: string;
  speechMs: number;
  /** As the agent hears it: under the demo shop's prompt in the item's language. */
  transcript: string;
  /** The same utterance heard by the bare model, without the prompt. */
  bare: string;
  /** How long the bare hearing took, ms: what the agent waits more before it stops. */
  bareMs: number;
  /** How long the hearing under the prompt took, ms. */
  promptedMs: number;
  /**
   * The first `afterMs` of the speech heard while it goes on (under the prompt and bare), for
   * speech longer than that.
   */
  interims: { afterMs: number; transcript: string; bare: string; ms: number; bareMs: number }[];
  /** Whether the voice hummed a written hum from phonemes (espeak-ng, see `humPhonemes`). */
  hummed: boolean;
}

/** A barge-in policy: whether the agent stops for what was heard. */
type Policy = (heard: Heard) => boolean;

const words = (text: string) => tokenize.basic.splitWords(text, true).length;

/** Whether words heard under the prompt and bare stop the agent, as the agent decides. */
const stopsOn = (transcript: string, bare: string, language: string) =>
  [transcript, bare].every((text) => words(text) > 0 && !isBackchannel(text, language));

/** The interim hearing after `afterMs` of speech, when the speech was longer. */
const interimAt = (heard: Heard, afterMs: number) =>
  heard.interims.find((interim) => interim.afterMs === afterMs);

/** Whether the interim hearing after `afterMs` of speech stops the agent. */
const interimStops = (heard: Heard, afterMs: number) => {
  const interim = interimAt(heard, afterMs);
  return interim !== undefined && stopsOn(interim.transcript, interim.bare, heard.item.language);
};

/**
 * How long both hearings take before the agent can stop, ms: beside each other in English (on the
 * model's second worker), one after the other in the other languages.
 */
const decodingMs = (heard: Heard, prompted: number, bare: number) =>
  heard.item.language === 'en' ? Math.max(prompted, bare) : prompted + bare;

/**
 * When the agent stops, ms after the visitor began: at the end of the speech, the recognizer's
 * pause and both hearings, or at an interim hearing that stops it.
 */
function stopDelay(heard: Heard, interimAfterMs?: number): number {
  const interim = interimAfterMs === undefined ? undefined : interimAt(heard, interimAfterMs);
  if (interim && stopsOn(interim.transcript, interim.bare, heard.item.language))
    return interim.afterMs + decodingMs(heard, interim.ms, interim.bareMs);
  return heard.speechMs + EARLY_SILENCE_MS + decodingMs(heard, heard.promptedMs, heard.bareMs);
}

/** The policy that stops on an interim hearing after `afterMs` of speech too, by name. */
const interimPolicy = (afterMs: number) =>
  `the final, and one interim hearing after ${afterMs} ms of speech`;

/** Words that are not feedback, under the prompt and bare, in the final transcript. */
const FINAL_POLICY =
  'words that are not feedback with and without the prompt, at the end of the speech';

/** The policy of the agent now: interim hearings after each 500 ms of speech, one at a time. */
const REPEATED_POLICY = `the agent now: interim hearings after ${REPEATED_EVERY_MS} ms of speech and each ${REPEATED_EVERY_MS} ms after, one at a time`;

/**
 * When the repeated interim hearings stop the agent, ms after the visitor began, or undefined when
 * none does: each is asked at the first multiple of 500 ms of speech once the one before has come
 * back (the agent asks at the first 500 ms after that; the multiple is the nearest hearing the
 * bench made, so these stops are at most 500 ms late), and stops at its decoding's end.
 */
function repeatedStop(heard: Heard): number | undefined {
  let askedAt = REPEATED_EVERY_MS;
  while (askedAt < heard.speechMs) {
    const interim = interimAt(heard, askedAt);
    if (!interim) return undefined;
    const back = askedAt + decodingMs(heard, interim.ms, interim.bareMs);
    if (stopsOn(interim.transcript, interim.bare, heard.item.language)) return back;
    askedAt = Math.max(
      askedAt + REPEATED_EVERY_MS,
      Math.ceil(back / REPEATED_EVERY_MS) * REPEATED_EVERY_MS,
    );
  }
  return undefined;
}

/** The policies compared: the agent before (voice activity), words alone, and the agent now. */
const POLICIES: Record<string, Policy> = {
  'voice activity': (heard) => heard.speechMs >= MIN_INTERRUPTION_MS,
  'a word (minWords 1)': (heard) => words(heard.transcript) > 0,
  'a word that is not feedback, under the prompt (the agent before)': (heard) =>
    words(heard.transcript) > 0 && !isBackchannel(heard.transcript, heard.item.language),
  'a word that is not feedback, without the prompt': (heard) =>
    words(heard.bare) > 0 && !isBackchannel(heard.bare, heard.item.language),
  [FINAL_POLICY]: (heard) => stopsOn(heard.transcript, heard.bare, heard.item.language),
  ...Object.fromEntries(
    INTERIM_AFTER_MS.map((afterMs) => [
      interimPolicy(afterMs),
      (heard: Heard) =>
        stopsOn(heard.transcript, heard.bare, heard.item.language) || interimStops(heard, afterMs),
    ]),
  ),
  [REPEATED_POLICY]: (heard: Heard) =>
    stopsOn(heard.transcript, heard.bare, heard.item.language) || repeatedStop(heard) !== undefined,
};

/** The policy the agent follows. */
const AGENT_POLICY = REPEATED_POLICY;

/**
 * A cough as a microphone takes it: a short burst of noise, loud at once and fading, low-passed
 * the way a chest sound is; `times` of them 0.2 s apart.
 */
function cough(times: number): Int16Array {
  const burst = Math.round(RATE * 0.25);
  const gap = Math.round(RATE * 0.2);
  const pcm = new Int16Array(times * burst + (times - 1) * gap);
  // A fixed generator, so that every run hears the same cough.
  let seed = 1;
  const noise = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
  for (let index = 0; index < times; index += 1) {
    let smooth = 0;
    for (let sample = 0; sample < burst; sample += 1) {
      smooth = 0.7 * smooth + 0.3 * noise();
      const envelope = Math.min(1, sample / (RATE * 0.01)) * Math.exp(-sample / (RATE * 0.08));
      pcm[index * (burst + gap) + sample] = Math.round(smooth * envelope * 20_000);
    }
  }
  return pcm;
}

function voicesOf(language: SetLanguage): readonly Voice[] {
  return language === 'en' ? VOICES : VOICES_IN[language];
}

/** Every utterance of the part, made by each voice of its language and heard. */
async function heardOf(items: Overlap[], log: (line: string) => void): Promise<Heard[]> {
  const recognizer = new WhisperModels();
  const heard: Heard[] = [];
  for (const item of items) {
    const voices = item.text === undefined ? [undefined] : voicesOf(item.language);
    for (const voice of voices) {
      let speech: Int16Array;
      if (voice && item.text !== undefined) {
        const pcm = await synthesize(voice, item.text, RATE);
        const { start, end } = speechBounds(pcm);
        speech = pcm.subarray(start, end);
      } else speech = cough(item.sound === 'cough-double' ? 2 : 1);
      // The recognizer closes an utterance after a short silence, as the agent's does, and
      // hears it as the demo shop's agent does in that language (under its catalogue's words,
      // which sway what Whisper makes of a hum), then without the prompt.
      const padded = new Int16Array(speech.length + RATE / 2);
      padded.set(speech);
      const language = item.language;
      const prompt = shopPrompt(language);
      const { text, ms: promptedMs } = await recognizer.transcribe({
        pcm: padded,
        language,
        prompt,
      });
      const { text: bare, ms: bareMs } = await recognizer.transcribe({ pcm: padded, language });
      const interims: Heard['interims'] = [];
      for (const afterMs of HEARD_AFTER_MS) {
        const samples = Math.round((afterMs / 1000) * RATE);
        if (speech.length <= samples) continue;
        const part = speech.slice(0, samples);
        const early = await recognizer.transcribe({ pcm: part, language, prompt });
        const earlyBare = await recognizer.transcribe({ pcm: part, language });
        interims.push({
          afterMs,
          transcript: early.text,
          bare: earlyBare.text,
          ms: early.ms,
          bareMs: earlyBare.ms,
        });
      }
      heard.push({
        item,
        voice: voice?.id ?? 'made',
        speechMs: Math.round((speech.length / RATE) * 1000),
        transcript: text,
        bare,
        bareMs,
        promptedMs,
        interims,
        hummed: voice !== undefined && humPhonemes(voice, item.text ?? '') !== undefined,
      });
      log(`  ${item.id} ${voice?.id ?? 'made'}: "${text}" / "${bare}"`);
    }
  }
  return heard;
}

const percent = (part: number, whole: number) =>
  whole ? `${((part / whole) * 100).toFixed(1)}% (${part}/${whole})` : 'none';

/** Runs the set's part and returns the report (Markdown). */
export async function runBargeInBench(options: {
  part: SetPart;
  log: (line: string) => void;
}): Promise<string> {
  const items = loadSet<Overlap>('barge-in-1', options.part);
  const heard = await heardOf(items, options.log);
  // espeak-ng reads a written hum as letters or an abbreviation; the voices hum it instead.
  const hummed = heard.filter((entry) => entry.hummed).length;
  const lines = [
    `== barge-in, barge-in-1 ${options.part} (${items.length} utterances, ${heard.length} made)`,
    '',
    `Hums ("mm-hmm", "mhm") made by espeak-ng voices from phonemes, not read as text: ${hummed} of ${heard.length}.`,
    '',
    '| policy | language | false interruptions (backchannels, sounds) | interruptions caught |',
    '|---|---|---|---|',
  ];
  for (const [name, stops] of Object.entries(POLICIES)) {
    for (const language of ['en', 'fr', 'es', 'de', undefined] as const) {
      const chosen = heard.filter((entry) => !language || entry.item.language === language);
      const wrong = chosen.filter((entry) => entry.item.kind !== 'interruption');
      const right = chosen.filter((entry) => entry.item.kind === 'interruption');
      lines.push(
        `| ${name} | ${language ?? 'all'} | ${percent(wrong.filter(stops).length, wrong.length)} | ${percent(right.filter(stops).length, right.length)} |`,
      );
    }
  }
  // How soon each interruption caught stops the agent, from the start of the visitor's speech.
  lines.push(
    '',
    '| policy | interruptions caught | stop after the speech began, p50 / p95 ms | stopped before the speech ended |',
    '|---|---|---|---|',
  );
  for (const [name, afterMs] of [
    [FINAL_POLICY, undefined],
    ...INTERIM_AFTER_MS.map((ms) => [interimPolicy(ms), ms] as const),
    [REPEATED_POLICY, undefined],
  ] as const) {
    const stops = POLICIES[name];
    const caught = heard.filter((entry) => entry.item.kind === 'interruption' && stops?.(entry));
    const delays = caught.map((entry) =>
      name === REPEATED_POLICY
        ? (repeatedStop(entry) ?? stopDelay(entry))
        : stopDelay(entry, afterMs),
    );
    const early = caught.filter((entry, index) => (delays[index] ?? 0) < entry.speechMs).length;
    const { p50, p95 } = percentiles(delays);
    lines.push(
      `| ${name} | ${caught.length} | ${Math.round(p50)} / ${Math.round(p95)} | ${percent(early, caught.length)} |`,
    );
  }
  // The second hearing runs where the first would interrupt: its time delays the stop.
  const twice = heard.filter(
    (entry) => words(entry.transcript) > 0 && !isBackchannel(entry.transcript, entry.item.language),
  );
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  lines.push(
    '',
    `Heard again without the prompt: ${twice.length} of ${heard.length}; the second hearing took p50 ${median(twice.filter((entry) => entry.item.language === 'en').map((entry) => entry.bareMs))} ms in English (tiny.en), ${median(twice.filter((entry) => entry.item.language !== 'en').map((entry) => entry.bareMs))} ms in French, Spanish and German (the multilingual model), decoding alone.`,
  );
  // What the recognizer heard where the agent now is wrong (the cause of each miss).
  const agent = POLICIES[AGENT_POLICY];
  const missed = heard.filter(
    (entry) => agent !== undefined && agent(entry) !== (entry.item.kind === 'interruption'),
  );
  lines.push('', `Utterances the agent now gets wrong: ${missed.length} of ${heard.length}.`);
  if (options.part === 'dev')
    for (const entry of missed)
      lines.push(`- ${entry.item.id} ${entry.voice}: "${entry.transcript}" / "${entry.bare}"`);
  return lines.join('\n');
}
