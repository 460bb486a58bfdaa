// The page the SDK fault tests load in Chromium: a SvcSession on the real Transport, typed, with
// every status, message and end recorded on `window.faultPage` with the page's `Date.now()` (the
// test process's clock too: the same machine).
import { SvcSession } from '@svc/sdk';
import type { FaultPageApi, FaultPageRecord } from './sdk-page-record.js';

const session = new SvcSession({ apiUrl: location.origin, storage: null });
const record: FaultPageRecord = { statuses: [], messages: [], errors: [], ends: [], left: [] };
session.on('status-change', (status) => record.statuses.push({ at: Date.now(), status }));
session.on('message', (message) =>
  record.messages.push({
    at: Date.now(),
    id: message.id,
    role: message.role,
    content: message.content,
    conversationId: session.conversationId,
  }),
);
session.on('error', (error) => record.errors.push(`${error.code}: ${error.message}`));
session.on('session-end', (info) =>
  record.ends.push({ at: Date.now(), reason: info.reason, conversationId: session.conversationId }),
);

/** The engine handle's participant events, read by name (the page does not bundle the engine). */
interface EngineRoom {
  on(event: 'participantDisconnected', listener: (participant: { identity: string }) => void): void;
}

const faultPage: FaultPageApi = {
  async start() {
    await session.start({
      scenario: new URLSearchParams(location.search).get('publication') ?? '',
      inputMode: 'text',
      outputMode: 'text',
      microphone: false,
    });
    // When the agent's participant left the room, as the engine saw it: the grace runs from there.
    (session.room as EngineRoom).on('participantDisconnected', (participant) =>
      record.left.push({ at: Date.now(), identity: participant.identity }),
    );
  },
  sendText: (text) => session.sendText(text),
  conversationId: () => session.conversationId,
  status: () => session.status,
  record: () => record,
  end: () => session.end(),
};
Object.assign(window, { faultPage });
