import { log as agentsLog, type voice } from '@livekit/agents';
import { TOPICS } from '@svc/protocol';
import { AGENT_END_REASONS } from '@svc/protocol/agent';
import {
  parseAssistantInterruptPayload,
  parseChatPayload,
  parseEventFirePayload,
  parseSessionControlPayload,
  parseStateUpdatePayload,
} from '@svc/protocol/parse';
import type { ConversationApi } from '../api-client.js';
import type { VisitorChannel } from '../channel.js';
import type { MessageLog } from '../messages.js';
import type { ConversationEnding } from './ending.js';
import type { ConversationModes, Engines } from './options.js';

/** What the page's topics act on. */
export interface PageTopicParts {
  channel: VisitorChannel;
  session: voice.AgentSession;
  api: ConversationApi;
  messages: MessageLog;
  ending: ConversationEnding;
  engines: Engines;
  modes: ConversationModes;
  /** The page reported the visitor's activity on it. */
  onUiActivity: () => void;
}

/**
 * Answers the page's topics: typed turns, interruptions, restore states, activity, events and
 * session controls. Subscribed once the session runs, before `config` tells the page it may send.
 */
export function answerPageTopics(parts: PageTopicParts): void {
  const { channel, session, api, messages, ending, engines, modes } = parts;
  const log = agentsLog();
  channel.subscribe(TOPICS.CHAT, (payload) => {
    const parsed = parseChatPayload(payload);
    if (!parsed.ok || ending.begun) return;
    session.interrupt();
    session.generateReply({ userInput: parsed.value.message });
  });
  channel.subscribe(TOPICS.ASSISTANT_INTERRUPT, (payload) => {
    if (parseAssistantInterruptPayload(payload).ok) void session.interrupt();
  });
  channel.subscribe(TOPICS.STATE_UPDATE, (payload) => {
    const parsed = parseStateUpdatePayload(payload);
    if (!parsed.ok) return;
    messages.experienceState = parsed.value.data ?? { checkpoint: parsed.value.checkpoint };
    ending.keep(
      api
        .saveRestoreState(parsed.value)
        .catch((error: unknown) => log.warn({ err: error }, 'saving the restore state failed')),
    );
  });
  channel.subscribe(TOPICS.UI_ACTIVITY, parts.onUiActivity);
  channel.subscribe(TOPICS.EVENT_FIRE, (payload) => {
    const parsed = parseEventFirePayload(payload);
    if (parsed.ok) messages.addEvent(parsed.value.name, parsed.value.data);
  });
  channel.subscribe(TOPICS.SESSION_CONTROL, (payload) => {
    const parsed = parseSessionControlPayload(payload);
    if (!parsed.ok) return;
    const control = parsed.value;
    if (control.action === 'end') void ending.finish(AGENT_END_REASONS.USER_REQUESTED, true);
    else if (control.action === 'pause') {
      session.interrupt();
      session.input.setAudioEnabled(false);
    } else if (control.action === 'resume') session.input.setAudioEnabled(modes.audioIn);
    else if (control.action === 'set_modes') {
      if (control.input_mode)
        session.input.setAudioEnabled(control.input_mode === 'audio' && Boolean(engines.stt));
      if (control.output_mode)
        session.output.setAudioEnabled(control.output_mode === 'audio' && Boolean(engines.tts));
    }
  });
}
