// The benchmark page: runs SvcSession starts with timestamps at each step, and counts messages.
import { SvcSession } from '@svc/sdk';
import { createSvcClient } from '@svc/sdk/client';

const base = createSvcClient({ apiUrl: location.origin, storage: null });
let marks: Record<string, number> = {};
const mark = (name: string) => {
  marks[name] = performance.now();
};
// The client is wrapped to time identify and session start inside start().
const client = {
  ...base,
  baseUrl: base.baseUrl,
  identifyUser: async (...args: Parameters<typeof base.identifyUser>) => {
    const identity = await base.identifyUser(...args);
    mark('identified');
    return identity;
  },
  startSession: async (...args: Parameters<typeof base.startSession>) => {
    const credentials = await base.startSession(...args);
    mark('session');
    return credentials;
  },
};
const session = new SvcSession({ client });
let received = 0;
session.on('message', () => (received += 1));
session.on('agent-state', () => marks.agent ?? mark('agent'));

Object.assign(window, {
  bench: {
    /** One start to connected, with the time of each step in ms. */
    async startOnce() {
      marks = {};
      mark('start');
      const connected = new Promise<void>((resolve) => {
        const stop = session.on('status-change', (status) => {
          if (status === 'connected') {
            mark('config');
            stop();
            resolve();
          }
        });
      });
      await session.start({
        scenario: new URLSearchParams(location.search).get('publication') ?? '',
        microphone: false,
        tools: { echo: async (args: Record<string, unknown>) => args },
      });
      mark('connected');
      await connected;
      return { ...marks };
    },
    end: () => session.end(),
    received: () => received,
    resetReceived: () => (received = 0),
  },
});
