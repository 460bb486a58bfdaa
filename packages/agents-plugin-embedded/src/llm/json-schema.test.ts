import { describe, expect, it } from 'vitest';
import { cleanArguments, oneChoice, validateJson, type JsonSchema } from './json-schema.js';

const addToCart: JsonSchema = {
  type: 'object',
  properties: {
    item_id: { type: 'string', description: 'The id of a product.' },
    quantity: { type: 'integer', minimum: 1 },
  },
  required: ['item_id'],
};

describe('validateJson and cleanArguments', () => {
  it('checks types, required properties, bounds and array sizes', () => {
    expect(validateJson(addToCart, { item_id: 'x', quantity: 2 })).toEqual([]);
    expect(validateJson(addToCart, { quantity: 0 }).map((e) => e.path)).toEqual([
      '$.item_id',
      '$.quantity',
    ]);
    expect(validateJson({ type: 'array', minItems: 2 }, ['a'])).toHaveLength(1);
  });

  it('drops the nulls the grammar allowed and optional values that break the schema', () => {
    expect(cleanArguments(addToCart, { item_id: 'x', quantity: null })).toEqual({ item_id: 'x' });
    expect(cleanArguments(addToCart, { item_id: 'x', quantity: 0 })).toEqual({ item_id: 'x' });
    const search: JsonSchema = {
      type: 'object',
      properties: {
        query: { type: 'string' },
        filters: { type: 'object', properties: { category: { type: 'string' } } },
      },
      required: ['query'],
    };
    expect(cleanArguments(search, { query: 'tent', filters: { category: null } })).toEqual({
      query: 'tent',
    });
  });

  it('drops keys the tool does not have and values given under the wrong key', () => {
    const search: JsonSchema = {
      type: 'object',
      properties: {
        query: { type: 'string' },
        category: { type: 'string', enum: ['tents', 'packs'] },
        color: { type: 'string', enum: ['black', 'red'] },
      },
      required: ['query'],
    };
    expect(
      cleanArguments(search, { query: 'tent', colour: 'red', color: 'tents', category: 'tents' }),
    ).toEqual({ query: 'tent', category: 'tents' });
  });
});

describe('oneChoice', () => {
  it('writes out all but the name of a one-field choice, as the JSON grammar would', () => {
    const choice = oneChoice({
      type: 'object',
      properties: { action: { enum: ['search', 'say "hi"'] } },
      required: ['action'],
    });
    expect(choice).toEqual({
      opening: '{ "action":',
      grammar: 'root ::= " " ("\\"search\\"" | "\\"say \\\\\\"hi\\\\\\"\\"")',
      closing: ' }',
    });
    // Put together with a name as the grammar admits it, the answer is the JSON of the object.
    const answer = `${choice?.opening ?? ''} "search"${choice?.closing ?? ''}`;
    expect(JSON.parse(answer)).toEqual({ action: 'search' });
  });

  it('leaves any other shape to the JSON grammar', () => {
    const enumField = { enum: ['a', 'b'] };
    expect(oneChoice({ type: 'object', properties: { action: enumField } })).toBeUndefined();
    expect(
      oneChoice({
        type: 'object',
        properties: { action: enumField, why: { type: 'string' } },
        required: ['action'],
      }),
    ).toBeUndefined();
    expect(
      oneChoice({ type: 'object', properties: { n: { enum: [1, 2] } }, required: ['n'] }),
    ).toBeUndefined();
    expect(oneChoice({ type: 'string', enum: ['a'] })).toBeUndefined();
  });
});
