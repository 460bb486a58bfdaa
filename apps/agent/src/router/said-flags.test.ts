// A model's yes/no filters held to the visitor's words, on a device shop's catalogue.
import type { Collection, FilterField } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import { routerCatalog } from './catalog.js';
import { flagsAsSaid } from './said-flags.js';

const flag = (name: string, filter_key: string): FilterField => ({
  name,
  filter_key,
  field_type: 'boolean',
});

const collection: Collection = {
  id: 1,
  name: 'Devices',
  description: '',
  company_id: 1,
  filter_fields: [
    { name: 'Price', filter_key: 'price', field_type: 'number', role: 'price' },
    flag('GPS', 'gps'),
    flag('Noise cancelling', 'noise_cancelling'),
    flag('Waterproof', 'waterproof'),
  ],
};

const catalog = routerCatalog({
  language: 'en-US',
  tools: [{ name: 'find_devices', operation: 'search', collection }],
  collections: [collection],
  itemNames: [],
});

describe("a model's yes/no filters held to the visitor's words", () => {
  it('puts the field the words name in place of the one the model picked, and drops unnamed ones', () => {
    expect(
      flagsAsSaid({ query: 'watch', noise_cancelling: true }, 'one with gps', catalog),
    ).toEqual({ query: 'watch', gps: true });
    // "Trail" is no field: the watch search stands without the flag nobody asked for.
    expect(
      flagsAsSaid({ query: 'watch', noise_cancelling: true }, 'one for the trail', catalog),
    ).toEqual({ query: 'watch' });
    // Said as not, it is false.
    expect(flagsAsSaid({ query: 'watch' }, 'a watch that is not waterproof', catalog)).toEqual({
      query: 'watch',
      waterproof: false,
    });
  });

  it('keeps a field of the search before, and a call that says what the words do', () => {
    // A refinement keeps what was asked before.
    expect(
      flagsAsSaid(
        { query: 'headphones', noise_cancelling: true, gps: true },
        'and with gps',
        catalog,
        { query: 'headphones', noise_cancelling: true },
      ),
    ).toBeUndefined();
    // The call already says what the words do.
    expect(flagsAsSaid({ query: 'watch', gps: true }, 'a watch with gps', catalog)).toBeUndefined();
  });
});
