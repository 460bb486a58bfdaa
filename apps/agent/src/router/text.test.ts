// Words as the router reads them, per language: split by Intl.Segmenter, number words as digits,
// accents folded, and the comparing form (the Snowball stem) that lets a plural meet its singular.
import { describe, expect, it } from 'vitest';
import { english, lexiconFor, masculineSingular, type Lexicon } from '@svc/languages/router';
import { words } from './text.js';

const lexicon = (language: string): Lexicon => {
  const found = lexiconFor(language);
  if (!found) throw new Error(language);
  return found;
};

describe('words', () => {
  it.each([
    ['en-US', 'under a hundred and fifty dollars', 'under 150 dollars'],
    ['en-US', 'between 50 and 120 dollars', 'between 50 and 120 dollars'],
    ['en-US', 'between fifty and one hundred dollars', 'between 50 and 100 dollars'],
    ['en-US', 'two hundred and five', '205'],
    ['en-US', 'fifty and sixty', '50 and 60'],
    ['fr-FR', 'vingt et un', '21'],
    ['de-DE', 'fünf und zwanzig Euro', '25 euro'],
    ['fr-FR', 'moins de quatre-vingt-dix-neuf euros', 'moins de 99 euros'],
    ['fr-FR', 'soixante et onze', '71'],
    ['fr-FR', 'entre 40 et 80 €', 'entre 40 et 80 euros'],
    ['fr-FR', 'deux cent cinquante', '250'],
    ['fr-FR', "qu'est-ce qu'il y a", 'que est ce que il y a'],
    ['fr-FR', 'ajoute-la', 'ajoute ca'],
    ['fr-FR', 'une tente légère', 'une tente legere'],
    ['es-ES', 'menos de ciento cincuenta euros', 'menos de 150 euros'],
    ['es-ES', 'treinta y cinco', '35'],
    ['es-ES', 'dos mil quinientos', '2500'],
    ['es-ES', 'añádelo al carrito', 'anade eso al carrito'],
    ['es-ES', 'tiendas de campaña', 'tiendas de campana'],
    ['es-ES', '¿cuál es más ligero?', 'cual es mas ligero'],
    ['de-DE', 'unter hundertfünfzig Euro', 'unter 150 euro'],
    ['de-DE', 'fünfundzwanzig', '25'],
    ['de-DE', 'zweitausenddreihundert', '2300'],
    ['de-DE', 'zwischen 50 und 120 Euro', 'zwischen 50 und 120 euro'],
    ['de-DE', 'Gibt es Schlafsäcke?', 'gibts schlafsacke'],
    ['de-DE', 'Größe', 'grosse'],
    // Letters beyond ASCII are letters of a word where the language keeps its accents.
    ['en-US', 'Any crème brûlée?', 'any crème brûlée'],
    [
      'en-US',
      "The tent's weight, e.g. 1,500 g for $49.99",
      'the tent s weight e g 1500 g for 49.99 dollars',
    ],
    ['de-DE', 'Ein 3er-Pack für 12,50 €', 'ein 3er pack fur 12.5 euro'],
    // An article before a unit of weight is one of it.
    ['en-US', 'less than a kilo', 'less than 1 kilo'],
    ['fr-FR', "moins d'un kilo", 'moins de 1 kilo'],
    ['es-ES', 'menos de un kilo', 'menos de 1 kilo'],
    ['de-DE', 'leichter als ein Kilogramm', 'leichter als 1 kilogramm'],
    ['de-DE', 'unter einem Kilo', 'unter 1 kilo'],
    // A half beside a number or a unit is part of it; beside anything else it stays a word.
    ['en-US', 'no more than a pound and a half', 'no more than 1.5 pound'],
    ['en-US', 'under three and a half kilos', 'under 3.5 kilos'],
    ['en-US', 'about half a kilo', 'about 0.5 kilo'],
    ['en-US', 'half past seven', 'half past 7'],
    ['fr-FR', 'moins de trois kilos et demi', 'moins de 3.5 kilos'],
    ['fr-FR', 'vers huit heures et demie', 'vers 8 heures et demie'],
    ['es-ES', 'menos de kilo y medio', 'menos de 1.5 kilo'],
    ['es-ES', 'unos dos kilos y medio', 'unos 2.5 kilos'],
    ['de-DE', 'unter einem halben Kilo', 'unter 0.5 kilo'],
  ])('%s reads "%s" as "%s"', (language, text, expected) => {
    expect(words(text, lexicon(language)).join(' ')).toBe(expected);
  });

  it('keeps an article that is no number as a word ("une tente", "ein Zelt", "one of them")', () => {
    expect(words('une tente', lexicon('fr'))).toEqual(['une', 'tente']);
    expect(words('ein Zelt', lexicon('de'))).toEqual(['ein', 'zelt']);
    expect(words('una mochila', lexicon('es'))).toEqual(['una', 'mochila']);
    expect(words('one of them', english)).toEqual(['one', 'of', 'them']);
  });
});

