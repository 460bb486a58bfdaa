import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../chat-entries.js';
import { conversationContext, toolResultOf } from './context.js';

const TENTS = [
  { item_id: 'tent-1', data: { name: 'Ridge Tent', price: 180 } },
  { item_id: 'tent-2', data: { name: 'Dome Tent', price: 120 } },
];

/** A search call and its output, as the conversation's history holds them. */
function searched(output: string): ChatEntry[] {
  return [
    { type: 'function_call', callId: 'call_1', name: 'search_products', args: '{"q":"tent"}' },
    {
      type: 'function_call_output',
      callId: 'call_1',
      name: 'search_products',
      output,
      isError: false,
    },
  ];
}

const shownOf = (output: string) =>
  conversationContext(searched(output), () => 'search').shown.map((item) => item.id);

describe('tool results in the conversation context', () => {
  it('reads a search result through the ToolResult envelope', () => {
    expect(shownOf(JSON.stringify({ ok: true, result: { items: TENTS } }))).toEqual([
      'tent-1',
      'tent-2',
    ]);
  });

  it('takes nothing from an output that is not the envelope, or from a refusal', () => {
    // A bare list without `ok` once counted as shown; only the envelope says a call succeeded.
    expect(shownOf(JSON.stringify({ items: TENTS }))).toEqual([]);
    expect(
      shownOf(JSON.stringify({ ok: false, error: 'search failed', result: { items: TENTS } })),
    ).toEqual([]);
    expect(shownOf('not json')).toEqual([]);
    expect(toolResultOf(JSON.stringify({ ok: 'yes' }))).toBeUndefined();
  });
});
