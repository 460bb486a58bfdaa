import { describe, expect, it } from 'vitest';
import {
  defaultsOf,
  extraKeys,
  fieldOf,
  humanize,
  pick,
  setAt,
  validate,
  withExtraKeys,
  type JsonSchema,
} from './schema-model';

const settings: JsonSchema = {
  type: 'object',
  required: ['title', 'mode'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 20 },
    mode: { type: 'string', enum: ['grid', 'list'], default: 'grid' },
    columns: { type: 'integer', minimum: 1, maximum: 6 },
    ratio: { type: 'number', minimum: 0, exclusiveMinimum: true },
    show_prices: { type: 'boolean', default: true },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    sizes: { type: 'array', items: { type: 'string', enum: ['s', 'm', 'l'] } },
    voice: {
      type: 'object',
      properties: { base_url: { type: 'string', format: 'uri' } },
    },
    extra: { type: 'object', additionalProperties: {} },
    language: { type: 'string', pattern: '^[a-z]{2}$' },
    fields: {
      type: 'array',
      items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
  },
};

describe('fieldOf', () => {
  it('maps each schema type to its input', () => {
    const root = fieldOf(settings);
    expect(root.kind).toBe('object');
    if (root.kind !== 'object') return;
    const kinds = Object.fromEntries(
      root.fields.map((field) => [field.path.join('.'), field.kind]),
    );
    expect(kinds).toEqual({
      title: 'string',
      mode: 'enum',
      columns: 'number',
      ratio: 'number',
      show_prices: 'boolean',
      tags: 'string-list',
      sizes: 'string-list',
      voice: 'object',
      extra: 'json',
      language: 'string',
      fields: 'object-list',
    });
    const sizes = root.fields.find((field) => field.path[0] === 'sizes');
    expect(sizes?.kind === 'string-list' && sizes.options).toEqual(['s', 'm', 'l']);
    expect(root.fields.find((field) => field.path[0] === 'title')?.required).toBe(true);
    expect(root.fields.find((field) => field.path[0] === 'show_prices')?.label).toBe('Show prices');
  });

  it('gives long text a multi-line input and unions the JSON fallback', () => {
    expect(fieldOf({ type: 'string', maxLength: 20000 })).toMatchObject({ multiline: true });
    expect(fieldOf({ anyOf: [{ type: 'string' }, { type: 'object' }] }).kind).toBe('string');
    expect(fieldOf({ anyOf: [{ type: 'number' }, { type: 'object' }] }).kind).toBe('json');
    expect(fieldOf({ type: 'integer' })).toMatchObject({ kind: 'number', integer: true });
    expect(fieldOf({ type: 'string' }, ['password'])).toMatchObject({ secret: true });
  });
});

describe('defaultsOf', () => {
  it('fills defaults, nested ones too', () => {
    expect(defaultsOf(settings)).toEqual({ mode: 'grid', show_prices: true, voice: {} });
  });
});

describe('validate', () => {
  it('accepts a valid value', () => {
    expect(
      validate(settings, {
        title: 'Shop',
        mode: 'list',
        columns: 3,
        ratio: 0.5,
        tags: ['a'],
        sizes: ['m'],
        voice: { base_url: 'https://tts.example.com' },
        language: 'en',
      }),
    ).toEqual({});
  });

  it('names the field in every message, under its path', () => {
    const errors = validate(settings, {
      mode: 'tiles',
      columns: 2.5,
      ratio: 0,
      tags: ['a', 'b', 'c'],
      voice: { base_url: 'tts' },
      language: 'english',
    });
    expect(errors).toEqual({
      title: 'Title is required',
      mode: 'Mode must be one of grid, list',
      columns: 'Columns must be a whole number',
      ratio: 'Ratio must be more than 0',
      tags: 'Tags has 3 entries; at most 2',
      'voice.base_url': 'Base url must be a full address (https://...)',
      language: 'Language has the wrong form (^[a-z]{2}$)',
    });
  });

  it('checks lengths, bounds and list items', () => {
    expect(validate(settings, { title: '', mode: 'grid' })).toEqual({ title: 'Title is required' });
    expect(validate(settings, { title: 'x'.repeat(21), mode: 'grid', columns: 7 })).toEqual({
      title: 'Title is 21 characters long; at most 20',
      columns: 'Columns must be at most 6',
    });
    expect(validate(settings, { title: 'a', mode: 'grid', sizes: ['m', 'xl'] })).toEqual({
      'sizes.1': 'Sizes #2 must be one of s, m, l',
    });
  });

  it('checks each item of a list of objects', () => {
    expect(validate(settings, { title: 'a', mode: 'grid', fields: [{ name: 'x' }, {}] })).toEqual({
      'fields.1.name': 'Name is required',
    });
  });

  it('knows nullable, anyOf and closed objects', () => {
    expect(validate({ type: 'string', nullable: true }, null)).toEqual({});
    expect(validate({ type: 'string' }, null, ['name'], 'Name')).toEqual({
      name: 'Name is required',
    });
    const name: JsonSchema = {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'object', additionalProperties: { type: 'string' } },
      ],
    };
    expect(validate(name, 'Shop')).toEqual({});
    expect(validate(name, 3, ['name'], 'Name')).toEqual({
      name: 'Name does not fit any of the allowed forms',
    });
    expect(
      validate({ type: 'object', properties: {}, additionalProperties: false }, { surprise: 1 }),
    ).toEqual({ surprise: 'Surprise is not allowed here' });
  });
});

describe('setAt', () => {
  it('copies on the way and removes emptied keys', () => {
    const before = { voice: { tts: { provider: 'flite' } }, name: 'a' };
    const after = setAt(before, ['voice', 'tts', 'voice'], 'slt');
    expect(after).toEqual({ voice: { tts: { provider: 'flite', voice: 'slt' } }, name: 'a' });
    expect(before.voice.tts).toEqual({ provider: 'flite' });
    expect(setAt(after, ['name'], undefined)).toEqual({
      voice: { tts: { provider: 'flite', voice: 'slt' } },
    });
  });

  it('sets inside lists by index', () => {
    const before = { features: [{ settings: { a: 1 } }, { settings: {} }] };
    expect(setAt(before, ['features', '1', 'settings', 'b'], 2)).toEqual({
      features: [{ settings: { a: 1 } }, { settings: { b: 2 } }],
    });
  });

  it('reads humane labels', () => {
    expect(humanize('rpc_timeout_s')).toBe('Rpc timeout s');
    expect(humanize('firstMessage')).toBe('First message');
  });
});

describe('pick', () => {
  it('keeps the named properties and their required entries', () => {
    expect(pick(settings, ['title', 'columns', 'missing'])).toEqual({
      type: 'object',
      properties: { title: settings.properties?.title, columns: settings.properties?.columns },
      required: ['title'],
    });
  });
});

describe('extra keys of an open object', () => {
  const tts: JsonSchema = {
    type: 'object',
    properties: { provider: { type: 'string' } },
    additionalProperties: {},
  };
  it('reads and replaces the keys the schema does not name', () => {
    const value = { provider: 'flite', speed: 1.2, pitch: 3 };
    expect(extraKeys(tts, value)).toEqual({ speed: 1.2, pitch: 3 });
    expect(withExtraKeys(tts, value, { speed: 1 })).toEqual({ provider: 'flite', speed: 1 });
  });
});
