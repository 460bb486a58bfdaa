// A chat context as plain data: what the router reads, and what crosses to the shared model
// host (a framework ChatContext holds class instances that do not survive JSON).
import { llm } from '@livekit/agents';

/** When a spoken message was said, ms since the epoch (the framework's speech timings). */
export interface SpokenSpan {
  from: number;
  to: number;
}

/** One entry of a chat context. */
export type ChatEntry =
  | { type: 'message'; role: llm.ChatRole; text: string; spoken?: SpokenSpan }
  | { type: 'function_call'; callId: string; name: string; args: string }
  | {
      type: 'function_call_output';
      callId: string;
      name: string;
      output: string;
      isError: boolean;
    };

/** The entries of a chat context (handoffs and config updates carry nothing a model reads). */
export function chatEntries(chatCtx: llm.ChatContext): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (const item of chatCtx.items) {
    if (item.type === 'message') {
      const spoken = spokenSpan(item);
      entries.push({
        type: 'message',
        role: item.role,
        text: item.textContent ?? '',
        ...(spoken ? { spoken } : {}),
      });
    } else if (item.type === 'function_call') {
      entries.push({
        type: 'function_call',
        callId: item.callId,
        name: item.name,
        args: item.args,
      });
    } else if (item.type === 'function_call_output') {
      entries.push({
        type: 'function_call_output',
        callId: item.callId,
        name: item.name,
        output: item.output,
        isError: item.isError,
      });
    }
  }
  return entries;
}

/** When the visitor said a message, from the framework's timings (seconds) of a spoken turn. */
function spokenSpan(message: llm.ChatMessage): SpokenSpan | undefined {
  if (message.role !== 'user') return undefined;
  const { startedSpeakingAt, stoppedSpeakingAt } = message.metrics ?? {};
  if (startedSpeakingAt === undefined || stoppedSpeakingAt === undefined) return undefined;
  return { from: startedSpeakingAt * 1000, to: stoppedSpeakingAt * 1000 };
}

/** A chat context rebuilt from its entries, in their order. */
export function chatContextOf(entries: readonly ChatEntry[]): llm.ChatContext {
  // Timestamps one millisecond apart keep the order the entries came in.
  const base = Date.now() - entries.length;
  const items = entries.map((entry, index): llm.ChatItem => {
    const createdAt = base + index;
    switch (entry.type) {
      case 'message':
        return llm.ChatMessage.create({ role: entry.role, content: entry.text, createdAt });
      case 'function_call':
        return llm.FunctionCall.create({ ...entry, createdAt });
      case 'function_call_output':
        return llm.FunctionCallOutput.create({ ...entry, createdAt });
    }
  });
  return new llm.ChatContext(items);
}
