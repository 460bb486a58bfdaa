import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noopTransport, startTestApi, type ListeningTestApi } from './index.js';

// The test kit itself, on the demo and a SQLite file: what other workspaces rely on.
describe('startTestApi', () => {
  const transport = noopTransport();
  let api: ListeningTestApi;
  beforeAll(async () => {
    api = await startTestApi({ transport, listen: true });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });

  it('seeds the demo and listens on loopback', async () => {
    expect(api.seeded.publicationUuid).toBe(api.seeded.publications.production);
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });

  it('mints visitor tokens the session route accepts; the no-op Transport keeps the room it was asked for', async () => {
    const visitor = await api.visitor('kit-visitor');
    expect(await api.visitor('kit-visitor')).toMatchObject({ id: visitor.id });
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/public/session',
      payload: { scenario_uuid: api.seeded.publicationUuid, output_mode: 'text' },
      headers: { authorization: `Bearer ${visitor.token}` },
    });
    expect(response.statusCode).toBe(200);
    const room = transport.rooms.at(-1);
    expect(room?.name).toMatch(/^conversation-/);
    expect(room?.metadata).toEqual({
      conversation_id: expect.any(String),
      input_mode: 'audio',
      output_mode: 'text',
      language: 'en-US',
      metadata: {},
      resumed: false,
      // The application's conversation limits, which the agent enforces.
      limits: { max_duration_seconds: 1800, idle_timeout_seconds: 180, messages_per_minute: 20 },
    });
  });

  it('opens conversations and patches the snapshot the agent reads', async () => {
    const conversation = await api.openConversation({ mode: 'text', metadata: { page: 'kit' } });
    await api.patchPublication((snapshot) => ({ ...snapshot, audio_dictation: true }));
    const response = await fetch(`${api.url}/v1/agent/conversations/${conversation.id}/config`, {
      headers: { authorization: `Bearer ${api.agentKey}` },
    });
    expect(response.status).toBe(200);
    const config = (await response.json()) as {
      conversation: { input_mode: string; metadata: object };
      scenario: { audio_dictation: boolean };
    };
    expect(config.conversation).toMatchObject({ input_mode: 'text', metadata: { page: 'kit' } });
    expect(config.scenario.audio_dictation).toBe(true);
  });

  it('boots a sibling app on the same database, closed on its own', async () => {
    const sibling = await api.sibling({ app: { publicRateLimit: 1 } });
    const identify = () =>
      sibling.app.inject({
        method: 'POST',
        url: '/v1/public/token',
        payload: { scenario_uuid: api.seeded.publicationUuid, external_id: 'kit-visitor' },
      });
    const first = await identify();
    expect(first.json()).toMatchObject({ user_id: (await api.visitor('kit-visitor')).id });
    expect((await identify()).statusCode).toBe(429);
    await sibling.close();
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  });
});
