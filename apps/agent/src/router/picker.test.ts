// The pick of the page's item by the model: what it is shown of the items, and what comes of its
// answer (the model is a stand-in here; the whole turn runs on the demo shop in router.test.ts).
import { describe, expect, it } from 'vitest';
import type { JsonAnswering, JsonQuestion } from '../post-call-analysis.js';
import type { ConversationContext, SeenItem } from './context.js';
import { pickItem, pickPage, pickPool, pickSchema } from './picker.js';

/** A model that answers the questions in turn with `answers`, and keeps them. */
function answering(...answers: Array<string | (() => Promise<string>)>): JsonAnswering & {
  asked: JsonQuestion[];
} {
  const asked: JsonQuestion[] = [];
  return {
    asked,
    answerJson: async (question) => {
      const answer = answers[asked.length] ?? '{}';
      asked.push(question);
      return typeof answer === 'string' ? answer : answer();
    },
  };
}

const phones: SeenItem[] = [
  {
    id: 'p1',
    name: 'Zenfold X',
    fields: {
      category: 'phones',
      price: 899,
      battery_hours: 22,
      waterproof: true,
      image_url: 'https://example.com/p1.jpg',
      description: 'A folding phone with a large screen, a long battery and a careful hinge.',
    },
  },
  {
    id: 'p2',
    name: 'Brightline 5',
    fields: { category: 'phones', price: 349, battery_hours: 31, waterproof: false },
  },
  {
    id: 'p3',
    name: 'Kora Mini',
    fields: { category: 'phones', price: 299, battery_hours: 22, waterproof: true },
  },
];

const nothing: ConversationContext = { shown: [], compared: [], focus: undefined, cart: undefined };

describe("the model's pick of the page's item", () => {
  it('shows each item by its name and the values that tell the items apart', () => {
    const page = pickPage(phones);
    // The kind every item shares, the picture's address and a description are not on the lines.
    expect(page.lines).toEqual([
      '1. Zenfold X (price: 899, battery hours: 22, waterproof: yes)',
      '2. Brightline 5 (price: 349, battery hours: 31, waterproof: no)',
      '3. Kora Mini (price: 299, battery hours: 22, waterproof: yes)',
    ]);
    expect([...page.numbers]).toEqual([
      ['price', 'price'],
      ['battery hours', 'battery_hours'],
    ]);
    expect(pickSchema(page)).toEqual({
      type: 'object',
      properties: { item: { enum: ['1', '2', '3', 'most', 'least', 'none'] } },
      required: ['item'],
    });
  });

  it("takes the item of the number the model answers, the visitor's words quoted", async () => {
    const model = answering('{"item":"2"}');
    expect((await pickItem(model, 'the Brightline one', phones))?.id).toBe('p2');
    expect(model.asked[0]?.prompt.split('\n').at(-1)).toBe('Visitor: "the Brightline one"');
    for (const answer of ['{"item":"none"}', '{"item":"7"}', '{"item":"0"}', 'not json', 'null'])
      expect(await pickItem(answering(answer), 'hm', phones), answer).toBe(undefined);
  });

  it('compares the numbers itself when the model names the most or the least of a value', async () => {
    const longest = answering('{"item":"most"}', '{"field":"battery hours"}');
    expect((await pickItem(longest, 'the one that lasts longest', phones))?.id).toBe('p2');
    // The second question names the values the lines show, and what the model answered first.
    expect(longest.asked[1]?.schema).toEqual({
      type: 'object',
      properties: { field: { enum: ['price', 'battery hours'] } },
      required: ['field'],
    });
    expect(longest.asked[1]?.prompt.endsWith('\nitem: most')).toBe(true);
    const cheapest = answering('{"item":"least"}', '{"field":"price"}');
    expect((await pickItem(cheapest, 'the one that costs the least', phones))?.id).toBe('p3');
    // Two items share the least battery: no one item is meant.
    const tie = answering('{"item":"least"}', '{"field":"battery hours"}');
    expect(await pickItem(tie, 'the one with the shortest battery', phones)).toBe(undefined);
    const unknown = answering('{"item":"most"}', '{"field":"weight"}');
    expect(await pickItem(unknown, 'the heaviest', phones)).toBe(undefined);
  });

  it('gives up on a model that fails or is slower than allowed', async () => {
    const failing = answering(() => Promise.reject(new Error('no sequence')));
    expect(await pickItem(failing, 'that one', phones)).toBe(undefined);
    const slow = answering(() => new Promise(() => undefined));
    const started = performance.now();
    expect(await pickItem(slow, 'that one', phones, undefined, 50)).toBe(undefined);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await pickItem(answering('{"item":"1"}'), 'that one', [])).toBe(undefined);
  });

  it('picks among what the request can mean: the list or the comparison, the cart for a removal', () => {
    const listed = { ...nothing, shown: phones, last: 'search' as const };
    expect(pickPool('display', listed)).toBe(phones);
    expect(pickPool('cart_add', listed)).toBe(phones);
    const compared = { ...listed, compared: phones.slice(0, 2), last: 'compare' as const };
    expect(pickPool('display', compared)).toEqual(phones.slice(0, 2));
    expect(pickPool('cart_remove', { ...listed, cart: [phones[2]!] })).toEqual([phones[2]]);
    expect(pickPool('cart_remove', listed)).toEqual([]);
    expect(pickPool('search', listed)).toEqual([]);
  });
});
