import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './json-schema.js';
import {
  decidedTool,
  onlyCompletion,
  CATALOGUE_KEY,
  compactToolOutput,
  decisionSchema,
  DecisionReader,
  findItemIds,
  parseDecision,
  protocolInstructions,
  toGrammarSchema,
  withoutModelHints,
} from './tool-protocol.js';

const addToCart: JsonSchema = {
  type: 'object',
  properties: {
    item_id: { type: 'string', description: 'The id of a product.' },
    quantity: { type: 'integer', minimum: 1 },
  },
  required: ['item_id'],
};

describe('toGrammarSchema', () => {
  it('lists the required properties; optional ones may follow, only with values of theirs', () => {
    const schema = toGrammarSchema(addToCart);
    expect(schema.required).toEqual(['item_id']);
    const properties = schema.properties as Record<string, JsonSchema>;
    expect(Object.keys(properties)).toEqual(['item_id']);
    expect(properties.item_id).toMatchObject({ type: 'string', maxLength: 80 });
    expect(schema.additionalProperties).toEqual({ type: 'integer' });
    expect(schema.maxProperties).toBe(2);
    const search = toGrammarSchema({
      type: 'object',
      properties: {
        query: { type: 'string' },
        category: { type: 'string', enum: ['tents', 'packs'] },
        color: { type: 'string', enum: ['black', 'red'] },
        max_price: { type: 'number', description: 'Highest price.' },
        min_price: { type: 'number', description: 'Lowest price.' },
      },
      required: ['query'],
    });
    expect(search.additionalProperties).toEqual({
      oneOf: [{ enum: ['tents', 'packs'] }, { enum: ['black', 'red'] }, { type: 'number' }],
    });
    expect(search.maxProperties).toBe(5);
    expect(
      toGrammarSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }),
    ).toMatchObject({ additionalProperties: false });
  });

  it('limits ids to the ones the conversation has shown', () => {
    const schema = toGrammarSchema(
      {
        type: 'object',
        properties: {
          item_ids: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 3 },
        },
        required: ['item_ids'],
      },
      { knownIds: ['a-1', 'b-2'] },
    );
    expect((schema.properties as Record<string, JsonSchema>).item_ids).toEqual({
      type: 'array',
      items: { enum: ['a-1', 'b-2'] },
      minItems: 2,
      maxItems: 3,
    });
  });

  it('turns small integer ranges into enums and type unions into oneOf', () => {
    expect(toGrammarSchema({ type: 'integer', minimum: 1, maximum: 3 })).toEqual({
      enum: [1, 2, 3],
    });
    expect(toGrammarSchema({ type: ['string', 'null'] })).toEqual({
      oneOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }],
    });
  });
});

describe('decisionSchema and protocolInstructions', () => {
  const tool = {
    name: 'add_to_cart',
    description: 'Put a product in the cart.',
    parameters: addToCart,
  };

  it('offers the tools and, when allowed, a reply or saying it is not known', () => {
    const schema = decisionSchema([tool], true);
    const alternatives = schema.oneOf as JsonSchema[];
    expect(alternatives.map((alt) => (alt.properties as Record<string, unknown>).tool)).toEqual([
      { const: 'add_to_cart' },
      { const: 'reply' },
      { const: 'not_known' },
    ]);
    expect(decisionSchema([tool], false).properties).toBeDefined();
  });

  it('tells the model to say it does not know what the instructions and results do not hold', () => {
    const text = protocolInstructions([tool]);
    expect(text).toContain('{"tool": "not_known", "say":');
    expect(text).toMatch(
      /asks about the business something these instructions and the tool results do not say/,
    );
  });

  it('describes each tool by signature', () => {
    expect(protocolInstructions([tool])).toContain(
      '- add_to_cart(item_id: string, quantity?: integer): Put a product in the cart.',
    );
  });
});

describe('DecisionReader', () => {
  it('streams the reply out of the say string, escapes split across chunks', () => {
    const reader = new DecisionReader();
    const chunks = ['{"to', 'ol":"reply","sa', 'y":"Hi', ' \\', '"there\\', 'u0021', '\\n"}'];
    const out = chunks.map((chunk) => reader.push(chunk)).join('');
    expect(reader.tool).toBe('reply');
    expect(out).toBe('Hi "there!\n');
  });

  it('streams the words of a not_known answer as it streams a reply', () => {
    const reader = new DecisionReader();
    const out = ['{"tool":"not_kn', 'own","say":"I do', "n't know that."].map((chunk) =>
      reader.push(chunk),
    );
    expect(reader.tool).toBe('not_known');
    expect(out.join('')).toBe("I don't know that.");
  });

  it('tells the tool as soon as its name is complete and streams nothing', () => {
    const reader = new DecisionReader();
    expect(reader.push('{"tool":"show_c')).toBe('');
    expect(reader.tool).toBeUndefined();
    expect(reader.push('art","arguments":{}}')).toBe('');
    expect(reader.tool).toBe('show_cart');
  });
});

