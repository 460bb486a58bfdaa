import { describe, expect, it } from 'vitest';
import {
  genericFields,
  itemImage,
  mapItem,
  priceField,
  renderTemplate,
  safeImageUrl,
} from './template.js';
import { DEMO_COLLECTION, RIDGE } from './test-demo.js';

describe('renderTemplate', () => {
  it('fills {{field}} and {{a.b}} with the fields as text, a missing field with nothing', () => {
    const item = { name: 'Ridge 2', price: 249.99, specs: { weight: 2.1 }, tags: ['a', 'b'] };
    expect(renderTemplate('{{name}} – {{ price }} USD', item)).toBe('Ridge 2 – 249.99 USD');
    expect(renderTemplate('{{specs.weight}} kg, {{specs.size}}', item)).toBe('2.1 kg, ');
    expect(renderTemplate('{{tags}} / {{specs}} / {{missing}}', item)).toBe('a, b /  / ');
  });

  it("reads only the item's own fields: prototype names render empty", () => {
    const item = JSON.parse('{"name":"x","__proto__":{"polluted":"yes"}}') as Record<
      string,
      unknown
    >;
    expect(renderTemplate('{{constructor}}|{{toString}}|{{name.length}}', item)).toBe('||');
    expect(renderTemplate('{{__proto__.polluted}}', { name: 'x' })).toBe('');
    expect(renderTemplate('{{constructor.name}}', {})).toBe('');
    // A field the data itself names `__proto__` is data: its text shows, nothing is polluted.
    expect(renderTemplate('{{__proto__.polluted}}', item)).toBe('yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps markup as text', () => {
    expect(renderTemplate('{{name}}', { name: '<img src=x onerror=alert(1)>' })).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });
});

describe('mapItem', () => {
  it("fills the demo's product-card and formats a price slot for the locale", () => {
    expect(mapItem(DEMO_COLLECTION.view, { id: 'TENT-1', ...RIDGE }, { locale: 'en-US' })).toEqual({
      title: 'Ridge 2 Tent',
      subtitle: 'North Peak · green',
      price: '$249.99',
      body: 'A two-person tent for windy ridges.',
    });
    expect(mapItem(DEMO_COLLECTION.view, RIDGE, { locale: 'de-DE' }).price).toBe('249,99\u00a0$');
    // A price that is not a number is the template's text.
    expect(mapItem(DEMO_COLLECTION.view, { price: 'ask us' }).price).toBe('ask us USD');
    expect(priceField(DEMO_COLLECTION.view)).toEqual({ field: 'price', currency: 'USD' });
  });

  it('without a view: the name (or title, or id) and a few plain fields', () => {
    expect(mapItem(undefined, { id: 7, title: 'Lamp', watts: 1200, tags: [], lit: true })).toEqual({
      title: 'Lamp',
      watts: '1,200',
      lit: 'true',
    });
    expect(genericFields({ id: 'x' })).toEqual({ title: 'x' });
  });
});

describe('safeImageUrl', () => {
  it('allows only absolute http(s) addresses', () => {
    expect(safeImageUrl('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg');
    expect(safeImageUrl(' http://example.com/a b.png ')).toBe('http://example.com/a%20b.png');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '/relative.png',
      '//example.com/a.png',
      'vbscript:x',
      42,
      null,
    ])
      expect(safeImageUrl(bad)).toBeUndefined();
  });
});

describe('itemImage', () => {
  it("takes the view's image slot, else the item's image fields, only when safe", () => {
    const https = 'https://cdn.example.com/a.jpg';
    expect(itemImage({ image: https }, { image: 'javascript:x' })).toBe(https);
    expect(itemImage({}, { image_url: https })).toBe(https);
    expect(itemImage({ image: 'javascript:alert(1)' }, { image_url: https })).toBeUndefined();
    expect(itemImage({}, { image: 'data:text/html,<script>' })).toBeUndefined();
  });
});

describe('fieldLabel', () => {
  it("uses the collection's name, else the key in words with its unit", async () => {
    const { fieldLabel } = await import('./values.js');
    expect(fieldLabel('price', new Map([['price', 'Price']]))).toBe('Price');
    expect(fieldLabel('weight_g')).toBe('Weight (g)');
    expect(fieldLabel('in_stock')).toBe('In stock');
    expect(fieldLabel('packedVolumeL')).toBe('Packed volume (l)');
    expect(fieldLabel('rating')).toBe('Rating');
  });
});
