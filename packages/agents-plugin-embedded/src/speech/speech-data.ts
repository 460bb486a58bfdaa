// Recognized words as the agents framework describes a transcript.

import { createTimedString, normalizeLanguage, type stt } from '@livekit/agents';
import type { RecognizedWord } from './recognizer-output-parser.js';

/**
 * The framework's description of one transcript: `words` timed from `offset` (the stream's time
 * when the recognizer started), `start` and `end` used when there are no words.
 */
export function speechData(
  language: string,
  text: string,
  words: readonly RecognizedWord[],
  start: number,
  end: number,
  offset: number,
): stt.SpeechData {
  const confidence = words.length
    ? words.reduce((sum, word) => sum + word.confidence, 0) / words.length
    : 0;
  return {
    language: normalizeLanguage(language),
    text,
    startTime: offset + (words[0]?.start ?? start),
    endTime: offset + (words.at(-1)?.end ?? end),
    confidence,
    words: words.map((word) =>
      createTimedString({
        text: word.word,
        startTime: offset + word.start,
        endTime: offset + word.end,
        confidence: word.confidence,
        startTimeOffset: offset,
      }),
    ),
  };
}
