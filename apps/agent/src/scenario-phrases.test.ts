import { describe, expect, it } from 'vitest';
import { scenarioPhrases, whisperPrompt } from './scenario-phrases.js';
import { demoRuntime } from './testing/demo-runtime.js';

describe('what the recognizers are told to expect, from the scenario', () => {
  it('Whisper gets a description of the shop: filter values by field and the kinds it sells', () => {
    const prompt = whisperPrompt(demoRuntime('audio'));
    expect(prompt).toContain('Brand: North Peak, Blue Ridge, Stone Creek');
    expect(prompt).toContain('Category: Footwear, Tents, Sleeping bags');
    // Kinds once each, without the brand in front: "Solo Tent", not six brands of it.
    expect(prompt).toContain('Solo Tent, Two Person Tent');
    expect(prompt).not.toContain('North Peak Solo Tent');
    expect(prompt.endsWith('Show me, compare, add to my cart, remove from my cart.')).toBe(true);
    expect(prompt.split(' ').length).toBeLessThanOrEqual(150);
  });

  it('pocketsphinx gets the item names in the sentences people put them in', () => {
    const phrases = scenarioPhrases(demoRuntime('audio'));
    expect(phrases).toContain('add the North Peak Solo Tent to my cart');
    expect(phrases).toContain('do you have Tents');
  });
});
