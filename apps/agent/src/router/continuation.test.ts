import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../chat-entries.js';
import type { Operation } from '../tools.js';
import { CONTINUATION_GAP_MS, turnWords } from './continuation.js';

const OPERATIONS: Record<string, Operation> = {
  search_products: 'search',
  show_product: 'display',
  add_to_cart: 'cart_add',
  end_conversation: 'end',
};
const operationOf = (name: string) => OPERATIONS[name];

/** A spoken visitor turn said from `from` to `to` ms. */
const said = (text: string, from: number, to: number): ChatEntry => ({
  type: 'message',
  role: 'user',
  text,
  spoken: { from, to },
});
const typed = (text: string): ChatEntry => ({ type: 'message', role: 'user', text });
const agent = (text: string): ChatEntry => ({ type: 'message', role: 'assistant', text });
const call = (name: string, id: string): ChatEntry[] => [
  { type: 'function_call', callId: id, name, args: '{}' },
  { type: 'function_call_output', callId: id, name, output: '{}', isError: false },
];

describe('turnWords', () => {
  it('reads a turn that goes on after a pause together with the one before it', () => {
    const entries = [
      said('Looking for a rain jacket.', 1_000, 2_400),
      ...call('search_products', 'a'),
      agent('I found 5 matches.'),
      said('preferably a green one', 3_300, 4_500),
    ];
    expect(turnWords(entries, operationOf)).toBe(
      'Looking for a rain jacket. preferably a green one',
    );
  });

  it('reads a turn said after the pause a request may hold on its own', () => {
    const entries = [
      said('Looking for a rain jacket.', 1_000, 2_400),
      ...call('search_products', 'a'),
      agent('I found 5 matches.'),
      said('preferably a green one', 2_400 + CONTINUATION_GAP_MS + 1, 5_500),
    ];
    expect(turnWords(entries, operationOf)).toBe('preferably a green one');
  });

  it('never reads again a first half that changed something', () => {
    const entries = [
      said('Put the stove in my basket.', 1_000, 2_400),
      ...call('add_to_cart', 'a'),
      said('and a gas canister', 3_000, 4_000),
    ];
    expect(turnWords(entries, operationOf)).toBe('and a gas canister');
    const unknownTool = [
      said('Book me in for Tuesday.', 1_000, 2_400),
      ...call('book_slot', 'b'),
      said('at ten', 3_000, 3_600),
    ];
    expect(turnWords(unknownTool, operationOf)).toBe('at ten');
  });

  it('reads typed turns, and turns without timings, one by one', () => {
    expect(
      turnWords([typed('Looking for a rain jacket.'), typed('a green one')], operationOf),
    ).toBe('a green one');
    expect(
      turnWords(
        [typed('Looking for a rain jacket.'), said('a green one', 3_000, 4_000)],
        operationOf,
      ),
    ).toBe('a green one');
  });

  it('reads the last turn alone when it is not the visitor speaking after their own turn', () => {
    expect(turnWords([said('hello', 1_000, 1_500)], operationOf)).toBe('hello');
    expect(turnWords([said('hello', 1_000, 1_500), agent('Hi!')], operationOf)).toBe('');
  });
});