describe('the comparing form', () => {
  it.each([
    ['en', 'tents', 'tent'],
    ['en', 'boxes', 'box'],
    ['en', 'batteries', 'battery'],
    ['fr', 'tentes', 'tente'],
    ['fr', 'chaussures', 'chaussure'],
    ['fr', 'chapeaux', 'chapeau'],
    ['fr', 'noires', 'noir'],
    ['fr', 'légères', 'légère'],
    // Agreement: the feminine and plural forms Snowball keeps apart from the masculine.
    ['fr', 'légère', 'léger'],
    ['fr', 'légers', 'léger'],
    ['fr', 'sportive', 'sportif'],
    ['fr', 'sportifs', 'sportif'],
    ['fr', 'petits', 'petit'],
    ['fr', 'petites', 'petit'],
    ['fr', 'lumineuses', 'lumineux'],
    ['fr', 'naturelles', 'naturel'],
    ['fr', 'anciennes', 'ancien'],
    ['fr', 'chaudes', 'chaud'],
    ['fr', 'première', 'premier'],
    ['fr', 'notées', 'noté'],
    ['fr', 'économiques', 'économique'],
    ['es', 'tiendas', 'tienda'],
    ['es', 'pantalones', 'pantalón'],
    ['es', 'rojas', 'rojo'],
    ['de', 'Schlafsäcke', 'Schlafsack'],
    ['de', 'Jacken', 'Jacke'],
    ['de', 'grüne', 'grün'],
    ['de', 'Preise', 'Preis'],
    ['de', 'günstigsten', 'günstigste'],
    ['de', 'Mäntel', 'Mantel'],
  ])('%s: "%s" meets "%s"', (language, plural, single) => {
    const found = lexicon(language);
    const form = (word: string) => words(word, found).map(found.stem).join(' ');
    expect(form(plural)).toBe(form(single));
  });

  it('keeps words apart that only share a beginning', () => {
    const fr = lexicon('fr');
    expect(fr.stem('tente')).not.toBe(fr.stem('tenue'));
    // Agreement leaves short words, words whose "s" is their own and verbs in "-ons" alone.
    for (const word of ['une', 'des', 'gris', 'doux', 'dos', 'cherchons'])
      expect(masculineSingular(word)).toBe(word);
    const de = lexicon('de');
    expect(de.stem('zelt')).not.toBe(de.stem('zeit'));
    // "Dies" is no "die" with an "s": the item in focus, not the article.
    expect(de.stem('dies')).not.toBe(de.stem('die'));
  });

  it('tells a plural by the stemmer taking its ending off', () => {
    const none = new Set<string>();
    expect(english.plural('tents', none)).toBe(true);
    expect(english.plural('glass', none)).toBe(false);
    expect(lexicon('fr').plural('chaussures', none)).toBe(true);
    expect(lexicon('es').plural('tiendas', none)).toBe(true);
    expect(lexicon('de').plural('schlafsacke', none)).toBe(true);
    // A form the catalogue writes is taken as written in German ("Trekking Socken").
    expect(lexicon('de').plural('socken', new Set(['socken']))).toBe(false);
  });
});

describe('lexiconFor', () => {
  it('picks by base language, and has none for a language the router does not speak', () => {
    expect(lexiconFor('fr-CA')?.code).toBe('fr');
    expect(lexiconFor('de_AT')?.code).toBe('de');
    expect(lexiconFor('ES')?.code).toBe('es');
    expect(lexiconFor('en-GB')).toBe(english);
    expect(lexiconFor('it-IT')).toBeUndefined();
  });
});
