import { describe, expect, it } from 'vitest';
import { RecognizerOutputParser } from './recognizer-output-parser.js';

describe('RecognizerOutputParser', () => {
  it('reads hypotheses with word times, leaving fillers out, across chunk boundaries', () => {
    const parser = new RecognizerOutputParser();
    const output = [
      'show me tents',
      '<s> 0.380 0.600 1.000100',
      'show 0.610 0.910 0.060833',
      '<sil> 0.920 0.950 1.000000',
      'me 0.960 1.110 0.5',
      'tents(2) 1.120 1.840 1.000000',
      '</s> 1.850 2.280 1.000000',
      '',
      '[NOISE] 3.000 3.100 0.2',
      'yes',
      '<s> 4.000 4.100 1.0',
      'yes 4.110 4.500 0.9',
      '',
    ].join('\n');
    const first = parser.push(output.slice(0, 50));
    expect(first).toEqual([]);
    const rest = parser.push(output.slice(50));
    expect(rest).toEqual([
      {
        text: 'show me tents',
        start: 0.38,
        end: 2.28,
        words: [
          { word: 'show', start: 0.61, end: 0.91, confidence: 0.060833 },
          { word: 'me', start: 0.96, end: 1.11, confidence: 0.5 },
          { word: 'tents', start: 1.12, end: 1.84, confidence: 1 },
        ],
      },
      // An empty hypothesis: the utterance was noise; its segments give its times, no words.
      { text: '', start: 3, end: 3.1, words: [] },
      {
        text: 'yes',
        start: 4,
        end: 4.5,
        words: [{ word: 'yes', start: 4.11, end: 4.5, confidence: 0.9 }],
      },
    ]);
    expect(parser.end()).toEqual([]);
  });
});
