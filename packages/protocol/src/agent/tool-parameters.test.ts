import { describe, expect, it } from 'vitest';
import { FEATURE_TYPES } from '../features.js';
import { declaredOperation } from './tool-defaults.js';
import { toolParametersProblems } from './tool-parameters.js';

describe('toolParametersProblems', () => {
  it('accepts the subset the models follow: typed properties, enums, lists, required', () => {
    expect(
      toolParametersProblems({
        type: 'object',
        properties: {
          service: { type: 'string', enum: ['haircut', 'colour'] },
          date: { type: 'string', format: 'date', description: 'the day' },
          guests: { type: 'integer', minimum: 1, maximum: 12 },
          extras: { type: 'array', items: { type: 'string' }, maxItems: 3 },
          contact: { type: 'object', properties: { phone: { type: ['string', 'null'] } } },
        },
        required: ['service', 'date'],
        additionalProperties: false,
      }),
    ).toEqual([]);
  });

  it('names the path of each problem', () => {
    expect(
      toolParametersProblems({
        type: 'object',
        properties: {
          date: { type: 'datetime' },
          slot: { $ref: '#/definitions/slot' },
          'bad name': { type: 'string' },
          size: { type: 'array', items: [{ type: 'string' }] },
        },
        required: ['date', 'time'],
      }),
    ).toEqual([
      { path: 'properties.date.type', message: expect.stringContaining('must be one of string') },
      { path: 'properties.slot.$ref', message: 'is not a keyword the agent follows' },
      { path: 'properties.slot.type', message: 'is required (or enum, const, anyOf)' },
      { path: 'properties.bad name', message: expect.stringContaining('letters, digits') },
      { path: 'properties.size.items', message: 'must be one schema' },
      { path: 'required', message: 'names time, which is not among the properties' },
    ]);
  });

  it('wants named arguments at the root and refuses nesting past the limit', () => {
    expect(toolParametersProblems({ type: 'string' })).toEqual([
      { path: 'type', message: 'must be "object": the arguments are named' },
    ]);
    expect(toolParametersProblems([])).toEqual([{ path: '', message: 'must be a JSON object' }]);
    const deep = (levels: number): Record<string, unknown> =>
      levels === 0
        ? { type: 'string' }
        : { type: 'object', properties: { inner: deep(levels - 1) } };
    expect(toolParametersProblems(deep(4))).toEqual([]);
    expect(toolParametersProblems(deep(5))).toEqual([
      {
        path: 'properties.inner.properties.inner.properties.inner.properties.inner.properties.inner',
        message: 'nests deeper than 4 levels',
      },
    ]);
  });
});

describe('a page tool’s operation', () => {
  it('is custom whatever its name: the type brings no tools of its own', () => {
    const page = { type: FEATURE_TYPES.PAGE_TOOLS_CUSTOM };
    expect(declaredOperation(page, { name: 'add_to_cart' })).toBe('custom');
    expect(declaredOperation(page, { name: 'book_visit' })).toBe('custom');
  });
});
