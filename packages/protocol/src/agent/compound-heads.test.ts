import { describe, expect, it } from 'vitest';
import { compoundHeadsOf } from './compound-heads.js';

describe('compoundHeadsOf', () => {
  it('offers every ending of a long word that leaves a modifier, shortest head four letters', () => {
    expect(compoundHeadsOf('wollsocken')).toEqual(['lsocken', 'socken', 'ocken', 'cken']);
    expect(compoundHeadsOf('zeltsack')).toEqual(['tsack', 'sack']);
    // A word under eight letters is no compound worth splitting.
    expect(compoundHeadsOf('socken')).toEqual([]);
  });
});
