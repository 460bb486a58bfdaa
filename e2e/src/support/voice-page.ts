// A spoken-conversation page for Chromium: SvcSession on the real Transport with the demo
// scenario's page tools, as a shop page registers them. Every tool call answers OK and is recorded
// with its arguments (the agent's results included), and so are the messages, the agent's states
// and the end, each with the page's `Date.now()`, on `window.voicePage` for the test to read.
// The microphone stays off until the test turns it on (after the greeting), so a fake microphone
// file starts playing when the test wants it to.
import { SvcSession } from '@svc/sdk';
import type { VoicePageApi, VoicePageCapture, VoicePageRecord } from './voice-page-record.js';

/** The demo scenario's page tools (its `frontend` tools). */
const PAGE_TOOLS = [
  'search_products',
  'show_product',
  'compare_products',
  'add_to_cart',
  'remove_from_cart',
  'show_cart',
];

/** What the page needs of the engine handle to publish a microphone with its own constraints. */
interface EngineRoom {
  localParticipant: {
    setMicrophoneEnabled(
      enabled: boolean,
      options?: { echoCancellation: boolean; noiseSuppression: boolean; autoGainControl: boolean },
    ): Promise<unknown>;
  };
}

const session = new SvcSession({ apiUrl: location.origin, storage: null });
const record: VoicePageRecord = {
  messages: [],
  tools: [],
  agentStates: [],
  statuses: [],
  errors: [],
  ended: null,
  microphoneRequestedAt: 0,
  microphoneOnAt: 0,
};
session.on('message', (message) =>
  record.messages.push({
    at: Date.now(),
    id: message.id,
    role: message.role,
    content: message.content,
    ...(message.tool_calls ? { toolCalls: message.tool_calls } : {}),
  }),
);
session.on('agent-state', (state) => record.agentStates.push({ at: Date.now(), state }));
session.on('status-change', (status) => record.statuses.push({ at: Date.now(), status }));
session.on('error', (error) => record.errors.push(`${error.code}: ${error.message}`));
session.on('session-end', (info) => (record.ended = { at: Date.now(), reason: info.reason }));

const tools = Object.fromEntries(
  PAGE_TOOLS.map((name) => [
    name,
    (args: Record<string, unknown>) => {
      record.tools.push({ at: Date.now(), name, args });
      return { shown: true };
    },
  ]),
);

const voicePage: VoicePageApi = {
  start: () => {
    const params = new URLSearchParams(location.search);
    // `?language=fr-FR` starts the conversation in one of the languages the scenario serves.
    const language = params.get('language');
    return session.start({
      scenario: params.get('publication') ?? '',
      ...(language ? { language } : {}),
      microphone: false,
      tools,
    });
  },
  // `raw` goes through the engine handle: the SDK takes no capture options of its own.
  async microphone(capture: VoicePageCapture) {
    record.microphoneRequestedAt = Date.now();
    if (capture === 'default') await session.setMicrophoneEnabled(true);
    else
      await (session.room as EngineRoom).localParticipant.setMicrophoneEnabled(true, {
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      });
    record.microphoneOnAt = Date.now();
  },
  record: () => record,
  end: () => session.end(),
};
Object.assign(window, { voicePage });
