// Word error of a transcript against what was said: the measure the embedded recognizer's tests
// and benchmark report.

import { normalizeWords } from './spoken-words.js';

/** Word-level edit counts of a transcript against its reference. */
export interface WordErrors {
  /** Substituted, deleted and inserted words. */
  errors: number;
  /** Words in the reference. */
  words: number;
}

/**
 * Minimum substitutions + deletions + insertions turning the reference into the hypothesis,
 * after both are normalized as the recognizer writes words (lower case, numbers in words).
 */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  // One row of the Levenshtein table at a time.
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j += 1) {
      const substitution = (previous[j - 1] as number) + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current.push(
        Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1),
      );
    }
    previous = current;
  }
  return { errors: previous[hyp.length] as number, words: ref.length };
}

/** Word error rate over several transcripts: total errors over total reference words. */
export function wordErrorRate(pairs: readonly { reference: string; hypothesis: string }[]): number {
  let errors = 0;
  let words = 0;
  for (const { reference, hypothesis } of pairs) {
    const counted = wordErrors(reference, hypothesis);
    errors += counted.errors;
    words += counted.words;
  }
  return words === 0 ? 0 : errors / words;
}
