import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, formatText, formatTime } from './format.js';
import {
  UI_LANGUAGES,
  defaultUiStrings,
  uiLanguage,
  uiStringTables,
  uiStrings,
  type UiStrings,
} from './strings.js';

/** The texts that count: they take the count and the count formatted. */
const COUNTS = new Set(['resultCount', 'cartTotalQuantity']);

/** Every text of a table as plain strings: functions called with sample arguments. */
function texts(strings: UiStrings): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'function')
      out[key] = COUNTS.has(key)
        ? (value as (count: number, formatted: string) => string)(2, '2')
        : (value as (...args: string[]) => string)('x', 'x');
    else
      for (const [reason, text] of Object.entries(value as Record<string, string>))
        out[`${key}.${reason}`] = text;
  }
  return out;
}

describe('the panels’ texts', () => {
  it('exist in English, French, Spanish and German, every key in every language, none empty', () => {
    expect([...UI_LANGUAGES]).toEqual(['en', 'fr', 'es', 'de']);
    const english = texts(defaultUiStrings);
    expect(Object.keys(english).length).toBeGreaterThanOrEqual(40);
    for (const language of UI_LANGUAGES) {
      const table = texts(uiStringTables[language]);
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        // Every function puts its argument in the text.
        if (typeof uiStringTables[language][key as keyof UiStrings] === 'function')
          expect(text, `${language}.${key}`).toMatch(COUNTS.has(key) ? /2/ : /x/);
      }
    }
  });

  it('are translated: the other languages say something else than English', () => {
    for (const language of ['fr', 'es', 'de'] as const) {
      const table = uiStringTables[language];
      for (const key of ['cartTitle', 'cartEmpty', 'searchEmpty', 'endTitle', 'restart'] as const)
        expect(table[key], `${language}.${key}`).not.toBe(defaultUiStrings[key]);
    }
    expect(uiStringTables.fr.cartTitle).toBe('Panier');
    expect(uiStringTables.es.cartTitle).toBe('Carrito');
    expect(uiStringTables.de.cartTitle).toBe('Warenkorb');
  });

  it('count through Intl.PluralRules: French 0 and 1 are singular, English 0 is plural', () => {
    expect(uiStringTables.en.resultCount(0, '0')).toBe('0 items');
    expect(uiStringTables.en.resultCount(1, '1')).toBe('1 item');
    expect(uiStringTables.fr.resultCount(0, '0')).toBe('0 résultat');
    expect(uiStringTables.fr.cartTotalQuantity(1, '1')).toBe('1 article');
    expect(uiStringTables.fr.cartTotalQuantity(3, '3')).toBe('3 articles');
    expect(uiStringTables.es.resultCount(1, '1')).toBe('1 resultado');
    expect(uiStringTables.es.cartTotalQuantity(1200, '1.200')).toBe('1.200 artículos');
    expect(uiStringTables.de.resultCount(1, '1')).toBe('1 Ergebnis');
    expect(uiStringTables.de.resultCount(0, '0')).toBe('0 Ergebnisse');
  });
});

describe('uiLanguage and uiStrings', () => {
  it('pick the table by the primary subtag, English for other languages and none', () => {
    expect(uiLanguage('fr-CA')).toBe('fr');
    expect(uiLanguage('ES')).toBe('es');
    expect(uiLanguage('de-DE')).toBe('de');
    expect(uiLanguage('it-IT')).toBe('en');
    expect(uiLanguage(undefined)).toBe('en');
    expect(uiLanguage('')).toBe('en');
    expect(uiStrings(undefined, 'de-AT')).toBe(uiStringTables.de);
    expect(uiStrings(undefined)).toBe(defaultUiStrings);
  });

  it('let a page’s own texts win over the built-in ones of the language', () => {
    const strings = uiStrings({ cartTitle: 'Mon sac' }, 'fr-FR');
    expect(strings.cartTitle).toBe('Mon sac');
    expect(strings.cartEmpty).toBe('Votre panier est vide.');
  });
});

describe('Intl formats for the language', () => {
  it('prices in the currency, as each locale writes them', () => {
    expect(formatPrice(1249.5, 'EUR', 'fr-FR')).toBe('1\u202f249,50\u00a0€');
    expect(formatPrice(1249.5, 'EUR', 'de-DE')).toBe('1.249,50\u00a0€');
    expect(formatPrice(1249.5, 'EUR', 'es-ES')).toBe('1249,50\u00a0€');
    expect(formatPrice(1249.5, 'USD', 'en-US')).toBe('$1,249.50');
  });

  it('dates and times, as each locale writes them', () => {
    const moment = Date.UTC(2026, 4, 1, 14, 5);
    expect(formatDate(moment, 'fr-FR', false)).toBe(
      new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium' }).format(moment),
    );
    expect(formatTime(moment, 'de-DE')).toMatch(/^\d{2}:05$/);
    expect(formatTime(moment, 'en-US')).toMatch(/^\d{1,2}:05\s?[AP]M$/);
  });

  it('an ISO date in item data reads as a date, the same day everywhere; other text as it is', () => {
    expect(formatText('2026-05-01', 'fr-FR')).toBe('1 mai 2026');
    expect(formatText('2026-05-01', 'de-DE')).toBe('01.05.2026');
    expect(formatText('2026-05-01', 'es-ES')).toBe('1 may 2026');
    expect(formatText('2026-05-01', 'en-US')).toBe('May 1, 2026');
    expect(formatText('2026-05-01T12:30:00Z', 'de-DE')).toMatch(/^01\.05\.2026, \d{2}:30$/);
    expect(formatText('Ridge 2', 'fr-FR')).toBe('Ridge 2');
    expect(formatText('2026-13-45', 'fr-FR')).toBe('2026-13-45');
  });
});
