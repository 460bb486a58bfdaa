import type { ConversationMessage } from '@svc/protocol';
import type { Kysely } from 'kysely';
import type { Database } from './db/database.js';

// The tool calls of a conversation, one row each, kept beside its messages as they arrive: the
// dashboard counts tools and empty searches from these rows instead of parsing every stored
// message's JSON at read time.

/** What one stored message tells about tool calls. */
export interface ToolCallFacts {
  /** Calls an assistant message made: id, tool name, and the `query` argument when a string. */
  calls: { call_id: string; name: string; query: string | null }[];
  /** A tool message's answer: how many items a search found (null when it is not a search). */
  result?: { call_id: string; result_count: number | null };
}

/** Reads the tool calls, or the search result, a message carries. */
export function toolCallFacts(message: ConversationMessage): ToolCallFacts {
  const calls = (message.role === 'assistant' ? (message.tool_calls ?? []) : [])
    .filter((call) => typeof call.id === 'string' && typeof call.name === 'string')
    .map((call) => ({
      call_id: call.id,
      name: call.name,
      query: typeof call.arguments?.query === 'string' ? call.arguments.query : null,
    }));
  if (message.role !== 'tool' || typeof message.tool_call_id !== 'string') return { calls };
  return { calls, result: { call_id: message.tool_call_id, result_count: searchCount(message) } };
}

/** A search result's count (`{ result: { collection_id, count, items } }`); null for anything else. */
function searchCount(message: ConversationMessage): number | null {
  try {
    const output = JSON.parse(message.content) as { result?: Record<string, unknown> } | null;
    const result = output?.result;
    return result && result.collection_id != null && typeof result.count === 'number'
      ? result.count
      : null;
  } catch {
    // The agent's tool output is JSON; anything else is no search result.
    return null;
  }
}

/**
 * Records a message's tool calls and search results. Either may arrive first (they are upserts
 * into one row per call), and a message stored twice changes nothing.
 */
export async function recordToolCalls(
  db: Kysely<Database>,
  conversationId: string,
  message: ConversationMessage,
): Promise<void> {
  const facts = toolCallFacts(message);
  for (const call of facts.calls) {
    await db
      .insertInto('tool_calls')
      .values({ conversation_id: conversationId, ...call, result_count: null })
      .onConflict((conflict) =>
        conflict.columns(['conversation_id', 'call_id']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          query: eb.ref('excluded.query'),
        })),
      )
      .execute();
  }
  if (facts.result?.result_count === null || !facts.result) return;
  await db
    .insertInto('tool_calls')
    .values({ conversation_id: conversationId, ...facts.result, name: null, query: null })
    .onConflict((conflict) =>
      conflict
        .columns(['conversation_id', 'call_id'])
        .doUpdateSet((eb) => ({ result_count: eb.ref('excluded.result_count') })),
    )
    .execute();
}
