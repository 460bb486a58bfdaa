import { conversationRoomName } from '@svc/protocol/agent';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationOfRoom, createReaper, ROOM_GONE_DETAIL } from './reaper.js';
import { createLiveKitAdmin, startTestApi } from './testing/index.js';

// The reaper against a real livekit-server: a running conversation whose room is gone is closed
// with `agent_error` and why; one whose room is open, or that just started, is left alone.
let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;

beforeAll(async () => {
  server = await startLivekitServer({ logLevel: 'warn' });
  api = await startTestApi();
}, 120_000);
afterAll(async () => {
  await api?.close();
  await server?.stop();
});

describe('the conversation reaper', () => {
  it('reads the conversation of a room name', () => {
    const id = '3f1c9a2e-8b7d-4e6f-9a1b-2c3d4e5f6a7b';
    expect(conversationOfRoom(conversationRoomName(id))).toBe(id);
    expect(conversationOfRoom('another-room')).toBeUndefined();
    expect(conversationOfRoom('conversation-')).toBeUndefined();
  });

  it('closes running conversations whose room is gone, and only those', async () => {
    const transport = createLiveKitAdmin({ ...server, agentName: 'nobody' });
    const rooms = new RoomServiceClient(server.httpUrl, server.apiKey, server.apiSecret);
    const open = async () => {
      const { id } = await api.openConversation({ mode: 'text' });
      const room = conversationRoomName(id);
      await transport.openRoom(room, {
        conversation_id: id,
        input_mode: 'text',
        output_mode: 'text',
        language: 'en-US',
        resumed: false,
      });
      return { id, room };
    };
    const kept = await open();
    const lost = await open();
    await rooms.deleteRoom(lost.room);
    const row = (id: string) =>
      api.database.db
        .selectFrom('conversations')
        .select(['ended_at', 'end_reason', 'end_detail'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const reaper = createReaper({ database: api.database, transport, graceMs: 60_000 });
    // Within the grace after their start, nothing is touched (a room may not be open yet).
    expect(await reaper.sweep()).toEqual([]);
    const later = Date.now() + 61_000;
    const swept = await reaper.sweep(later);
    expect(swept).toContain(lost.id);
    expect(swept).not.toContain(kept.id);
    expect(await row(lost.id)).toEqual({
      ended_at: new Date(later).toISOString(),
      end_reason: 'agent_error',
      end_detail: ROOM_GONE_DETAIL,
    });
    expect(await row(kept.id)).toEqual({ ended_at: null, end_reason: null, end_detail: null });
    // Swept once: a second sweep finds it ended.
    expect(await reaper.sweep(later)).not.toContain(lost.id);
  });
});
