import { describe, expect, it } from 'vitest';
import { lexiconOf } from './test-shops.js';
import { countsAsSaid, readCounts } from './said-count.js';
import type { ClockTurn } from './said-time.js';

const lexicon = lexiconOf;
const en = lexicon('en');
const said = (...texts: string[]): ClockTurn[] => texts.map((text) => ({ role: 'user', text }));

const schema = {
  type: 'object',
  properties: {
    guests: { type: 'integer', minimum: 1, maximum: 10 },
    day: { type: 'string' },
    time: { type: 'string' },
  },
};

describe('the counts a visitor says', () => {
  it('reads digits and number words, not ordinals nor times of day', () => {
    expect(readCounts('there will be twelve of us', en)).toEqual([12]);
    expect(readCounts('3 adults and two kids', en)).toEqual([3, 2]);
    expect(readCounts('for 5 at 7pm on the 21st', en)).toEqual([5]);
    expect(readCounts("it's his 30th, we're 6", en)).toEqual([6]);
    expect(readCounts('at 19:30, four people', en)).toEqual([4]);
    expect(readCounts('nous serons quatorze', lexicon('fr'))).toEqual([14]);
    expect(readCounts('somos veintidós personas', lexicon('es'))).toEqual([22]);
  });
});

describe('a count the model gives a business tool', () => {
  it('is the one the visitor said when nobody said the model’s', () => {
    const turns = said('a table on friday for seven people');
    expect(countsAsSaid(schema, { guests: 1, day: 'friday' }, turns, en)).toEqual({
      args: { guests: 7, day: 'friday' },
      changed: true,
    });
  });

  it('stands when someone said it, or when the visitor said no count or several', () => {
    const kept = { guests: 2, day: 'friday' };
    // Said earlier by the visitor, though the last turn counts something else.
    expect(
      countsAsSaid(schema, kept, said('for 2 people on friday', 'and 3 high chairs'), en).changed,
    ).toBe(false);
    // "Me and my wife": no count said, the model's reading stands.
    expect(countsAsSaid(schema, kept, said('me and my wife on friday'), en).changed).toBe(false);
    expect(countsAsSaid(schema, kept, said('4 adults and 3 kids'), en).changed).toBe(false);
    // Offered by the agent.
    const offered: ClockTurn[] = [
      ...said('we are 12'),
      { role: 'assistant', text: 'I can seat 2 at the bar.' },
    ];
    expect(countsAsSaid(schema, kept, offered, en).changed).toBe(false);
  });

  it('is outside when the tool does not take the visitor’s count', () => {
    expect(countsAsSaid(schema, { guests: 1 }, said('we are fourteen'), en)).toEqual({
      args: { guests: 1 },
      changed: false,
      outside: 'guests',
    });
  });
});
