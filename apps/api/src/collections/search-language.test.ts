import { LANGUAGES } from '@svc/languages/search';
import { describe, expect, it } from 'vitest';
import {
  compoundHeads,
  canonicalLanguageTag,
  COLLECTION_LANGUAGE_TAG,
  foldAccents,
  searchLanguage,
  stemWords,
} from './search-language.js';

describe('search languages', () => {
  it('stems singular and plural, with or without accents, to the same word', () => {
    const same = (language: 'fr' | 'es' | 'de', words: string[]) =>
      expect(new Set(words.flatMap((word) => stemWords(word, language))).size, words.join()).toBe(
        1,
      );
    same('fr', ['chaussures', 'Chaussure']);
    same('fr', ['tente', 'Tentes']);
    same('fr', ['randonnée', 'randonnees', 'RANDONNEE']);
    same('es', ['tiendas', 'Tienda']);
    same('es', ['campaña', 'campana', 'Campañas']);
    same('de', ['Schlafsäcke', 'Schlafsack', 'schlafsacke']);
    same('de', ['Zelte', 'Zelt']);
    same('de', ['Größe', 'grosse']);
    // Different words stay apart.
    expect(stemWords('chaussure', 'fr')).not.toEqual(stemWords('chaussette', 'fr'));
  });

  it('answers the words of a text in order; English is left to the porter tokenizer', () => {
    expect(stemWords("Tienda de campaña, 2 plazas (l'été)", 'es')).toEqual([
      'tiend',
      'de',
      'campan',
      '2',
      'plaz',
      'l',
      'ete',
    ]);
    // A decomposed accent (NFD) does not split a word.
    expect(stemWords('randonne\u0301e', 'fr')).toEqual(stemWords('randonnée', 'fr'));
    expect(stemWords('hiking boots', 'en')).toEqual([]);
  });

  it('folds accents and the letters NFD keeps whole', () => {
    expect(foldAccents('Campaña Schlafsäcke Œuvre Straße Øl')).toBe(
      'campana schlafsacke oeuvre strasse ol',
    );
  });

  it('accepts tags of the four languages, with a region, and reads their language', () => {
    for (const tag of ['en', 'fr', 'es', 'de', 'fr-FR', 'es-419', 'de-at', 'en-GB'])
      expect(COLLECTION_LANGUAGE_TAG.test(tag), tag).toBe(true);
    for (const tag of ['pt', 'it-IT', 'french', 'fr_FR', 'FR', 'fr-', 'fr-FR-x', ''])
      expect(COLLECTION_LANGUAGE_TAG.test(tag), tag).toBe(false);
    for (const language of LANGUAGES)
      expect(COLLECTION_LANGUAGE_TAG.test(`${language}-AA`), language).toBe(true);
    expect(canonicalLanguageTag('de-at')).toBe('de-AT');
    expect(searchLanguage('es-419')).toBe('es');
    expect(searchLanguage('fr-FR')).toBe('fr');
    expect(searchLanguage(undefined)).toBe('en');
  });

  it('offers the heads of German compounds, and nothing in other languages', () => {
    const heads = compoundHeads('Daunenschlafsack von Summit', 'de');
    expect(heads).toContain('schlafsack');
    expect(heads).toContain('sack');
    // The modifier keeps three letters, the head four: no "ack", no "aunenschlafsack" before it.
    expect(heads[0]).toBe('nenschlafsack');
    expect(heads.at(-1)).toBe('sack');
    expect(compoundHeads('Zelt Hut', 'de')).toEqual([]);
    expect(compoundHeads('Sac de couchage synthétique', 'fr')).toEqual([]);
  });
});
