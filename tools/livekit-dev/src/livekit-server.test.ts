import { Room, RoomEvent, type RemoteParticipant } from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { startLivekitServer, type LivekitServer } from './livekit-server.js';
import { startRedis, type RedisServer } from './redis.js';

// Against the real server binary and real rtc-node participants: nothing here is faked.
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function server(
  options: Parameters<typeof startLivekitServer>[0] = {},
): Promise<LivekitServer> {
  const started = await startLivekitServer(options);
  cleanups.push(() => started.stop());
  return started;
}

async function join(on: LivekitServer, room: string, identity: string): Promise<Room> {
  const token = new AccessToken(on.apiKey, on.apiSecret, { identity });
  token.addGrant({
    room,
    roomJoin: true,
    canPublish: true,
    canPublishData: true,
    canSubscribe: true,
  });
  const participant = new Room();
  await participant.connect(on.url, await token.toJwt(), { autoSubscribe: true, dynacast: false });
  cleanups.push(() => participant.disconnect());
  return participant;
}

function nextData(room: Room, topic: string): Promise<{ text: string; from: string | undefined }> {
  return new Promise((resolve) => {
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
  });
}

async function waitForParticipant(room: Room, identity: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (![...room.remoteParticipants.values()].some((p) => p.identity === identity)) {
    if (Date.now() > deadline) throw new Error(`${identity} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Data both ways and RPC both ways between a visitor and an agent. */
async function exchange(visitor: Room, agent: Room): Promise<void> {
  await waitForParticipant(visitor, 'agent');
  await waitForParticipant(agent, 'visitor');
  const atAgent = nextData(agent, 'config_ack');
  await visitor.localParticipant!.publishData(new TextEncoder().encode('{"acknowledged":true}'), {
    reliable: true,
    topic: 'config_ack',
  });
  expect(await atAgent).toEqual({ text: '{"acknowledged":true}', from: 'visitor' });

  const atVisitor = nextData(visitor, 'config');
  await agent.localParticipant!.publishData(new TextEncoder().encode('{"type":"config"}'), {
    reliable: true,
    topic: 'config',
  });
  expect(await atVisitor).toEqual({ text: '{"type":"config"}', from: 'agent' });

  visitor.localParticipant!.registerRpcMethod('search_products', async (data) =>
    JSON.stringify({
      requestId: JSON.parse(data.payload).requestId,
      code: 'SUCCESS',
      data: data.callerIdentity,
    }),
  );
  const answer = await agent.localParticipant!.performRpc({
    destinationIdentity: 'visitor',
    method: 'search_products',
    payload: JSON.stringify({ requestId: 'r1', args: { query: 'shoes' } }),
    responseTimeout: 10_000,
  });
  expect(JSON.parse(answer)).toEqual({ requestId: 'r1', code: 'SUCCESS', data: 'agent' });

  agent.localParticipant!.registerRpcMethod(
    'composer_start_dictation',
    async () => '{"dictation_id":"d1"}',
  );
  const started = await visitor.localParticipant!.performRpc({
    destinationIdentity: 'agent',
    method: 'composer_start_dictation',
    payload: '{}',
  });
  expect(JSON.parse(started)).toEqual({ dictation_id: 'd1' });
}

describe('livekit-server', () => {
  it('starts ready with generated keys, side by side with a second one, and stops', async () => {
    const first = await server();
    const second = await server();
    expect(first.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(first.url).not.toBe(second.url);
    expect(first.apiKey).not.toBe(second.apiKey);
    expect(await (await fetch(first.httpUrl)).text()).toBe('OK');
    await second.stop();
    await expect(fetch(second.httpUrl)).rejects.toThrow();
    await second.stop(); // stopping twice settles too
  });

  it('carries data and RPC both ways between a visitor and an agent', async () => {
    const node = await server();
    const visitor = await join(node, 'single-node', 'visitor');
    const agent = await join(node, 'single-node', 'agent');
    await exchange(visitor, agent);
  });

  it('in multi-node mode, a visitor on one node and an agent on the other share a room', async () => {
    const redis: RedisServer = await startRedis();
    cleanups.push(() => redis.stop());
    const nodeA = await server({ redisAddress: redis.address });
    // Both nodes must accept each other's tokens: the second uses the first one's keys.
    const nodeB = await server({
      redisAddress: redis.address,
      keys: { apiKey: nodeA.apiKey, apiSecret: nodeA.apiSecret },
    });
    const visitor = await join(nodeA, 'multi-node', 'visitor');
    const agent = await join(nodeB, 'multi-node', 'agent');
    await exchange(visitor, agent);
  });
});
