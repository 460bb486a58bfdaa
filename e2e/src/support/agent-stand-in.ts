// An agent stand-in on @livekit/rtc-node: it joins a room as an agent participant and plays the
// agent's side of the protocol (config, config_ack, RPC, message:new, its state), so the SDK can be
// tested against a real livekit-server without the voice agent.
import {
  AudioStream,
  Room,
  RoomEvent,
  TrackKind,
  type RemoteParticipant,
  type RemoteTrack,
} from '@livekit/rtc-node';
import { AccessToken } from 'livekit-server-sdk';
import type { ConfigPayload } from '@svc/protocol';

/** What the stand-in received on a topic. */
export interface Received {
  topic: string;
  payload: unknown;
  from: string | undefined;
}

/** A scripted agent in one room. */
export interface AgentStandIn {
  room: Room;
  received: Received[];
  /** Audio frames received from the visitor's microphone so far. */
  audioFrames(): number;
  /** Resolves with the first payload on `topic` (received already or later). */
  next(topic: string, timeoutMs?: number): Promise<Received>;
  publish(topic: string, payload: unknown): Promise<void>;
  callRpc(method: string, payload: unknown, timeoutMs?: number): Promise<unknown>;
  setState(state: string): Promise<void>;
  /** Answers an RPC method the frontend calls (the composer dictation methods). */
  answerRpc(method: string, handler: (request: unknown) => unknown): void;
  leave(): Promise<void>;
}

/** Joins `roomName` as an agent (participant kind `agent`) and waits for the visitor. */
export async function joinAsAgent(
  server: { url: string; apiKey: string; apiSecret: string },
  roomName: string,
  config: ConfigPayload,
): Promise<AgentStandIn> {
  const token = new AccessToken(server.apiKey, server.apiSecret, { identity: 'agent-stand-in' });
  token.kind = 'agent';
  token.addGrant({
    room: roomName,
    roomJoin: true,
    canPublish: true,
    canPublishData: true,
    canSubscribe: true,
    canUpdateOwnMetadata: true,
    agent: true,
  });
  const room = new Room();
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  let frames = 0;
  room.on(
    RoomEvent.DataReceived,
    (payload: Uint8Array, participant?: RemoteParticipant, _kind?: unknown, topic?: string) => {
      received.push({
        topic: topic ?? '',
        payload: JSON.parse(new TextDecoder().decode(payload)),
        from: participant?.identity,
      });
      for (const waiter of waiters) waiter();
    },
  );
  room.on(RoomEvent.TrackSubscribed, (track: RemoteTrack) => {
    if (track.kind !== TrackKind.KIND_AUDIO) return;
    const reader = new AudioStream(track).getReader();
    void (async () => {
      while (!(await reader.read()).done) frames += 1;
    })();
  });
  // The agent publishes its config as soon as the visitor is in the room, as the real one does.
  const sendConfig = () =>
    void room.localParticipant?.publishData(new TextEncoder().encode(JSON.stringify(config)), {
      reliable: true,
      topic: 'config',
    });
  room.on(RoomEvent.ParticipantConnected, sendConfig);
  await room.connect(server.url, await token.toJwt(), { autoSubscribe: true, dynacast: false });
  // As the real agent does, announce a state on joining.
  await room.localParticipant?.setAttributes({ 'lk.agent.state': 'listening' });
  if (room.remoteParticipants.size > 0) sendConfig();

  const local = () => {
    if (!room.localParticipant) throw new Error('the stand-in is not connected');
    return room.localParticipant;
  };
  const visitor = () => [...room.remoteParticipants.values()][0]?.identity ?? '';
  return {
    room,
    received,
    audioFrames: () => frames,
    next(topic, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find((entry) => entry.topic === topic);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`nothing on ${topic} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    publish: (topic, payload) =>
      local().publishData(new TextEncoder().encode(JSON.stringify(payload)), {
        reliable: true,
        topic,
      }),
    async callRpc(method, payload, timeoutMs = 10_000) {
      const answer = await local().performRpc({
        destinationIdentity: visitor(),
        method,
        payload: JSON.stringify(payload),
        responseTimeout: timeoutMs,
      });
      return JSON.parse(answer);
    },
    setState: (state) => local().setAttributes({ 'lk.agent.state': state }),
    answerRpc(method, handler) {
      local().registerRpcMethod(method, async (data) =>
        JSON.stringify(await handler(JSON.parse(data.payload))),
      );
    },
    leave: () => room.disconnect(),
  };
}
