// Text to a Piper voice's input: espeak-ng's IPA phonemes, clause by clause, mapped to the voice's
// phoneme ids the way Piper (piper1-gpl) does. Piper calls espeak-ng's library, whose
// `espeak_TextToPhonemesWithTerminator` tells each clause's closing punctuation; Debian's
// espeak-ng (1.51) predates that call, and its program prints one clause a line without it, so
// the punctuation is read back from the text (see `clausePunctuation`).

import { spawn } from 'node:child_process';
import { APIConnectionError } from '@livekit/agents';
import { OutputTail } from './processes.js';

/** Piper's marks: beginning and end of an utterance, and the pad put after every phoneme. */
export const PIPER_BOS = '^';
/** End of an utterance. */
export const PIPER_EOS = '$';
/** Put after every phoneme id (and after the BOS). */
export const PIPER_PAD = '_';

/** Phoneme (one Unicode code point after NFD) to its ids, as a voice's JSON has it. */
export type PhonemeIdMap = Readonly<Record<string, readonly number[]>>;

/** One clause as Piper reads it: its phonemes with its punctuation, and whether a sentence ends. */
export interface PhonemeClause {
  /** IPA phonemes, the clause's closing punctuation after them, and a space after `,` `:` `;`. */
  phonemes: string;
  /** Whether the clause closes a sentence (`.` `?` `!`). */
  sentenceEnd: boolean;
}

/** Clause punctuation that Piper keeps; the first three end a sentence. */
const SENTENCE_ENDS = new Set(['.', '?', '!']);
const CLAUSE_ENDS = new Set([',', ':', ';']);

/**
 * The punctuation that closes each clause espeak-ng finds in `text`, in order: `.` `?` `!` `,`
 * `:` `;` followed by a space, a closing quote or bracket, or the end (so "129.99" and "1,000"
 * are not clause ends, as they are not for espeak-ng), and `;` for a dash between words, which
 * espeak-ng ends a clause at and Piper's espeak-ng reports as a semicolon.
 */
export function clausePunctuation(text: string): string[] {
  return clauseEnds(text).map((end) => end.mark);
}

/**
 * The text of each clause {@link clausePunctuation} finds, cut after its mark (with the closing
 * quotes and spaces after it), so the pieces join back into `text`; words after the last mark
 * are a clause of their own, as espeak-ng reads them.
 */
export function clauseTexts(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const { end } of clauseEnds(text)) {
    pieces.push(text.slice(start, end));
    start = end;
  }
  const rest = text.slice(start);
  if (rest.trim()) pieces.push(rest);
  else if (pieces.length > 0) pieces[pieces.length - 1] += rest;
  return pieces;
}

/** Each clause-closing mark of `text` and where its clause's text ends. */
function clauseEnds(text: string): { mark: string; end: number }[] {
  const ends: { mark: string; end: number }[] = [];
  const pattern = /([.?!,:;])[.?!,:;]*(["')\]]*)(?:\s+|$)|\s[—–]\s+/g;
  for (const match of text.matchAll(pattern)) {
    ends.push({ mark: match[1] ?? ';', end: match.index + match[0].length });
  }
  return ends;
}

/**
 * espeak-ng's clauses (one a line, as its program prints them) joined with the text's
 * punctuation as Piper joins them: each clause followed by its terminator, a space after a
 * clause-internal one, and cut into sentences at `.` `?` `!`. When the clauses and the marks do
 * not line up (espeak-ng splits a clause Piper's reading of the text does not, as after "Dr."
 * or a very long clause), the clauses are read as one sentence with the text's last mark:
 * nothing is lost but a pause.
 */
export function joinClauses(lines: readonly string[], text: string): PhonemeClause[] {
  const clauses = lines.map((line) => line.trim()).filter(Boolean);
  if (clauses.length === 0) return [];
  const marks = clausePunctuation(text);
  // A text that does not end in punctuation has one clause more than it has marks.
  const aligned = marks.length === clauses.length || marks.length === clauses.length - 1;
  if (!aligned) {
    const last = marks.at(-1) ?? '';
    return [
      {
        phonemes: `${clauses.join(' ')}${SENTENCE_ENDS.has(last) ? last : ''}`,
        sentenceEnd: true,
      },
    ];
  }
  return clauses.map((clause, index) => {
    const mark = marks[index] ?? '';
    const sentenceEnd = SENTENCE_ENDS.has(mark) || index === clauses.length - 1;
    const gap = CLAUSE_ENDS.has(mark) ? ' ' : '';
    return { phonemes: `${clause}${mark}${gap}`, sentenceEnd };
  });
}

/**
 * Piper's input ids for one utterance: BOS and a pad, then each phoneme's ids followed by a pad,
 * then EOS. Phonemes are the code points of the NFD form (accents become phonemes of their own);
 * one missing from the map is skipped, as Piper skips it.
 */
export function phonemeIds(phonemes: string, idMap: PhonemeIdMap): number[] {
  const pad = idMap[PIPER_PAD] ?? [];
  const ids = [...(idMap[PIPER_BOS] ?? []), ...pad];
  for (const phoneme of phonemes.normalize('NFD')) {
    const mapped = idMap[phoneme];
    if (!mapped) continue;
    ids.push(...mapped, ...pad);
  }
  ids.push(...(idMap[PIPER_EOS] ?? []));
  return ids;
}

/**
 * The IPA phonemes of `text` in an espeak-ng voice, one string per clause: one espeak-ng process
 * (about 10 ms; a long-lived one would save little on replies of a few clauses, and the program
 * cannot be asked clause by clause over a pipe). Rejects with a non-retryable
 * `APIConnectionError` when espeak-ng fails.
 */
export function espeakPhonemes(
  binary: string,
  voice: string,
  text: string,
  signal?: AbortSignal,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // `--` keeps a text starting with "-" from being read as an option.
    const child = spawn(binary, ['-q', '--ipa', '-v', voice, '--', text], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    const stderr = new OutputTail();
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(out.split('\n'));
      else
        reject(
          new APIConnectionError({
            message: `${binary} -v ${voice} exited with code ${code}: ${stderr.summary()}`,
            options: { retryable: false },
          }),
        );
    });
  });
}