describe('onlyCompletion and decidedTool', () => {
  it('names the one option a prefix can still become, and none while two remain', () => {
    expect(onlyCompletion('y', ['yes', 'no', 'chat'])).toBe('yes');
    expect(onlyCompletion('c', ['yes', 'no', 'chat'])).toBe('chat');
    expect(onlyCompletion('', ['yes', 'no', 'chat'])).toBeUndefined();
    expect(onlyCompletion('re', ['reply', 'remove_item'])).toBeUndefined();
    expect(onlyCompletion('x', ['reply', 'remove_item'])).toBeUndefined();
  });

  it("tells a reply from the tools once the name begun is no other's start", () => {
    const names = ['remove_item', 'search_products', 'reply', 'not_known'];
    expect(decidedTool('{"', names)).toBeUndefined();
    expect(decidedTool('{"tool":"', names)).toBeUndefined();
    expect(decidedTool('{"tool":"re', names)).toBeUndefined();
    expect(decidedTool('{"tool":"rep', names)).toBe('reply');
    expect(decidedTool('{"tool":"s', names)).toBe('search_products');
    expect(decidedTool('{"tool":"reply","', names)).toBe('reply');
    // A name written whole is that name, even when another one starts with it.
    expect(decidedTool('{"tool":"reply"', ['reply', 'reply_all'])).toBe('reply');
    expect(decidedTool('{"tool":"reply', ['reply', 'reply_all'])).toBeUndefined();
    expect(decidedTool('{"tool":"other"', names)).toBeUndefined();
  });
});

describe('parseDecision and findItemIds', () => {
  it('parses complete turns only', () => {
    expect(parseDecision('{"tool":"reply","say":"Hello"}')).toEqual({
      kind: 'reply',
      text: 'Hello',
    });
    expect(parseDecision('{"tool":"not_known","say":"I do not know."}')).toEqual({
      kind: 'reply',
      text: 'I do not know.',
      notKnown: true,
    });
    expect(parseDecision('{"tool":"show_cart","arguments":{}}')).toEqual({
      kind: 'tool',
      name: 'show_cart',
      arguments: {},
    });
    expect(parseDecision('{"tool":"reply","say":"Hel')).toBeUndefined();
  });

  it('finds ids in tool results, newest first', () => {
    expect(
      findItemIds([
        '{"items":[{"id":"a-1"},{"id":"b-2"}]}',
        '{"cart":[{"item_id":"c-3"},{"id":"a-1"}]}',
      ]),
    ).toEqual(['c-3', 'a-1', 'b-2']);
  });
});

describe('withoutModelHints', () => {
  it('leaves out the keys only the model reads, and nothing else', () => {
    const result = { ok: true, result: { items: [{ id: 'a', reply_fields: 'kept inside' }] } };
    const output = JSON.stringify({ ...result, reply_fields: ['name'], catalogue_items: true });
    expect(JSON.parse(withoutModelHints(output))).toEqual(result);
    expect(withoutModelHints('{"ok": true}')).toBe('{"ok": true}');
    expect(withoutModelHints('plain text')).toBe('plain text');
  });
});

