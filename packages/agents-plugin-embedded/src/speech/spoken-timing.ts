// When each word of a reply is heard. The voice session records an interrupted reply as the words
// the visitor heard; without timings from the voice it paces the text at an assumed speaking rate,
// which runs ahead of a slower voice (an interrupted greeting then holds words nobody heard). A
// voice that synthesizes a clause or a sentence at a time knows exactly when each of those starts
// and ends: the words inside it are placed by how long they take to say.
import { voice } from '@livekit/agents';
import { clauseTexts } from './piper-phonemes.js';

/** The words of a text, each with the spaces after it: they join back into the text. */
export function wordsOf(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/).filter(Boolean);
}

/**
 * How long a word takes to say, in letter-lengths: its letters, three for a digit (a figure is
 * read as several syllables) and one for the gap after it.
 */
function spokenWeight(word: string): number {
  const letters = word.match(/\p{L}/gu)?.length ?? 0;
  const digits = word.match(/\p{N}/gu)?.length ?? 0;
  return letters + 3 * digits + 1;
}

/**
 * The part of `text` each synthesis unit speaks, the parts joining back into `text`. A unit
 * speaks `clauses[i]` of the text's clauses; when the text's clauses do not line up with the
 * voice's (the voice read the clauses as one sentence), the words are shared out in proportion
 * to each unit's phonemes (`phonemeLengths`).
 */
export function unitTexts(
  text: string,
  clauses: readonly number[],
  phonemeLengths: readonly number[],
): string[] {
  const pieces = clauseTexts(text);
  if (pieces.length === clauses.reduce((sum, count) => sum + count, 0)) {
    let next = 0;
    return clauses.map((count) => pieces.slice(next, (next += count)).join(''));
  }
  const words = wordsOf(text);
  const total = words.reduce((sum, word) => sum + spokenWeight(word), 0);
  const phonemes = phonemeLengths.reduce((sum, length) => sum + length, 0);
  const texts = phonemeLengths.map(() => '');
  let said = 0;
  let unit = 0;
  let unitEnd = (phonemeLengths[0] ?? 0) / Math.max(1, phonemes);
  for (const word of words) {
    const weight = spokenWeight(word);
    // A word belongs to the unit its middle falls in.
    const middle = (said + weight / 2) / Math.max(1, total);
    while (middle > unitEnd && unit < phonemeLengths.length - 1) {
      unit += 1;
      unitEnd += (phonemeLengths[unit] ?? 0) / Math.max(1, phonemes);
    }
    texts[unit] += word;
    said += weight;
  }
  return texts;
}

/**
 * The words of `text`, spoken from `start` for `duration` seconds, each with when it starts and
 * ends: the duration shared out by how long each word takes to say.
 */
export function timedWords(text: string, start: number, duration: number): voice.TimedString[] {
  const words = wordsOf(text);
  const total = words.reduce((sum, word) => sum + spokenWeight(word), 0);
  let said = 0;
  return words.map((word) => {
    const startTime = start + (duration * said) / total;
    said += spokenWeight(word);
    return voice.createTimedString({
      text: word,
      startTime,
      endTime: start + (duration * said) / total,
    });
  });
}

/** Timed words moved later by `seconds` (a sentence's words, placed in the whole reply). */
export function shiftTimedWords(
  words: readonly voice.TimedString[],
  seconds: number,
): voice.TimedString[] {
  return words.map((word) =>
    voice.createTimedString({
      text: word.text,
      ...(word.startTime === undefined ? {} : { startTime: word.startTime + seconds }),
      ...(word.endTime === undefined ? {} : { endTime: word.endTime + seconds }),
    }),
  );
}
