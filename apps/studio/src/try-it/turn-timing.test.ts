import type { ConversationMessage } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import { TurnTimer } from './turn-timing';

const message = (role: ConversationMessage['role'], content: string, tools: string[] = []) => ({
  id: `${role}-${content}`,
  role,
  content,
  timestamp: '2026-11-24T00:00:00Z',
  ...(tools.length ? { tool_calls: tools.map((name) => ({ id: name, name, arguments: {} })) } : {}),
});

describe('TurnTimer', () => {
  it("times a typed turn from the send to the agent's first answer, and gathers its tools", () => {
    const timer = new TurnTimer();
    // The greeting comes before anything was sent: no turn to time.
    timer.received(message('assistant', 'Hi!'), 5);
    expect(timer.turns).toEqual([]);
    timer.sent('tents?', 100);
    // The visitor's own message and the tool results are not the agent's answer.
    timer.received(message('user', 'tents?'), 120);
    timer.received(message('tool', '{"ok":true}'), 130);
    timer.received(message('assistant', '', ['search_products']), 250);
    timer.received(message('assistant', 'Here they are.'), 400);
    timer.sent('hello', 1000);
    expect(timer.turns).toEqual([
      { text: 'tents?', sentAt: 100, answeredAt: 250, tools: ['search_products'] },
      { text: 'hello', sentAt: 1000, tools: [] },
    ]);
  });

  it('gives a new list on each change, so React sees it', () => {
    const timer = new TurnTimer();
    const before = timer.turns;
    timer.sent('x', 1);
    expect(timer.turns).not.toBe(before);
  });
});
