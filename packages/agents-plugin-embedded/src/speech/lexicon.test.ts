import { describe, expect, it } from 'vitest';
import { Lexicon } from './lexicon.js';

describe('Lexicon', () => {
  const lexicon = new Lexicon(
    [
      'the DH AH',
      'the(2) DH IY',
      'head HH EH D',
      'lamp L AE M P',
      'soft S AO F T',
      'shell SH EH L',
    ].join('\n'),
  );

  it('keeps alternates, glues compounds, spells acronyms, and knows nothing else', () => {
    expect(lexicon.resolve({ word: 'the', acronym: false })).toEqual({
      pronunciations: ['DH AH', 'DH IY'],
      source: 'dictionary',
    });
    expect(lexicon.resolve({ word: 'headlamp', acronym: false })).toEqual({
      pronunciations: ['HH EH D L AE M P'],
      source: 'compound',
    });
    expect(lexicon.resolve({ word: 'rei', acronym: true })).toEqual({
      pronunciations: ['AA R IY AY'],
      source: 'spelled',
    });
    expect(lexicon.resolve({ word: 'xyzzor', acronym: false })).toBeUndefined();
  });
});
