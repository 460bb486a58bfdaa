import { CONVERSATION_STRINGS, LANGUAGES, LAUNCHER_STRINGS } from '@svc/languages/widget';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, widgetLanguageOf } from './language.js';

/** Every text of a table, nested records flattened and functions called with a sample. */
function texts(table: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(table)) {
    const name = `${prefix}${key}`;
    if (typeof value === 'string') out[name] = value;
    else if (typeof value === 'function') out[name] = (value as (x: string) => string)('x');
    else Object.assign(out, texts(value as object, `${name}.`));
  }
  return out;
}

describe('the widget’s texts', () => {
  for (const [name, tables] of [
    ['launcher', LAUNCHER_STRINGS],
    ['conversation', CONVERSATION_STRINGS],
  ] as const) {
    it(`${name}: every key in English, French, Spanish and German, none empty`, () => {
      const english = texts(tables.en);
      expect(Object.keys(english).length).toBeGreaterThan(5);
      for (const language of LANGUAGES) {
        const table = texts(tables[language]);
        expect(Object.keys(table).sort(), language).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(table))
          expect(text.trim(), `${language}.${key}`).not.toBe('');
      }
    });
  }

  it('are translated', () => {
    for (const language of ['fr', 'es', 'de'] as const) {
      expect(LAUNCHER_STRINGS[language].open).not.toBe(LAUNCHER_STRINGS.en.open);
      expect(CONVERSATION_STRINGS[language].startTalking).not.toBe(
        CONVERSATION_STRINGS.en.startTalking,
      );
      expect(CONVERSATION_STRINGS[language].errors.MIC_PERMISSION_DENIED).not.toBe(
        CONVERSATION_STRINGS.en.errors.MIC_PERMISSION_DENIED,
      );
    }
  });
});

describe('chooseLanguage', () => {
  it('takes the attribute, else the session’s, else the browser’s, by the primary subtag', () => {
    expect(chooseLanguage(['fr-CA', 'de-DE', 'es-ES'])).toEqual({
      language: 'fr',
      locale: 'fr-CA',
    });
    expect(chooseLanguage(['', 'de-DE', 'es-ES'])).toEqual({ language: 'de', locale: 'de-DE' });
    expect(chooseLanguage([undefined, null, 'es-MX'])).toEqual({
      language: 'es',
      locale: 'es-MX',
    });
  });

  it('skips a language the widget does not speak, and ends in English', () => {
    expect(chooseLanguage(['it-IT', 'fr-FR'])).toEqual({ language: 'fr', locale: 'fr-FR' });
    expect(chooseLanguage(['it-IT', null, 'ja'])).toEqual({ language: 'en', locale: undefined });
    expect(chooseLanguage([])).toEqual({ language: 'en', locale: undefined });
  });

  it('reads tags without case', () => {
    expect(widgetLanguageOf('DE-at')).toBe('de');
    expect(widgetLanguageOf(' es ')).toBe('es');
    expect(widgetLanguageOf('english')).toBeNull();
  });
});
