// Real people pausing: each reading of real people kept for the recognizer's evaluation
// (`../speech/recordings/`, FLEURS) gets one pause, lengthened from the reader's own longest
// silence in the middle of the sentence, where a speaker who stops to think stops: between two
// phrases, with the voice still going on. The place comes from the audio alone (frame levels), so
// no one chose it for any detector; the set file stores it, and the bench reads the set, never
// this search, so the set stays what it was when frozen.
// Make the set (once, before any run; a new set gets a new id):
//   npx tsx --conditions=@svc/source bench/agent/turn/paused-recordings.ts > bench/agent/turn/sets/turn-pauses-2.json
import { decoded, recordings, type Recording } from '../speech/recordings.js';
import type { PausedRecording, SetLanguage } from './sets.js';

const RATE = 16_000;
/** Frames of 20 ms, as voice-activity detectors read speech. */
const FRAME = RATE / 50;

/** Where a reading's speech starts and ends, and the silence inside it a pause lengthens (ms). */
export interface PausePlace {
  speechStartMs: number;
  gapStartMs: number;
  gapEndMs: number;
  speechEndMs: number;
}

function frameLevels(pcm: Int16Array): number[] {
  const levels: number[] = [];
  for (let start = 0; start + FRAME <= pcm.length; start += FRAME) {
    let sum = 0;
    for (let index = start; index < start + FRAME; index += 1) sum += (pcm[index] ?? 0) ** 2;
    levels.push(Math.sqrt(sum / FRAME));
  }
  return levels;
}

const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
};

/**
 * The reading's speech span and its longest silence between 30% and 75% of it (a pause then has
 * words on both sides); a tie goes to the silence nearest the middle. Speech is a frame within
 * 30 dB of the loud frames (the 95th percentile); silence, a frame under the quiet frames of the
 * span (its 10th percentile) by no more than 6 dB.
 */
export function pausePlace(pcm: Int16Array): PausePlace {
  const levels = frameLevels(pcm);
  const loud = quantile(levels, 0.95);
  const speech = levels.map((level) => level > loud * 10 ** (-30 / 20));
  const first = speech.indexOf(true);
  const last = speech.lastIndexOf(true);
  const span = levels.slice(first, last + 1);
  const quiet = quantile(span, 0.1) * 2;
  const from = first + Math.round(0.3 * span.length);
  const to = first + Math.round(0.75 * span.length);
  const middle = (first + last) / 2;
  let best = { start: Math.round(middle), length: 0 };
  let run = -1;
  for (let frame = from; frame <= to + 1; frame += 1) {
    const silent = frame <= to && (levels[frame] ?? Infinity) <= quiet;
    if (silent && run < 0) run = frame;
    if (!silent && run >= 0) {
      const length = frame - run;
      const nearer =
        Math.abs(run + length / 2 - middle) < Math.abs(best.start + best.length / 2 - middle);
      if (length > best.length || (length === best.length && nearer)) best = { start: run, length };
      run = -1;
    }
  }
  const ms = (frame: number) => frame * 20;
  return {
    speechStartMs: ms(first),
    gapStartMs: ms(best.start),
    gapEndMs: ms(best.start + best.length),
    speechEndMs: ms(last + 1),
  };
}

/** The pauses the set's readings get, in turn: the lengths of `turn-pauses-1` past 0.4 s. */
const PAUSES_MS = [500, 700, 800, 900, 1000];

/** One reading's item: its pause place and a pause length; the first five of a language are dev. */
function item(recording: Recording, index: number): PausedRecording {
  const place = pausePlace(decoded(recording));
  return {
    id: recording.file.replace(/\.ogg$/, ''),
    language: recording.language as SetLanguage,
    recording: recording.file,
    ...place,
    pauseMs: PAUSES_MS[index % PAUSES_MS.length] ?? 1000,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dev: PausedRecording[] = [];
  const heldout: PausedRecording[] = [];
  for (const language of ['en', 'fr', 'es', 'de']) {
    const own = recordings().filter((recording) => recording.language === language);
    own.forEach((recording, index) => (index < 5 ? dev : heldout).push(item(recording, index)));
  }
  const set = {
    id: 'turn-pauses-2',
    description:
      "Real people (FLEURS readings, see ../../speech/recordings/README.md) with a pause in the middle of a sentence: the reader's own longest silence between 30% and 75% of the speech, lengthened to pauseMs. The first part ends at gapStartMs, the second starts at gapEndMs.",
    dev,
    heldout,
  };
  process.stdout.write(`${JSON.stringify(set, null, 2)}\n`);
}
