import { Room, RoomEvent, type RemoteParticipant } from '@livekit/rtc-node';
import { AccessToken, RoomServiceClient } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLivekitServer, type LivekitServer } from './livekit-server.js';
import { startRedis } from './redis.js';
import { ensureLivekitServer } from './server-binary.js';

// A visitor and an agent, both real `@livekit/rtc-node` participants, on real servers over
// loopback WebRTC: data on topics and RPC, on one node and across two nodes sharing a Redis.
const cleanups: (() => Promise<void>)[] = [];
beforeAll(() => ensureLivekitServer(), 15 * 60_000);
afterAll(async () => {
  // Rooms first: a server waits for its participants before it stops.
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function within<T>(promise: Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${what}: none within ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

async function join(server: LivekitServer, room: string, identity: string): Promise<Room> {
  const token = new AccessToken(server.apiKey, server.apiSecret, { identity });
  token.addGrant({
    room,
    roomJoin: true,
    canPublish: true,
    canPublishData: true,
    canSubscribe: true,
  });
  const participant = new Room();
  cleanups.push(() => participant.disconnect());
  await participant.connect(server.url, await token.toJwt(), {
    autoSubscribe: true,
    dynacast: false,
  });
  return participant;
}

function nextData(room: Room, topic: string): Promise<{ text: string; from: string | undefined }> {
  return within(
    new Promise((resolve) => {
      const listener = (
        payload: Uint8Array,
        participant?: RemoteParticipant,
        _kind?: unknown,
        received?: string,
      ) => {
        if (received !== topic) return;
        room.off(RoomEvent.DataReceived, listener);
        resolve({ text: new TextDecoder().decode(payload), from: participant?.identity });
      };
      room.on(RoomEvent.DataReceived, listener);
    }),
    `data on ${topic}`,
  );
}

/**
 * Resolves once `room` knows `identity`. The server announces a participant that publishes no
 * track in a batch sent every 3 s, so this can take that long.
 */
function participantSeen(room: Room, identity: string): Promise<void> {
  if (room.remoteParticipants.has(identity)) return Promise.resolve();
  return within(
    new Promise((resolve) => {
      const listener = (participant: RemoteParticipant) => {
        if (participant.identity !== identity) return;
        room.off(RoomEvent.ParticipantConnected, listener);
        resolve();
      };
      room.on(RoomEvent.ParticipantConnected, listener);
    }),
    `participant ${identity}`,
  );
}

async function send(from: Room, topic: string, text: string): Promise<void> {
  await from.localParticipant!.publishData(new TextEncoder().encode(text), {
    reliable: true,
    topic,
  });
}

/** Data both ways and RPC both ways between a visitor and an agent. */
async function exchange(visitor: Room, agent: Room): Promise<void> {
  await Promise.all([participantSeen(visitor, 'agent'), participantSeen(agent, 'visitor')]);

  const atAgent = nextData(agent, 'config_ack');
  await send(visitor, 'config_ack', '{"acknowledged":true}');
  expect(await atAgent).toEqual({ text: '{"acknowledged":true}', from: 'visitor' });

  const atVisitor = nextData(visitor, 'config');
  await send(agent, 'config', '{"type":"config"}');
  expect(await atVisitor).toEqual({ text: '{"type":"config"}', from: 'agent' });

  visitor.localParticipant!.registerRpcMethod('search_products', async (data) =>
    JSON.stringify({ requestId: JSON.parse(data.payload).requestId, caller: data.callerIdentity }),
  );
  const answer = await agent.localParticipant!.performRpc({
    destinationIdentity: 'visitor',
    method: 'search_products',
    payload: JSON.stringify({ requestId: 'r1', args: { query: 'shoes' } }),
    responseTimeout: 5000,
  });
  expect(JSON.parse(answer)).toEqual({ requestId: 'r1', caller: 'agent' });

  agent.localParticipant!.registerRpcMethod('composer_start_dictation', async (data) =>
    JSON.stringify({ dictation_id: 'd1', caller: data.callerIdentity }),
  );
  const started = await visitor.localParticipant!.performRpc({
    destinationIdentity: 'agent',
    method: 'composer_start_dictation',
    payload: '{}',
    responseTimeout: 5000,
  });
  expect(JSON.parse(started)).toEqual({ dictation_id: 'd1', caller: 'visitor' });
}

describe('rooms on the local server', () => {
  it('carry data and RPC both ways between a visitor and an agent', async () => {
    const node = await startLivekitServer();
    cleanups.push(() => node.stop());
    const visitor = await join(node, 'single-node', 'visitor');
    const agent = await join(node, 'single-node', 'agent');
    await exchange(visitor, agent);
  });

  it('span two nodes sharing one Redis: visitor on node A, agent on node B', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.stop());
    const nodeA = await startLivekitServer({ redis });
    cleanups.push(() => nodeA.stop());
    // Every node must accept every token: node B takes node A's keys.
    const nodeB = await startLivekitServer({ redis, keys: nodeA });
    cleanups.push(() => nodeB.stop());

    const visitor = await join(nodeA, 'multi-node', 'visitor');
    const agent = await join(nodeB, 'multi-node', 'agent');
    await exchange(visitor, agent);

    // One room, known to both nodes through Redis, whichever node hosts it.
    for (const node of [nodeA, nodeB]) {
      const rooms = new RoomServiceClient(node.httpUrl, node.apiKey, node.apiSecret);
      const participants = await rooms.listParticipants('multi-node');
      expect(participants.map((participant) => participant.identity).sort()).toEqual([
        'agent',
        'visitor',
      ]);
    }
  });
});
