import { describe, expect, it } from 'vitest';
import { itemKinds, scenarioPhrases, whisperPrompt } from './scenario-phrases.js';
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

  it('names the kinds once each whether the brand comes before or after the name', () => {
    const brands = ['North Peak', 'Blue Ridge'];
    const categories = ['Éclairage', 'Tentes'];
    const names = [
      'Tente solo North Peak',
      'Tente solo Blue Ridge',
      'Éclairage de vélo North Peak',
      'Éclairage de vélo Blue Ridge',
      'Lanterne',
    ];
    // "Éclairage" is a category, but "de vélo" is no kind: a value is taken off only where what
    // remains is shared by another name.
    expect(itemKinds(names, [...categories, ...brands])).toEqual([
      'Tente solo',
      'Éclairage de vélo',
      'Lanterne',
    ]);
    expect(itemKinds(['North Peak Solo Tent', 'Blue Ridge Solo Tent'], brands)).toEqual([
      'Solo Tent',
    ]);
    // A brand and a colour on the same name.
    expect(
      itemKinds(
        [
          'Veste North Peak rouge',
          'Veste North Peak bleu',
          'Veste Blue Ridge rouge',
          'Veste Blue Ridge bleu',
        ],
        [...brands, 'rouge', 'bleu'],
      ),
    ).toEqual(['Veste']);
  });

  it("words Whisper's prompt in the conversation's language, the scenario's words kept", () => {
    const runtime = demoRuntime('audio');
    const french = whisperPrompt(runtime, 'fr-FR');
    expect(french).toContain('Produits: Trail Runner, Hiking Boot');
    expect(french).not.toContain('Products');
    expect(french.endsWith('ajoutez à mon panier, retirez de mon panier.')).toBe(true);
    expect(whisperPrompt(runtime, 'de-DE')).toContain('Produkte: ');
    // English, and a language without words of its own, keep English's.
    expect(whisperPrompt(runtime, 'it-IT')).toBe(whisperPrompt(runtime));
  });

  it('pocketsphinx gets the item names in the sentences people put them in', () => {
    const phrases = scenarioPhrases(demoRuntime('audio'));
    expect(phrases).toContain('add the North Peak Solo Tent to my cart');
    expect(phrases).toContain('do you have Tents');
  });
});
