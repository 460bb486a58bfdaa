import { describe, expect, it } from 'vitest';
import { clauseTexts } from './piper-phonemes.js';
import { shiftTimedWords, timedWords, unitTexts, wordsOf } from './spoken-timing.js';

// When each word of a reply is heard, from when each synthesized clause or sentence is.

describe('clauseTexts', () => {
  it('cuts a text after each clause mark, keeping figures whole, and joins back into it', () => {
    const text = 'It costs 129.99, and weighs 1,200 grams. "Really?" Yes — the blue one';
    expect(clauseTexts(text)).toEqual([
      'It costs 129.99, ',
      'and weighs 1,200 grams. ',
      '"Really?" ',
      'Yes — ',
      'the blue one',
    ]);
    expect(clauseTexts('Sure.  ')).toEqual(['Sure.  ']);
  });
});

describe('unitTexts', () => {
  it("gives each unit the text of its clauses when the text's clauses are the voice's", () => {
    expect(unitTexts('Hi, welcome! We sell tents, and bags.', [1, 1, 2], [3, 9, 20])).toEqual([
      'Hi, ',
      'welcome! ',
      'We sell tents, and bags.',
    ]);
  });

  it('shares the words out by phonemes when the clauses do not line up, losing none', () => {
    const text = 'Dr. Smith sells tents and sleeping bags and backpacks';
    const texts = unitTexts(text, [1, 2], [10, 30]);
    expect(texts.join('')).toBe(text);
    expect(texts[0]).toBe('Dr. Smith sells ');
  });
});

describe('timedWords', () => {
  it('shares a span out by how long each word takes to say, a figure longer than its digits', () => {
    const words = timedWords('It is 129 dollars.', 1, 2);
    expect(words.map((word) => word.text)).toEqual(['It ', 'is ', '129 ', 'dollars.']);
    expect(words[0]?.startTime).toBe(1);
    expect(words.at(-1)?.endTime).toBeCloseTo(3, 9);
    const length = (word: (typeof words)[number]) => (word.endTime ?? 0) - (word.startTime ?? 0);
    expect(length(words[2]!)).toBeGreaterThan(length(words[3]!));
    expect(shiftTimedWords(words, 0.5)[0]).toMatchObject({ text: 'It ', startTime: 1.5 });
    expect(wordsOf(' a  b ')).toEqual([' ', 'a  ', 'b ']);
  });
});
