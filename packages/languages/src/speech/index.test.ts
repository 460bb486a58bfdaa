// The speech words of the registered languages, as the agent splits them into words.
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { LAUGHTER, SPEECH } from './index.js';

/** A line of a closed list: lower-case words, one space apart. */
const WORDS = /^[\p{Ll}']+( [\p{Ll}']+)*$/u;

describe('speech words', () => {
  it.each(LANGUAGES)(
    'gives %s its closed word lists, each line words one space apart',
    (language) => {
      const speech = SPEECH[language];
      for (const line of [
        ...speech.unfinished,
        ...speech.feedback,
        ...speech.feedbackPhrases,
        LAUGHTER,
      ])
        expect(line, line).toMatch(WORDS);
    },
  );
});
