// A conversation of the agents framework in node-llama-cpp's chat format, as the embedded LLM
// shows it to the model: tool calls and replies as the decision protocol writes them, tool results
// as user turns, instructions ahead of the conversation as the system prompt.

import type { llm } from '@livekit/agents';
import type { LlamaChatHistoryItem } from './node-llama-cpp.js';
import {
  compactToolOutput,
  NO_TOOL,
  protocolInstructions,
  type ProtocolTool,
} from './tool-protocol.js';

/** The user turn that closes a prompt whose conversation does not end with one. */
const NUDGE = '(Continue.)';

/** The conversation in the model's chat format. */
export interface RenderedChat {
  history: LlamaChatHistoryItem[];
  /** Tool results, for the ids they mention. */
  toolOutputs: string[];
  /** The call the last tool result answers, if the conversation ends with one. */
  lastCall: { name: string; args: string } | undefined;
  /** The conversation ends with a tool result. */
  afterToolResult: boolean;
  /** The instructions ahead of the conversation, without the protocol's part of the prompt. */
  instructions: string;
}

/**
 * Renders a chat context for the model. With tools (`allTools` not empty) the model's turns are
 * protocol objects and the system prompt ends with the protocol's instructions; tool results are
 * shortened to `maxToolOutputChars`.
 */
export function renderChat(
  items: readonly llm.ChatItem[],
  allTools: readonly ProtocolTool[],
  maxToolOutputChars: number,
): RenderedChat {
  const json = allTools.length > 0;
  const systemTexts: string[] = [];
  const history: LlamaChatHistoryItem[] = [];
  const toolOutputs: string[] = [];
  const calls = new Map<string, { name: string; args: string }>();
  let lastCall: RenderedChat['lastCall'];
  let afterToolResult = false;
  let started = false;

  const push = (item: LlamaChatHistoryItem) => {
    const previous = history[history.length - 1];
    // Chat templates alternate roles: results and words of one side in a row become one turn.
    if (previous && previous.type === 'user' && item.type === 'user') {
      previous.text = `${previous.text}\n${item.text}`;
    } else if (previous && previous.type === 'model' && item.type === 'model') {
      previous.response.push(...item.response.map((text) => `\n${text}`));
    } else history.push(item);
  };

  for (const item of items) {
    if (item.type === 'message') {
      const text = (item.textContent ?? '').trim();
      if (item.role === 'system' || item.role === 'developer') {
        // Instructions ahead of the conversation form the system prompt; later ones go in line,
        // so that the prompt prefix (and its KV cache) stays the same.
        if (!started) systemTexts.push(text);
        else if (text) push({ type: 'user', text: `(Instruction: ${text})` });
        continue;
      }
      started = true;
      lastCall = undefined;
      afterToolResult = false;
      if (!text) continue;
      if (item.role === 'user') push({ type: 'user', text });
      else
        push({
          type: 'model',
          response: [json ? JSON.stringify({ tool: NO_TOOL, say: text }) : text],
        });
    } else if (item.type === 'function_call') {
      started = true;
      calls.set(item.callId, { name: item.name, args: item.args });
      let args: unknown = {};
      try {
        args = JSON.parse(item.args || '{}');
      } catch {
        args = {};
      }
      push({ type: 'model', response: [JSON.stringify({ tool: item.name, arguments: args })] });
    } else if (item.type === 'function_call_output') {
      started = true;
      const call = calls.get(item.callId);
      const name = item.name || call?.name || 'the tool';
      // Ids are read from the whole result: the shortened one may have lost some.
      toolOutputs.push(item.output);
      const output = compactToolOutput(item.output, maxToolOutputChars);

      push({
        type: 'user',
        text: `${item.isError ? 'Error from' : 'Result of'} ${name}: ${output}`,
      });
      lastCall = call;
      afterToolResult = true;
    }
  }

  const instructions = systemTexts.filter(Boolean).join('\n\n');
  const system = [instructions, ...(json ? [protocolInstructions(allTools)] : [])]
    .filter(Boolean)
    .join('\n\n');
  if (system) history.unshift({ type: 'system', text: system });
  // The model answers a user turn; a conversation that ends otherwise gets a neutral nudge.
  if (history[history.length - 1]?.type !== 'user') push({ type: 'user', text: NUDGE });
  return { history, toolOutputs, lastCall, afterToolResult, instructions };
}

/**
 * The stable prefix of a rendered prompt (as `JSON.stringify(history)` spells it): the system
 * part, which holds the scenario's instructions and tools and is the same for every turn and
 * every conversation of the scenario. Undefined without a system part.
 */
export function stablePrefix(history: readonly LlamaChatHistoryItem[]): string | undefined {
  const [first] = history;
  return first?.type === 'system' ? JSON.stringify([first]).slice(0, -1) : undefined;
}

/**
 * Whether a rendered prompt holds any of the conversation beyond its system part (and the nudge
 * that closes a prompt of nothing else).
 */
export function conversationBegun(history: readonly LlamaChatHistoryItem[]): boolean {
  return history.some(
    (item) => item.type !== 'system' && !(item.type === 'user' && item.text === NUDGE),
  );
}
