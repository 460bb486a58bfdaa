import { describe, expect, it } from 'vitest';
import { localizeScenario, matchLanguage, servedLanguages } from './scenario-languages.js';

describe('the languages a scenario serves', () => {
  it('lists its own language first, then its translations, each once', () => {
    expect(servedLanguages('en-US', { 'fr-FR': {}, 'de-DE': {}, 'EN-us': {} })).toEqual([
      'en-US',
      'fr-FR',
      'de-DE',
    ]);
    expect(servedLanguages('en-US', undefined)).toEqual(['en-US']);
  });

  it('matches a tag in any case, then by base language, else nothing', () => {
    const served = ['en-US', 'fr-FR', 'es-ES'];
    expect(matchLanguage('fr-fr', served)).toBe('fr-FR');
    expect(matchLanguage('fr-CA', served)).toBe('fr-FR');
    expect(matchLanguage('es', served)).toBe('es-ES');
    expect(matchLanguage('en-GB', served)).toBe('en-US');
    expect(matchLanguage('de-DE', served)).toBeUndefined();
    expect(matchLanguage('it', served)).toBeUndefined();
  });

  it("gives a conversation its language's prompt and first message, the scenario's own otherwise", () => {
    const snapshot = {
      language: 'en-US',
      prompt: 'You sell tents.',
      first_message: 'Hello!',
      translations: {
        'fr-FR': { prompt: 'Vous vendez des tentes.', first_message: 'Bonjour !' },
        'de-DE': { first_message: 'Hallo!' },
      },
    };
    expect(localizeScenario(snapshot, 'fr-CA')).toMatchObject({
      prompt: 'Vous vendez des tentes.',
      first_message: 'Bonjour !',
    });
    expect(localizeScenario(snapshot, 'de-DE')).toMatchObject({
      prompt: 'You sell tents.',
      first_message: 'Hallo!',
    });
    expect(localizeScenario(snapshot, 'en-US')).toBe(snapshot);
  });
});
