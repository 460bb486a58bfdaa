// What one spoken conversation of the evaluation recorded, on either path, before it is scored.
import type { Visitor } from '@svc/agent/testing';
import type { Conversation } from './conversations.js';
import type { Action } from './expectations.js';
import type { Voice } from './voices.js';

/** The ways speech reaches the agent. */
export type PathName = 'direct' | 'browser' | 'browser-raw' | 'typed' | 'replay';

/** What each path is, for the report. */
export const PATH_LABELS: Record<PathName, string> = {
  direct: 'rtc-node microphone track (16 kHz PCM, no browser)',
  browser:
    "Chromium fake microphone, the SDK's default capture (echo cancellation, noise suppression, auto gain on)",
  'browser-raw': 'Chromium fake microphone, echo cancellation, noise suppression and auto gain off',
  typed: 'rt.chat text of what the visitor said (no speech: the router and the LLM alone)',
  replay: 'rt.chat text of what the agent heard in a saved spoken run (EVAL_REPLAY)',
};

/** One turn as it happened. */
export interface TurnRecord {
  said: string;
  /** False when the conversation had ended before the visitor said it. */
  spoken: boolean;
  /** The visitor's `message:new` messages of the turn: what the agent heard. */
  heard: string[];
  /** The agent's tool calls of the turn. */
  actions: Action[];
  /** The page tool calls of the turn, with the agent's `result` in their arguments. */
  pageCalls: Action[];
  /**
   * End of the visitor's speech to the first agent audio at the visitor (direct path), or to
   * the agent's `speaking` state at the page (browser paths).
   */
  responseMs?: number;
  /** End of the visitor's speech until the agent listened again (direct path). */
  settledMs?: number;
  /** The utterance started while the agent was still thinking or speaking (browser paths). */
  overlapped?: boolean;
}

/** One conversation spoken by one voice on one path. */
export interface ConversationRecord {
  conversation: Conversation;
  voice: Voice;
  path: PathName;
  turns: TurnRecord[];
  /** Why the conversation stopped short, when it did. */
  error?: string;
}

/** A tool call from an assistant message's `tool_calls` entry. */
export function toolCallAction(entry: unknown): Action | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const call = entry as { name?: unknown; arguments?: unknown };
  if (typeof call.name !== 'string') return undefined;
  const args =
    call.arguments && typeof call.arguments === 'object'
      ? (call.arguments as Record<string, unknown>)
      : {};
  return { tool: call.name, args };
}

/** The turn's actions: the agent's tool calls, plus page calls no `tool_calls` message named. */
export function turnActions(toolCalls: readonly Action[], pageCalls: readonly Action[]): Action[] {
  const actions = [...toolCalls];
  for (const tool of new Set(pageCalls.map((call) => call.tool))) {
    const listed = toolCalls.filter((action) => action.tool === tool).length;
    // A page call the agent's messages did not name (a lost message) still counts as done.
    for (const call of pageCalls.filter((other) => other.tool === tool).slice(listed)) {
      const { result: _result, ...args } = call.args;
      actions.push({ tool, args });
    }
  }
  return actions;
}

/** What a visitor received since a turn began: its messages, the tool calls and page calls. */
export function turnOutcome(
  visitor: Pick<Visitor, 'received' | 'rpcCalls'>,
  received: number,
  calls: number,
): { messages: Record<string, unknown>[]; actions: Action[]; pageCalls: Action[] } {
  const messages = visitor.received
    .slice(received)
    .filter((entry) => entry.topic === 'message:new')
    .map((entry) => entry.payload);
  const toolCalls = messages
    .flatMap((message) => (Array.isArray(message.tool_calls) ? message.tool_calls : []))
    .map(toolCallAction)
    .filter((action): action is Action => action !== undefined);
  const pageCalls = visitor.rpcCalls
    .slice(calls)
    .filter((call) => call.method !== 'svc__ui_activity_check')
    .map((call) => ({
      tool: call.method,
      args: (call.payload.args as Record<string, unknown> | undefined) ?? {},
    }));
  return { messages, actions: turnActions(toolCalls, pageCalls), pageCalls };
}
