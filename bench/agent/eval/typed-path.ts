// The typed paths: the same conversations sent as `rt.chat` text, so the router and the LLM are
// judged apart from the ears. `typed` sends what the visitor said; `replay` sends what the agent
// heard in a saved spoken run (EVAL_REPLAY), so a change to the router can be judged on real
// mishearings in seconds instead of a spoken run's hour.
import { visit } from '@svc/agent/testing';
import type { Conversation } from './conversations.js';
import { pageMethods, type DirectSetup } from './direct-path.js';
import { turnOutcome, type ConversationRecord, type PathName, type TurnRecord } from './records.js';
import { spokenWords, type Voice } from './voices.js';

const ended = (received: { topic: string }[]) =>
  received.some((entry) => entry.topic === 'session:end');

/**
 * Types one conversation: each turn's text (`texts[i]`, or what was said), then waits until the
 * agent answered and no message came for a second (a tool turn sends several).
 */
export async function runTypedConversation(
  setup: DirectSetup,
  voice: Voice,
  conversation: Conversation,
  path: Extract<PathName, 'typed' | 'replay'>,
  texts?: readonly (string | undefined)[],
): Promise<ConversationRecord> {
  const turns: TurnRecord[] = [];
  const record: ConversationRecord = { conversation, voice, path, turns };
  const { visitor } = await visit({ ...setup, pageMethods: pageMethods() }, 'text');
  try {
    await visitor.acknowledge({}, 300_000);
    await visitor.next('message:new', (message) => message.role === 'assistant', 180_000);
    for (const [index, { say }] of conversation.turns.entries()) {
      const text = texts ? (texts[index] ?? '') : spokenWords(say);
      if (ended(visitor.received) || (texts && texts[index] === undefined)) {
        turns.push({ said: say, spoken: false, heard: [], actions: [], pageCalls: [] });
        continue;
      }
      const received = visitor.received.length;
      const calls = visitor.rpcCalls.length;
      const sent = Date.now();
      if (text.trim()) await visitor.publish('rt.chat', { message: text });
      // Answered (an assistant message with words), then a second without any new message.
      const fresh = () =>
        visitor.received.slice(received).filter((entry) => entry.topic === 'message:new');
      let seen = 0;
      let lastAt = sent;
      let answeredAt = 0;
      while (!ended(visitor.received) && Date.now() - sent < 90_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const now = Date.now();
        const messages = fresh();
        if (messages.length !== seen) [seen, lastAt] = [messages.length, now];
        if (
          !answeredAt &&
          messages.some((m) => m.payload.role === 'assistant' && m.payload.content)
        )
          answeredAt = now;
        if (answeredAt && now - lastAt >= 1000) break;
        if (!text.trim() && now - sent > 1500) break;
      }
      const { actions, pageCalls } = turnOutcome(visitor, received, calls);
      turns.push({
        said: say,
        spoken: true,
        heard: text.trim() ? [text] : [],
        actions,
        pageCalls,
        ...(answeredAt ? { responseMs: answeredAt - sent } : {}),
      });
    }
  } catch (error) {
    record.error = (error as Error).message.split('\n')[0] ?? String(error);
  } finally {
    if (!ended(visitor.received))
      await visitor.publish('session:control', { action: 'end' }).catch(() => undefined);
    await visitor.room.disconnect().catch(() => undefined);
  }
  return record;
}
