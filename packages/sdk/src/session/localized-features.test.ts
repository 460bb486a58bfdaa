import { describe, expect, it } from 'vitest';
import { localizeConfig, localizedName, roomLanguage } from './localized-features.js';

const CART = { en: 'Cart', fr: 'Panier', 'es-ES': 'Carrito', de: 'Warenkorb' };

describe('localizedName', () => {
  it('keeps a plain name whatever the language', () => {
    expect(localizedName('Cart', 'fr-FR')).toBe('Cart');
    expect(localizedName('Cart', null)).toBe('Cart');
  });

  it('takes the exact tag, then the base language, then another region of it', () => {
    expect(localizedName({ ...CART, 'fr-CA': 'Panier (CA)' }, 'fr-CA')).toBe('Panier (CA)');
    expect(localizedName(CART, 'fr-CA')).toBe('Panier');
    expect(localizedName(CART, 'de-AT')).toBe('Warenkorb');
    expect(localizedName(CART, 'es')).toBe('Carrito');
    expect(localizedName(CART, 'es-MX')).toBe('Carrito');
  });

  it('compares tags without case', () => {
    expect(localizedName({ en: 'Cart', 'FR-ca': 'Panier' }, 'fr-CA')).toBe('Panier');
    expect(localizedName(CART, 'FR')).toBe('Panier');
  });

  it('falls back to English, then to the first name, for a language the map lacks', () => {
    expect(localizedName(CART, 'it-IT')).toBe('Cart');
    expect(localizedName(CART, null)).toBe('Cart');
    expect(localizedName({ fr: 'Panier', de: 'Warenkorb' }, 'it')).toBe('Panier');
    expect(localizedName({}, 'fr')).toBe('');
  });

  it('skips empty names', () => {
    expect(localizedName({ en: 'Cart', fr: '' }, 'fr')).toBe('Cart');
  });
});

describe('localizeConfig', () => {
  it('adds the language and each feature’s displayName, keeping the raw names', () => {
    const config = {
      features: [
        { name: CART, type: 'bucket:list:crud', settings: {} },
        { name: 'Search', type: 'collection:items:search', settings: {} },
      ],
      collections: [],
      avatarEnabled: false,
      audioDictationEnabled: false,
    };
    expect(localizeConfig(config, 'de-DE')).toEqual({
      ...config,
      language: 'de-DE',
      features: [
        { name: CART, type: 'bucket:list:crud', settings: {}, displayName: 'Warenkorb' },
        { name: 'Search', type: 'collection:items:search', settings: {}, displayName: 'Search' },
      ],
    });
  });
});

describe('roomLanguage', () => {
  it('reads `language` from the room metadata the API wrote', () => {
    const metadata = JSON.stringify({ conversation_id: 'c-1', language: 'fr-FR' });
    expect(roomLanguage({ metadata })).toBe('fr-FR');
  });

  it('is null without metadata, without a language, or with metadata that is not JSON', () => {
    expect(roomLanguage(null)).toBeNull();
    expect(roomLanguage({ fake: true })).toBeNull();
    expect(roomLanguage({ metadata: '{"conversation_id":"c-1"}' })).toBeNull();
    expect(roomLanguage({ metadata: 'not json' })).toBeNull();
    expect(roomLanguage({ metadata: 'null' })).toBeNull();
  });
});
