// The recognizer's near misses mended from the shop's and the language's words, on the test shops
// of each language; English reads what it heard as it heard it.
import { describe, expect, it } from 'vitest';
import { english, lexiconFor } from '@svc/languages/router';
import { editDistance, repairedHearing } from './hearing.js';
import { testShop, type ShopLanguage } from './test-shops.js';
import { words } from './text.js';

function heard(language: ShopLanguage, text: string): string {
  const { catalog } = testShop(language);
  const lexicon = lexiconFor(language);
  if (!lexicon) throw new Error(`no lexicon for ${language}`);
  return repairedHearing(words(text, lexicon), catalog, lexicon).join(' ');
}

describe('near misses of the recognizer', () => {
  it('counts a swap of two letters as one edit and stops past the limit', () => {
    expect(editDistance('tentes', 'tantes', 2)).toBe(1);
    expect(editDistance('linterna', 'litnerna', 2)).toBe(1);
    expect(editDistance('sacsados', 'sacsardos', 2)).toBe(1);
    expect(editDistance('tente', 'couchage', 2)).toBe(3);
  });

  it('mends a word of the shop heard a letter or two away', () => {
    expect(heard('fr-FR', 'vous avez des tantes')).toBe('vous avez des tentes');
    expect(heard('fr-FR', 'un sacsados bleu')).toBe('un sacs a dos bleu');
    expect(heard('es-ES', 'busco una mochilla roja')).toBe('busco una mochila roja');
    expect(heard('de-DE', 'haben Sie Schlafsäke')).toBe('haben sie schlafsacke');
  });

  it('mends the words of the language too, not only the catalogue', () => {
    expect(heard('fr-FR', 'ajoutez la au pannier')).toBe('ajoutez la au panier');
    expect(heard('es-ES', 'añade la al carrrito')).toBe('anade la al carrito');
  });

  it('reads a German compound the shop does not know by the noun it ends in', () => {
    expect(heard('de-DE', 'vergleiche die zwei leichten Standzelte')).toBe(
      'vergleiche die 2 leichten zelte',
    );
    expect(heard('de-DE', 'haben Sie Campingjacken')).toBe('haben sie jacken');
    // Not in French, whose words do not compound; not a word the shop knows whole.
    expect(heard('fr-FR', 'des supertentes')).toBe('des supertentes');
    expect(heard('de-DE', 'die Regenjacke')).toBe('die regenjacke');
  });

  it('leaves known words, short words, numbers and words near nothing as heard', () => {
    expect(heard('fr-FR', 'une tente à moins de 200 euros')).toBe('une tente a moins de 200 euros');
    expect(heard('fr-FR', 'la météo de demain')).toBe('la meteo de demain');
    expect(heard('de-DE', 'was kostet das')).toBe('was kostet das');
  });

  it('leaves a word that begins otherwise than the near shop word: a word of the language', () => {
    // "lentes" (slow) is one letter from "tentes", "Backe" (cheek) one from the lexicon's "packe".
    expect(heard('fr-FR', 'des lentes')).toBe('des lentes');
    expect(heard('de-DE', 'die Backe')).toBe('die backe');
    expect(heard('es-ES', 'una cochila')).toBe('una cochila');
  });

  it('takes letters that open words alike for one opening, and a silent "h" for none', () => {
    // Spanish b and v are one sound; its "h" is silent.
    expect(heard('es-ES', 'unas votas negras')).toBe('unas botas negras');
    expect(heard('fr-FR', 'la tente hultra')).toBe('la tente ultra');
  });

  it('does nothing in English, whose recognizer is prompted and tuned on English', () => {
    const { catalog } = testShop('fr-FR');
    expect(repairedHearing(['tantes'], { ...catalog, lexicon: english }, english)).toEqual([
      'tantes',
    ]);
  });
});
