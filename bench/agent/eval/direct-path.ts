// The direct path: an rtc-node visitor publishes each utterance as a microphone track in real
// time (16 kHz PCM, no browser in between), answers the page's tool calls as the SDK does, and
// waits for the agent to listen again before the next utterance, so turns never overlap.
import { visit, type Visitor, type VisitSetup } from '@svc/agent/testing';
import type { Conversation } from './conversations.js';
import { turnOutcome, type ConversationRecord, type TurnRecord } from './records.js';
import { synthesize, type Voice } from './voices.js';

/** The demo scenario's page tools: the SDK answers each with `OK` and the handler's value. */
export const PAGE_TOOLS = [
  'search_products',
  'show_product',
  'compare_products',
  'add_to_cart',
  'remove_from_cart',
  'show_cart',
] as const;

/** The page methods of the visitor: the tools, and the activity check the SDK answers itself. */
export function pageMethods(): NonNullable<VisitSetup['pageMethods']> {
  const methods: NonNullable<VisitSetup['pageMethods']> = {
    svc__ui_activity_check: () => ({ active: true, visible: true, last_activity_at: Date.now() }),
  };
  for (const tool of PAGE_TOOLS) {
    methods[tool] = (request) => ({
      requestId: request.requestId,
      code: 'OK',
      data: { shown: true },
    });
  }
  return methods;
}

function agentState(visitor: Visitor): string | undefined {
  return [...visitor.room.remoteParticipants.values()]
    .map((participant) => participant.attributes['lk.agent.state'])
    .find(Boolean);
}

const ended = (visitor: Visitor) => visitor.received.some((entry) => entry.topic === 'session:end');

/**
 * Waits until the agent answered and listens again (quiet for 1.5 s: a tool turn speaks twice),
 * or until it is clear it heard nothing. Resolves with the time it took from `spokenUntil`.
 */
async function settled(visitor: Visitor, spokenUntil: number, received: number): Promise<number> {
  let listeningSince = 0;
  let busy = false;
  while (!ended(visitor)) {
    const now = Date.now();
    const state = agentState(visitor);
    const answered = visitor.loudAgentFrames.some((at) => at > spokenUntil);
    const heard = visitor.received
      .slice(received)
      .some((entry) => entry.topic === 'message:new' && entry.payload.role === 'user');
    busy ||= state === 'thinking' || state === 'speaking';
    // An agent that neither heard words nor moved 10 s after the speech will not answer; one that
    // heard them and did not start within 30 s will not either (a failed reply leaves it silent).
    if (!answered && !busy && now - spokenUntil > (heard ? 30_000 : 10_000)) break;
    if (now - spokenUntil > 120_000) break;
    const quiet = !visitor.loudAgentFrames.some((at) => at > now - 800);
    if ((answered || busy) && state === 'listening' && quiet) {
      listeningSince ||= now;
      if (now - listeningSince >= 1500) break;
    } else listeningSince = 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - spokenUntil;
}

/** What a direct-path conversation needs: the Transport, the API, the worker's log. */
export type DirectSetup = Omit<VisitSetup, 'speech' | 'pageMethods'>;

/** Speaks one conversation in one voice over an rtc-node microphone track. */
export async function runDirectConversation(
  setup: DirectSetup,
  voice: Voice,
  conversation: Conversation,
): Promise<ConversationRecord> {
  const turns: TurnRecord[] = [];
  const record: ConversationRecord = { conversation, voice, path: 'direct', turns };
  const { visitor } = await visit(
    {
      ...setup,
      speech: (text) => synthesize(voice, text, 16_000),
      pageMethods: pageMethods(),
    },
    'audio',
  );
  try {
    await visitor.acknowledge({}, 300_000);
    await visitor.next('message:new', (message) => message.role === 'assistant', 180_000);
    // The greeting is spoken before the visitor says anything.
    await visitor.heardAgentFinish(90_000).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { say } of conversation.turns) {
      if (ended(visitor)) {
        turns.push({ said: say, spoken: false, heard: [], actions: [], pageCalls: [] });
        continue;
      }
      const received = visitor.received.length;
      const calls = visitor.rpcCalls.length;
      const spokenUntil = await visitor.say(say);
      const settledMs = await settled(visitor, spokenUntil, received);
      const { messages, actions, pageCalls } = turnOutcome(visitor, received, calls);
      const firstAudio = visitor.loudAgentFrames.find((at) => at > spokenUntil);
      turns.push({
        said: say,
        spoken: true,
        heard: messages
          .filter((message) => message.role === 'user')
          .map((message) => String(message.content ?? '')),
        actions,
        pageCalls,
        ...(firstAudio === undefined ? {} : { responseMs: firstAudio - spokenUntil }),
        settledMs,
      });
    }
  } catch (error) {
    record.error = (error as Error).message.split('\n')[0] ?? String(error);
  } finally {
    if (!ended(visitor))
      await visitor.publish('session:control', { action: 'end' }).catch(() => undefined);
    await visitor.room.disconnect().catch(() => undefined);
  }
  return record;
}
