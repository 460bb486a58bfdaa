import { describe, expect, it } from 'vitest';
import { mergeHearings } from './hearings.js';

const SHOP =
  'Brand: North Peak, Stone Creek, Summit. Products: Hiking Pack, Camp Stove, Headlamp, Wool Socks. Show me, add to my cart.';

describe('one utterance heard with and without the prompt', () => {
  it("keeps the bare words where the prompt wrote words that are not the prompt's", () => {
    expect(
      mergeHearings('They have feathers and comply.', 'They have feathers and can fly.', SHOP),
    ).toBe('They have feathers and can fly.');
    // "a" and "the" are no words of the prompt either.
    expect(mergeHearings('It is a romantic town.', 'It is the romantic town.', SHOP)).toBe(
      'It is the romantic town.',
    );
  });

  it("keeps the prompted words where they are the prompt's, or its spelling", () => {
    expect(
      mergeHearings(
        'Add the Stone Creek Hiking Pack to my cart.',
        'Add the stone creek hiking back to my card.',
        SHOP,
      ),
    ).toBe('Add the Stone Creek Hiking Pack to my cart.');
    expect(
      mergeHearings('Tell me about the Camp Stove.', 'Tell me about the campus of', SHOP),
    ).toBe('Tell me about the Camp Stove.');
    // The same letters, spaced as the prompt spaces them.
    expect(mergeHearings('Remove the headlamp.', 'Remove the head lamp.', SHOP)).toBe(
      'Remove the headlamp.',
    );
    expect(mergeHearings('Is it Waterproof?', 'Is it water proof?', SHOP)).toBe(
      'Is it Waterproof?',
    );
  });

  it('is either hearing when the other heard nothing, and the same when they agree', () => {
    expect(mergeHearings('', 'Mm-hmm.', SHOP)).toBe('Mm-hmm.');
    expect(mergeHearings('Show me tents.', '', SHOP)).toBe('Show me tents.');
    expect(mergeHearings('Show me tents.', 'show me tents', SHOP)).toBe('Show me tents.');
  });
});
