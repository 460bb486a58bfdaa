// What the visitor hears of a passage: short ones whole, long ones cut to the sentences the
// question is about, in the passage's order; and a search result read defensively.
import { describe, expect, it } from 'vitest';
import { knowledgeFound, SPOKEN_PASSAGE_CHARS, spokenPassage } from './knowledge.js';

const LONG = [
  'The surgery opens at eight every weekday morning.',
  'Blood tests are taken by the nurse between eight and eleven, by appointment only.',
  'Results usually take three working days to come back from the hospital laboratory.',
  'Repeat prescriptions are ready two working days after the request reaches the practice.',
  'The car park behind the building is free for two hours.',
].join(' ');

describe('spokenPassage', () => {
  it('reads a short passage whole, its spaces evened out', () => {
    expect(spokenPassage('Parking is free\n behind the clinic.', 'parking?', 'en-US')).toBe(
      'Parking is free behind the clinic.',
    );
  });

  it('cuts a long passage to the sentences sharing the most words with the question', () => {
    expect(LONG.length).toBeGreaterThan(SPOKEN_PASSAGE_CHARS);
    expect(spokenPassage(LONG, 'how long do test results take to come back?', 'en-US')).toBe(
      'Results usually take three working days to come back from the hospital laboratory.',
    );
    // Two sentences at most, in the passage's order, whatever order they matched in.
    expect(
      spokenPassage(LONG, 'when are blood tests taken and when is my prescription ready', 'en-US'),
    ).toBe(
      'Blood tests are taken by the nurse between eight and eleven, by appointment only. Repeat prescriptions are ready two working days after the request reaches the practice.',
    );
  });

  it('reads the first sentence of a long passage when no word of the question is in it', () => {
    expect(spokenPassage(LONG, 'qualcosa di diverso', 'en-US')).toBe(
      'The surgery opens at eight every weekday morning.',
    );
  });
});

describe('knowledgeFound', () => {
  it('keeps the passages with a title and some text, and confidence only when said', () => {
    expect(
      knowledgeFound({
        passages: [
          { document: 'Hours', text: ' Open at eight. ', similarity: 0.5 },
          { document: 'Blank', text: '   ' },
          { text: 'no title' },
          'not a passage',
        ],
        confident: 'yes',
      }),
    ).toEqual({ passages: [{ document: 'Hours', text: 'Open at eight.' }], confident: false });
    expect(knowledgeFound({ items: [] })).toBeUndefined();
    expect(knowledgeFound(null)).toBeUndefined();
  });
});
