import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@svc/languages/speech';
import { soundsUnfinished, turnLanguage, UNFINISHED_WORDS } from './unfinished-words.js';

describe('a transcript cut at a pause', () => {
  it('reads as unfinished when it ends on a word that needs more, whatever the recognizer punctuated', () => {
    expect(soundsUnfinished('Do you sell lamps that.', 'en')).toBe(true);
    expect(soundsUnfinished('I want to fly to', 'en')).toBe(true);
    expect(soundsUnfinished("Je voudrais parler à l'", 'fr')).toBe(true);
    expect(soundsUnfinished('Quiero un regalo para', 'es')).toBe(true);
    expect(soundsUnfinished('Ich hätte gern einen Tisch für', 'de')).toBe(true);
    expect(soundsUnfinished('I need, uh,', 'en')).toBe(true);
  });

  it('reads as finished when it ends on a word that can close a request', () => {
    expect(soundsUnfinished('Do you sell lamps?', 'en')).toBe(false);
    expect(soundsUnfinished('Je voudrais un café.', 'fr')).toBe(false);
    expect(soundsUnfinished('Quiero un regalo', 'es')).toBe(false);
    expect(soundsUnfinished('Ich hätte gern einen Tisch', 'de')).toBe(false);
    expect(soundsUnfinished('', 'en')).toBe(false);
  });

  it('knows every registered language, by their BCP-47 tags', () => {
    for (const language of LANGUAGES) {
      expect(UNFINISHED_WORDS[language].size).toBeGreaterThan(40);
      expect(turnLanguage(`${language}-XX`)).toBe(language);
    }
    expect(turnLanguage('it-IT')).toBeUndefined();
  });
});
