// The real Platform API for tests that cross apps (`@svc/api/testing`): a fresh SQLite file
// seeded with the demo, the real Transport admin against the test's livekit-server, and
// (optionally) the test page served from the same origin. Rooms are reported as they open, so a
// test's agent can join each one as a dispatched agent worker would.
import {
  createLiveKitAdmin,
  startTestApi,
  TEST_AGENT_KEY,
  type TransportAdmin,
} from '@svc/api/testing';

/** The service key the test API accepts from agents. */
export { TEST_AGENT_KEY };

/** Starts the API; `rooms` lists the rooms sessions opened, newest last. */
export async function startPlatformApi(
  server: { url: string; apiKey: string; apiSecret: string },
  options: {
    page?: { html: string; script: string };
    /** Called with every room a session opens, after the agent was dispatched to it. */
    onSession?: (room: string) => void;
    agentName?: string;
  } = {},
) {
  const rooms: string[] = [];
  const livekit = createLiveKitAdmin({ ...server, agentName: options.agentName ?? 'svc-agent' });
  const transport: TransportAdmin = {
    url: livekit.url,
    participantToken: livekit.participantToken,
    roomNames: livekit.roomNames,
    closeRoom: livekit.closeRoom,
    async openRoom(name, metadata) {
      await livekit.openRoom(name, metadata);
      rooms.push(name);
      options.onSession?.(name);
    },
  };
  const page = options.page;
  const api = await startTestApi({
    transport,
    listen: true,
    // The browser loads the page from the API's origin, so its requests are same-origin.
    ...(page
      ? {
          routes: (app) => {
            app.get('/', { schema: { hide: true } }, (_request, reply) =>
              reply.type('text/html').send(page.html),
            );
            app.get('/app.js', { schema: { hide: true } }, (_request, reply) =>
              reply.type('text/javascript').send(page.script),
            );
          },
        }
      : {}),
  });
  return {
    url: api.url,
    rooms,
    /** The demo's production publication uuid. */
    publication: api.seeded.publicationUuid,
    demo: api.seeded,
    database: api.database,
    close: () => api.close(),
  };
}

/** The started API of {@link startPlatformApi}. */
export type PlatformApi = Awaited<ReturnType<typeof startPlatformApi>>;
