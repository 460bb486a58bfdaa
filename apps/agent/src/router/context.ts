// What the conversation has shown so far, read back from its chat context: the last list of
// items, the last comparison, the item in focus and the cart. "The first one", "the cheaper
// one" and "it" resolve against this. Read from the context every turn rather than kept aside, so
// a resumed conversation and an LLM-made tool call count the same as a routed one.
import { readToolOutput, type ToolResult } from '@svc/protocol/agent';
import type { ChatEntry } from '../chat-entries.js';
import type { Operation } from '../tools.js';

export type { ChatEntry } from '../chat-entries.js';

/** An item the visitor has seen, with its fields. */
export interface SeenItem {
  id: string;
  name: string;
  fields: Record<string, unknown>;
}

/** What the visitor has on screen and in mind. */
export interface ConversationContext {
  /** The last list shown (search results or the compared items), in order. */
  shown: SeenItem[];
  /** The items of the last comparison. */
  compared: SeenItem[];
  /** The single item last talked about (shown, added, removed). */
  focus: SeenItem | undefined;
  /** The cart's lines as the last cart answer had them, if any came. */
  cart: SeenItem[] | undefined;
  /** What the last tool that answered did ("and the second one as well" repeats it). */
  last?: Operation | undefined;
  /** The arguments of the last search that found items ("what about blue ones" narrows it). */
  lastSearch?: Record<string, unknown> | undefined;
  /** What the conversation holds besides the visitor's words (see {@link groundOf}). */
  ground?: string | undefined;
}

/**
 * A tool's answer as the conversation's history holds it, JSON, read into the `ToolResult`
 * envelope; none when it is not one. Read once where a result arrives, then read typed.
 */
export function toolResultOf(output: string): ToolResult | undefined {
  const answer = readToolOutput(output);
  return answer.ok ? answer.value : undefined;
}

/** An item of any answer shape: search results are flat, display and compare nest `data`. */
export function seenItem(entry: unknown): SeenItem | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const record = entry as Record<string, unknown>;
  const data =
    record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : {};
  const fields = { ...record, ...data };
  delete fields.data;
  delete fields.view;
  const id = record.item_id ?? record.id ?? data.id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const name =
    typeof fields.name === 'string'
      ? fields.name
      : typeof fields.title === 'string'
        ? fields.title
        : String(id);
  return { id: String(id), name, fields };
}

/** The items of an answer: its `items` list, or the answer itself when it is one item. */
export function itemsOf(data: unknown): SeenItem[] {
  if (!data || typeof data !== 'object') return [];
  const items = (data as { items?: unknown }).items;
  if (Array.isArray(items)) return items.map(seenItem).filter((item) => item !== undefined);
  const single = seenItem(data);
  return single ? [single] : [];
}

/**
 * What the conversation holds besides the visitor's words: the instructions, the tools' calls and
 * answers, what the agent said. What the model was given to answer from.
 */
export function groundOf(entries: readonly ChatEntry[]): string {
  return entries
    .map((entry) => {
      if (entry.type === 'message') return entry.role === 'user' ? '' : entry.text;
      if (entry.type === 'function_call') return entry.args;
      return entry.output;
    })
    .join('\n');
}

/** Reads the conversation's context from its entries, given what each tool does. */
export function conversationContext(
  entries: readonly ChatEntry[],
  operationOf: (toolName: string) => Operation | undefined,
): ConversationContext {
  const context: ConversationContext = {
    shown: [],
    compared: [],
    focus: undefined,
    cart: undefined,
    ground: groundOf(entries),
  };
  const calls = new Map<string, { name: string; args: string }>();
  for (const entry of entries) {
    if (entry.type === 'function_call')
      calls.set(entry.callId, { name: entry.name, args: entry.args });
    if (entry.type !== 'function_call_output' || entry.isError) continue;
    const call = calls.get(entry.callId);
    const operation = operationOf(entry.name || call?.name || '');
    // Read once, here: an answer that is not the envelope, or a refusal, showed nothing.
    const answer = toolResultOf(entry.output);
    if (!answer?.ok || answer.result === null) continue;
    const items = itemsOf(answer.result);
    context.last = operation;
    switch (operation) {
      case 'search':
        if (items.length > 0) {
          context.shown = items;
          context.focus = items.length === 1 ? items[0] : undefined;
          context.lastSearch = callArguments(call?.args ?? '');
        }
        break;
      case 'display':
        if (items[0]) context.focus = items[0];
        break;
      case 'compare':
        if (items.length > 0) {
          context.compared = items;
          context.shown = items;
          context.focus = undefined;
        }
        break;
      case 'cart_add': {
        context.cart = items;
        // What was just added is what "it" means next.
        const added = String(callArguments(call?.args ?? '').item_id ?? '');
        context.focus =
          items.find((item) => item.id === added) ??
          context.shown.find((item) => item.id === added) ??
          context.focus;
        break;
      }
      case 'cart_remove':
      case 'cart_set':
      case 'cart_list':
      case 'cart_clear':
        context.cart = items;
        break;
      default:
        break;
    }
  }
  return context;
}

/** A call's JSON arguments as an object (empty when they do not parse). */
export function callArguments(args: string): Record<string, unknown> {
  try {
    const value = JSON.parse(args || '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
