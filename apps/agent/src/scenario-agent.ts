import { llm, voice } from '@livekit/agents';
import type { ConfigPayload, ConversationMessage } from '@svc/protocol';
import type { RuntimeConfig } from '@svc/protocol/agent';
import { buildTools, type ToolDeps } from './tools.js';

/** Languages' names in English, by ICU. */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A language's English name ("fr-CA" is "French"), for the instruction that pins the reply
 * language: any language the runtime's ICU knows, so no table to extend; an unknown or invalid
 * tag is named as written.
 */
function languageName(tag: string): string {
  const base = tag.split(/[-_]/)[0]?.toLowerCase() ?? '';
  try {
    return LANGUAGE_NAMES.of(base) ?? tag;
  } catch {
    return tag;
  }
}

/** The model's instructions: the scenario's prompt, then how to speak and use the tools. */
export function instructionsFor(runtime: RuntimeConfig, voiceOutput: boolean): string {
  const language = runtime.conversation.language;
  const name = languageName(language);
  return [
    runtime.scenario.prompt?.trim() || 'You are a helpful assistant.',
    '',
    `Always answer in ${name}.`,
    // A shop in another language may keep English item names or tool texts: the reply stays in
    // the visitor's language, and item names stay as written so the page and the voice agree.
    ...(language.toLowerCase().startsWith('en')
      ? []
      : [
          `Even when item names, tool results or earlier messages are in another language, reply in ${name}; say item names exactly as the tools give them.`,
        ]),
    voiceOutput
      ? 'Your replies are spoken aloud: use short plain sentences, no lists, no markdown, no emojis.'
      : 'Your replies are shown as chat messages: keep them short.',
    'Use the tools for what they do instead of guessing; only mention items a tool returned, by name.',
    // Whatever the scenario: a small model asked what its prompt does not say makes it up. No
    // topic is named here: a small model takes a named topic ("delivery") for a fact it holds.
    'Say about the business only what these instructions or a tool result say; when they do not say, tell the visitor you do not know and what you can do instead.',
    'When the visitor is done or says goodbye, say goodbye and call the tool that ends the conversation.',
  ].join('\n');
}

/** The resumed conversation's history as the model's chat context. */
export function chatContextFrom(history: ConversationMessage[]): llm.ChatContext {
  const context = llm.ChatContext.empty();
  for (const message of history) {
    if ((message.role === 'user' || message.role === 'assistant') && message.content) {
      context.addMessage({ role: message.role, content: message.content });
    }
  }
  return context;
}

/**
 * A tool's settings as the page gets them: a webhook tool's request (its backend's address, the
 * headers and the secrets they name) is the API's to make, and none of the page's business.
 */
function pageSettings(settings: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(settings, 'webhook')) return settings;
  const shown = { ...settings };
  delete shown.webhook;
  return shown;
}

/** The `config` payload the agent sends on the handshake. */
export function configPayloadFor(runtime: RuntimeConfig): ConfigPayload {
  const scenario = runtime.scenario;
  return {
    type: 'config',
    features: (scenario.features ?? []).map((feature) => ({
      name: feature.name,
      type: feature.type,
      settings: feature.settings ?? {},
      // The page gets the tool wiring it needs; descriptions and schemas are for the model.
      tools: (feature.tools ?? []).map(
        ({ name, type, settings, frontend_method, rpc_timeout_s }) => ({
          name,
          type,
          ...(settings ? { settings: pageSettings(settings) } : {}),
          ...(frontend_method ? { frontend_method } : {}),
          ...(rpc_timeout_s ? { rpc_timeout_s } : {}),
        }),
      ),
    })),
    collections: runtime.collections,
    company_id: runtime.company_id,
    restore_state: runtime.restore_state,
    voice_stack: scenario.voice_stack ?? 'embedded',
    audio_dictation: scenario.audio_dictation ?? false,
    conversation_id: runtime.conversation.id,
    avatar_enabled: scenario.avatar_enabled ?? false,
  };
}

/** The voice agent of a scenario: its instructions, its tools, and the resumed history. */
export function scenarioAgent(
  runtime: RuntimeConfig,
  deps: ToolDeps,
  voiceOutput: boolean,
): voice.Agent {
  return new voice.Agent({
    instructions: instructionsFor(runtime, voiceOutput),
    tools: buildTools(runtime.scenario.features ?? [], deps),
    chatCtx: chatContextFrom(runtime.history),
  });
}
