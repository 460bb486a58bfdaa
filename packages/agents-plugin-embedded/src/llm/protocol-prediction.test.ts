import { describe, expect, it } from 'vitest';
import { decisionChoices, forcedContinuation, jsonClosed } from './protocol-prediction.js';
import { toGrammarSchema, type ProtocolTool } from './tool-protocol.js';

const TOOLS: ProtocolTool[] = [
  {
    name: 'search_products',
    description: 'Search the catalogue.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, max_price: { type: 'number' } },
      required: ['query'],
    },
  },
  {
    name: 'show',
    description: 'Show the page.',
    parameters: { type: 'object', properties: {} },
  },
  {
    name: 'show_product',
    description: 'Show one item.',
    parameters: {
      type: 'object',
      properties: { item_id: { type: 'string' } },
      required: ['item_id'],
    },
  },
  {
    name: 'set_quantity',
    description: 'Change a quantity.',
    parameters: {
      type: 'object',
      properties: { quantity: { type: 'integer' }, item_id: { type: 'string' } },
      required: ['quantity', 'item_id'],
    },
  },
];

describe('decisionChoices', () => {
  it('reads, per tool, the fixed text after its name, as its grammar lists the arguments', () => {
    const choices = decisionChoices(TOOLS, true, { knownIds: ['TH-1', 'TH-2'] });
    expect(choices.map(({ name, after }) => ({ name, after }))).toEqual([
      { name: 'search_products', after: '","arguments":{"query":"' },
      { name: 'show', after: '","arguments' },
      { name: 'show_product', after: '","arguments":{"item_id":"' },
      { name: 'set_quantity', after: '","arguments":{"quantity":' },
      { name: 'reply', after: '","say":"' },
      { name: 'not_known', after: '","say":"' },
    ]);
    // The grammar's first required key is the one written first.
    const grammar = toGrammarSchema(TOOLS[3]?.parameters ?? {});
    expect(Object.keys(grammar.properties as object)[0]).toBe('quantity');
    // Ids the conversation has shown are the values an id may take.
    expect(choices[2]?.keys.get('item_id')).toMatchObject({ enum: ['TH-1', 'TH-2'] });
    expect([...(choices[0]?.keys.keys() ?? [])]).toEqual(['query', 'max_price']);
  });

  it('leaves the reply forms out when only a call may be made', () => {
    expect(decisionChoices(TOOLS.slice(0, 1), false).map((choice) => choice.name)).toEqual([
      'search_products',
    ]);
  });
});

describe('forcedContinuation', () => {
  const choices = decisionChoices(TOOLS, true, {
    knownIds: ['TH-TEN-01', 'TH-TEN-02', 'TH-COO-01'],
  });

  it('guesses the opening of every decision', () => {
    expect(forcedContinuation('', choices)).toBe('{"tool":"');
  });

  it('guesses nothing while the name is the model’s to choose', () => {
    expect(forcedContinuation('{"tool":"', choices)).toBe('');
    expect(forcedContinuation('{"tool":"s', choices)).toBe('');
    // "show" is the start of "show_product": not told apart yet.
    expect(forcedContinuation('{"tool":"show', choices)).toBe('');
  });

  it('writes the rest of a name told apart and the fixed text after it', () => {
    expect(forcedContinuation('{"tool":"sea', choices)).toBe(
      'rch_products","arguments":{"query":"',
    );
    expect(forcedContinuation('{"tool":"show_', choices)).toBe('product","arguments":{"item_id":"');
    expect(forcedContinuation('{"tool":"rep', choices)).toBe('ly","say":"');
  });

  it('writes the rest of an argument’s name once no other starts so, and not one already written', () => {
    const search = '{"tool":"search_products","arguments":{"query":"tent","';
    expect(forcedContinuation(`${search}max`, choices)).toBe('_price":');
    expect(forcedContinuation(`${search}`, choices)).toBe('max_price":');
    expect(forcedContinuation(`${search}q`, choices)).toBe('');
    const quantity = '{"tool":"set_quantity","arguments":{"quantity":2,"';
    expect(forcedContinuation(quantity, choices)).toBe('item_id":"');
  });

  it('writes the rest of a value of a list once no other value starts so', () => {
    const show = '{"tool":"show_product","arguments":{"item_id":"';
    expect(forcedContinuation(`${show}TH-`, choices)).toBe('');
    // Not the closing quote, which the model writes with what follows as one token.
    expect(forcedContinuation(`${show}TH-C`, choices)).toBe('OO-01');
    expect(forcedContinuation(`${show}TH-TEN-02`, choices)).toBe('');
    // A free string is the model's.
    expect(forcedContinuation('{"tool":"search_products","arguments":{"query":"te', choices)).toBe(
      '',
    );
  });

  it('guesses nothing after the arguments', () => {
    const search = '{"tool":"search_products","arguments":{"query":"a } b"';
    expect(forcedContinuation(search, choices)).toBe('');
    expect(forcedContinuation(`${search}}`, choices)).toBe('');
    expect(forcedContinuation(`${search}}}`, choices)).toBe('');
  });

  it('guesses nothing in a reply, nested values, a name no choice has, or text of another shape', () => {
    expect(forcedContinuation('{"tool":"reply","say":"Hello', choices)).toBe('');
    expect(forcedContinuation('{"tool":"zz', choices)).toBe('');
    expect(forcedContinuation('{"tool":"zz","arguments":{', choices)).toBe('');
    expect(forcedContinuation('{"tool":"show","arguments":{"a":{"b', choices)).toBe('');
    expect(forcedContinuation('Hello', choices)).toBe('');
  });
});

describe('jsonClosed', () => {
  it('tells a whole object or string from one under way, braces inside strings aside', () => {
    expect(jsonClosed('"yes"')).toBe(true);
    expect(jsonClosed('"ye')).toBe(false);
    expect(jsonClosed('"a \\" b')).toBe(false);
    expect(jsonClosed('{"tool":"show","arguments":{}}')).toBe(true);
    expect(jsonClosed('{"tool":"search","arguments":{"query":"a } b"}}')).toBe(true);
    expect(jsonClosed('{"tool":"search","arguments":{"query":"a } b"}')).toBe(false);
    expect(jsonClosed('{"tool":"reply","say":"a \\"}\\" b')).toBe(false);
    expect(jsonClosed('Hello }')).toBe(false);
  });
});
