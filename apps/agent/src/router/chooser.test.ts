// The choice of a request by the model: what it is offered, what it is told of the page, and what
// comes of its answer (the model is a stand-in here; the slot readers are tested on the demo shop
// in router.test.ts).
import { describe, expect, it } from 'vitest';
import type { JsonAnswering, JsonQuestion } from '../post-call-analysis.js';
import type { RouterCatalog, RoutedTool } from './catalog.js';
import { choiceQuestion, choosableOperations, chooseOperation, pageState } from './chooser.js';
import type { ConversationContext, SeenItem } from './context.js';

const item = (id: string): SeenItem => ({ id, name: `Item ${id}`, fields: {} });
const nothing: ConversationContext = { shown: [], compared: [], focus: undefined, cart: undefined };

/** A model that answers every question with `answer`, and keeps the questions. */
function answering(answer: string | (() => Promise<string>)): JsonAnswering & {
  asked: JsonQuestion[];
} {
  const asked: JsonQuestion[] = [];
  return {
    asked,
    answerJson: async (question) => {
      asked.push(question);
      return typeof answer === 'string' ? answer : answer();
    },
  };
}

const catalogOf = (...operations: RoutedTool['operation'][]): RouterCatalog =>
  ({
    tools: operations.map((operation) => ({ name: operation, operation, collection: undefined })),
  }) as unknown as RouterCatalog;

describe('the choice of a request by the model', () => {
  it("offers the scenario's routed requests that a feature reads, and never the end", () => {
    const shop = catalogOf('search', 'display', 'cart_add', 'cart_list', 'end');
    expect(choosableOperations(shop)).toEqual(['search', 'display', 'cart_add', 'cart_list']);
    // A receptionist that only ends calls has nothing to choose among.
    expect(choosableOperations(catalogOf('end'))).toEqual([]);
    const { instructions, schema } = choiceQuestion(['search', 'cart_add']);
    expect(schema).toEqual({
      type: 'object',
      properties: { action: { enum: ['search', 'add', 'talk'] } },
      required: ['action'],
    });
    expect(instructions).toContain('add: put an item into the cart');
    expect(instructions).not.toContain('compare:');
  });

  it('tells the model what the page shows', () => {
    expect(pageState(nothing)).toBe('Nothing is on the page yet.');
    const listed = {
      ...nothing,
      shown: [item('a'), item('b'), item('c')],
      last: 'search' as const,
    };
    expect(pageState(listed)).toBe('A list of 3 items is on the page.');
    expect(pageState({ ...listed, focus: item('b'), last: 'display' })).toBe(
      'One item is on the page.',
    );
    expect(pageState({ ...listed, cart: [item('a')], last: 'cart_add' })).toBe(
      'The cart is on the page, with 1 items.',
    );
    expect(pageState({ ...listed, compared: [item('a'), item('b')], last: 'compare' })).toBe(
      'A comparison of 2 items is on the page.',
    );
  });

  it("reads the model's answer as one of the offered requests, and nothing else", async () => {
    const operations = ['search', 'cart_add'] as const;
    const model = answering('{"action":"add"}');
    expect(await chooseOperation(model, 'that one, please', nothing, operations)).toBe('cart_add');
    // The words are quoted in the prompt, after what the page shows.
    expect(model.asked[0]?.prompt).toBe('Nothing is on the page yet.\nVisitor: "that one, please"');
    for (const answer of ['{"action":"talk"}', '{"action":"remove"}', 'not json', '{}', 'null'])
      expect(await chooseOperation(answering(answer), 'hm', nothing, operations), answer).toBe(
        undefined,
      );
    // None offered: the model is not asked.
    const idle = answering('{"action":"add"}');
    expect(await chooseOperation(idle, 'that one', nothing, [])).toBe(undefined);
    expect(idle.asked).toEqual([]);
  });

  it('gives up on a model that fails or is slower than allowed', async () => {
    const failing = answering(() => Promise.reject(new Error('no sequence')));
    expect(await chooseOperation(failing, 'that one', nothing, ['cart_add'])).toBe(undefined);
    const slow = answering(() => new Promise(() => undefined));
    const started = performance.now();
    expect(await chooseOperation(slow, 'that one', nothing, ['cart_add'], undefined, 50)).toBe(
      undefined,
    );
    expect(performance.now() - started).toBeLessThan(2000);
    const aborted = new AbortController();
    aborted.abort();
    expect(await chooseOperation(slow, 'that one', nothing, ['cart_add'], aborted.signal)).toBe(
      undefined,
    );
  });
});
