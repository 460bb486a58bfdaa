import { describe, expect, it } from 'vitest';
import { numberToWords, tokenize } from './spoken-words.js';

describe('tokenize', () => {
  it('writes numbers, symbols and identifiers as they are said, and splits sentences', () => {
    const words = (text: string) => tokenize(text).map((s) => s.map((t) => t.word).join(' '));
    expect(
      words('Add the Blue Ridge 2-Person Tent ($129.99). Use add_to_cart or showCart!'),
    ).toEqual([
      'add the blue ridge two person tent one hundred twenty nine point nine nine dollars',
      'use add to cart or show cart',
    ]);
    expect(words('50% off, 3.5 kg & free')).toEqual([
      'fifty percent off three point five kg and free',
    ]);
    // Words of other languages stay whole, accents and all (the multilingual recognizer's scores).
    expect(words("Zeig mir die Schlafsäcke. Qu'est-ce qu'il y a? Añade ÉTÉ")).toEqual([
      'zeig mir die schlafsäcke',
      "qu'est ce qu'il y a",
      'añade été',
    ]);
    expect(tokenize('GPS watch')[0]?.[0]).toEqual({ word: 'gps', acronym: true });
    expect(numberToWords(0)).toBe('zero');
    expect(numberToWords(1999)).toBe('one thousand nine hundred ninety nine');
    expect(numberToWords(2_000_005)).toBe('two million five');
  });
});