describe('compactToolOutput', () => {
  it('shortens long strings of JSON results and cuts the rest', () => {
    const output = JSON.stringify({ items: [{ id: 'a-1', description: 'x'.repeat(200) }] });
    const compact = compactToolOutput(output, 1000);
    expect(compact).toContain('"id":"a-1"');
    expect(compact.length).toBeLessThan(130);
    expect(compactToolOutput('plain text result', 5)).toBe('plain…');
  });

  it('shows the strings of a result that asks to be read whole, within the output limit', () => {
    const text = `The clinic is open Monday to Friday from 8:00 to 18:30 ${'and more '.repeat(20)}`;
    const output = JSON.stringify({
      ok: true,
      result: { passages: [{ document: 'Opening hours', text }] },
      read_whole: true,
    });
    expect(JSON.parse(compactToolOutput(output, 1000))).toEqual({
      ok: true,
      result: { passages: [{ document: 'Opening hours', text }] },
    });
    expect(compactToolOutput(output, 100)).toHaveLength(101);
  });

  it('shows the items of a list by id and the fields a reply needs, when the result names them', () => {
    const item = (id: string, price: number) => ({
      id,
      name: `Tent ${id}`,
      price,
      weight_g: 1200,
      category: 'tents',
      description: 'A tent for two.',
    });
    const output = JSON.stringify({
      ok: true,
      result: { count: 2, items: [item('t-1', 99), item('t-2', 120)] },
      reply_fields: ['name', 'price'],
    });
    expect(JSON.parse(compactToolOutput(output, 1000))).toEqual({
      ok: true,
      result: {
        count: 2,
        items: [
          { id: 't-1', name: 'Tent t-1', price: 99 },
          { id: 't-2', name: 'Tent t-2', price: 120 },
        ],
      },
    });
  });
  it("shows a cart's lines by their count and the fields a reply needs of their items, without timestamps", () => {
    const line = (id: string, quantity: number) => ({
      collection_id: 1,
      item_id: id,
      quantity,
      added_at: '2026-12-02T11:58:03.123Z',
      data: { name: `Tent ${id}`, price: 99, weight_g: 1200, rating: 4.8, in_stock: true },
    });
    const output = JSON.stringify({
      ok: true,
      result: {
        name: 'cart',
        items: [line('t-1', 1), line('t-2', 2)],
        total_quantity: 3,
        updated_at: '2026-12-02T11:58:03.123Z',
      },
      reply_fields: ['name', 'price', 'quantity'],
      [CATALOGUE_KEY]: true,
    });
    expect(JSON.parse(compactToolOutput(output, 1000))).toEqual({
      ok: true,
      result: {
        name: 'cart',
        items: [
          { item_id: 't-1', quantity: 1, data: { name: 'Tent t-1', price: 99 } },
          { item_id: 't-2', quantity: 2, data: { name: 'Tent t-2', price: 99 } },
        ],
        total_quantity: 3,
      },
    });
    // Not a catalogue's (a webhook's answer): its timestamps are what it says.
    const booking = JSON.stringify({ id: 'b-1', at: '2026-12-04T10:00:00Z' });
    expect(JSON.parse(compactToolOutput(booking, 1000))).toEqual(JSON.parse(booking));
  });

  it("shows a catalogue's item of a list of several by what tells it apart, and a lone item whole", () => {
    const description =
      'The North Peak solo tent in grey, made for quick pitching and a dry night in wind and rain.';
    const tent = {
      id: 'TH-TEN-001',
      name: 'North Peak Solo Tent',
      brand: 'North Peak',
      category: 'tents',
      color: 'grey',
      price: 510.99,
      waterproof: true,
      description,
    };
    const catalogue = (result: unknown) =>
      JSON.parse(compactToolOutput(JSON.stringify({ result, [CATALOGUE_KEY]: true }), 1000)) as {
        result: unknown;
      };
    // A list of several is a table: its fields named once, a row per item, and what every item
    // has alike read once.
    const other = { ...tent, id: 'TH-TEN-002', name: 'Summit Solo Tent', brand: 'Summit' };
    expect(catalogue({ items: [tent, { ...other, color: 'red', price: 99 }] })).toEqual({
      result: {
        items: {
          alike: { category: 'tents' },
          columns: ['id', 'name', 'color', 'price', 'waterproof'],
          rows: [
            ['TH-TEN-001', 'North Peak Solo Tent', 'grey', 510.99, true],
            ['TH-TEN-002', 'Summit Solo Tent', 'red', 99, true],
          ],
        },
      },
    });
    // Shown alone, an item keeps its description, shortened; its brand is in its name. A card's
    // title that is the name is said once.
    const lone = catalogue({ view: { title: tent.name, body: description }, ...tent })
      .result as Record<string, unknown>;
    expect(lone).toEqual({
      view: { title: tent.name, body: `${description.slice(0, 79)}…` },
      id: 'TH-TEN-001',
      category: 'tents',
      color: 'grey',
      price: 510.99,
      waterproof: true,
    });
    // A short sentence holding the name is left out, not the name; so is it in a compared
    // item's nested data.
    const buds = {
      id: 'VH-HEA-03',
      name: 'Northbyte Buds',
      brand: 'Northbyte',
      price: 59,
      description: 'The Northbyte Buds by Northbyte, in blue. Up to 5 hours on a charge.',
    };
    expect(catalogue([buds, buds]).result).toEqual({
      alike: { name: 'Northbyte Buds' },
      columns: ['id', 'price'],
      rows: [
        ['VH-HEA-03', 59],
        ['VH-HEA-03', 59],
      ],
    });
    const { id, ...data } = buds;
    expect(
      catalogue({
        items: [
          { id, data },
          { id: 'VH-HEA-04', data },
        ],
      }).result,
    ).toEqual({
      items: [
        { id, data: { name: 'Northbyte Buds', price: 59 } },
        { id: 'VH-HEA-04', data: { price: 59 } },
      ],
    });
    // Two equal strings: the first stays.
    const twins = [
      { id: 'a', name: 'Lamp', kind: 'lamp' },
      { id: 'b', name: 'Torch', kind: 'torch' },
    ];
    expect(catalogue(twins).result).toEqual({
      columns: ['id', 'name'],
      rows: [
        ['a', 'Lamp'],
        ['b', 'Torch'],
      ],
    });
    // An item without a field another has: null in its row.
    expect(
      catalogue([
        { id: 'a', price: 5 },
        { id: 'b', rating: 4 },
      ]).result,
    ).toEqual({
      columns: ['id', 'price', 'rating'],
      rows: [
        ['a', 5, null],
        ['b', null, 4],
      ],
    });
    // Another tool's list (a webhook's answer) keeps its strings, shortened.
    const orders = JSON.stringify([
      { id: 'o-1', status: 'Shipped on 3 November, arriving on Friday by courier.' },
      { id: 'o-2', status: 'Waiting for the payment.' },
    ]);
    expect(JSON.parse(compactToolOutput(orders, 1000))).toEqual(JSON.parse(orders));
  });
});
