// The page the browser test loads: a SvcSession on the real LiveKitTransport, its events recorded
// on `window` for the test to read.
import { SvcSession } from '@svc/sdk';

const session = new SvcSession({ apiUrl: location.origin, storage: null });
const events: [string, unknown][] = [];
for (const name of [
  'status-change',
  'agent-state',
  'message',
  'config',
  'session-end',
  'error',
] as const) {
  session.on(name, (payload: unknown) => {
    const value =
      payload instanceof Error
        ? { code: (payload as { code?: string }).code, message: payload.message }
        : payload;
    events.push([name, value]);
  });
}

Object.assign(window, {
  svc: {
    session,
    events,
    start: () =>
      session.start({
        scenario: new URLSearchParams(location.search).get('publication') ?? '',
        tools: { show_offer: async (args: Record<string, unknown>) => ({ shown: args.id }) },
      }),
    state: () => ({ ...session.getSnapshot(), error: session.error?.code ?? null }),
  },
});
