import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { initializeLogger } from '@livekit/agents';
import {
  AudioFrame,
  AudioSource,
  AudioStream,
  LocalAudioTrack,
  Room,
  RoomEvent,
  TrackKind,
  TrackPublishOptions,
  TrackSource,
  type RemoteParticipant,
  type RemoteTrack,
} from '@livekit/rtc-node';
import { startLivekitServer, type LivekitServer } from '@svc/livekit-dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveKitAdmin } from '../../api/src/transport.js';
import { FliteTTS } from './embedded/speech/index.js';
import {
  DEMO_SCRIPT,
  freePort,
  scriptPublication,
  spawnAgentWorker,
  startTestApi,
  TEST_AGENT_KEY,
} from './test-support.js';

// The agent worker as it runs in production, in its own process, against a real livekit-server
// and the real Platform API; the visitor is an rtc-node participant that speaks flite audio. The
// LLM is the agents framework's FakeLLM, scripted by the scenario, so every turn is known; speech
// (pocketsphinx, flite, silero VAD) is the real embedded stack.
initializeLogger({ pretty: false, level: 'warn' });

let server: LivekitServer;
let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: ChildProcess;
let workerLog: string[] = [];

beforeAll(async () => {
  server = await startLivekitServer();
  api = await startTestApi();
  await scriptPublication(api.database, api.demo.publications.production, DEMO_SCRIPT);
  ({ child: worker, log: workerLog } = spawnAgentWorker({
    livekit: server,
    apiUrl: api.url,
    agentKey: TEST_AGENT_KEY,
    healthPort: await freePort(),
  }));
  await server.waitForAgentWorker('svc-agent', 90_000);
}, 180_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    worker.kill('SIGTERM');
    await Promise.race([
      once(worker, 'exit'),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ]);
    if (worker.exitCode === null) worker.kill('SIGKILL');
  }
  await api?.close();
  await server?.stop();
});

interface Visitor {
  room: Room;
  received: { topic: string; payload: Record<string, unknown> }[];
  agentAudioPeak(): number;
  next(
    topic: string,
    match?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  publish(topic: string, payload: unknown): Promise<void>;
  say(text: string): Promise<void>;
  rpcCalls: { method: string; payload: Record<string, unknown> }[];
  /** Resolves when the agent participant's `lk.agent.state` is `state`. */
  agentState(state: string, timeoutMs?: number): Promise<void>;
  /** Resolves when no agent participant is left in the room. */
  agentGone(timeoutMs?: number): Promise<void>;
}

/** Opens a session through the API (which dispatches the agent) and joins as the visitor. */
async function visit(
  mode: 'audio' | 'text',
): Promise<{ visitor: Visitor; conversationId: string }> {
  const { id: conversationId } = await api.conversation(undefined, mode);
  const room = `conversation-${conversationId}`;
  const admin = createLiveKitAdmin({ ...server, agentName: 'svc-agent' });
  await admin.openRoom(room, {
    conversation_id: conversationId,
    input_mode: mode,
    output_mode: mode,
    language: 'en-US',
    resumed: false,
  });
  const token = await admin.participantToken(room, `visitor-${conversationId.slice(0, 8)}`, 600);
  const participant = new Room();
  const received: Visitor['received'] = [];
  const waiters = new Set<() => void>();
  let peak = 0;
  participant.on(
    RoomEvent.DataReceived,
    (payload: Uint8Array, _p?: RemoteParticipant, _k?: unknown, topic?: string) => {
      received.push({
        topic: topic ?? '',
        payload: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>,
      });
      for (const waiter of waiters) waiter();
    },
  );
  participant.on(RoomEvent.TrackSubscribed, (track: RemoteTrack) => {
    if (track.kind !== TrackKind.KIND_AUDIO) return;
    const reader = new AudioStream(track).getReader();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        for (const sample of value.data) peak = Math.max(peak, Math.abs(sample));
      }
    })();
  });
  const rpcCalls: Visitor['rpcCalls'] = [];
  await participant.connect(server.url, token, { autoSubscribe: true, dynacast: false });
  const local = participant.localParticipant!;
  // The page's tool handler: the search panel shows what the agent found.
  local.registerRpcMethod('search_products', async (data) => {
    const request = JSON.parse(data.payload) as Record<string, unknown>;
    rpcCalls.push({ method: 'search_products', payload: request });
    return JSON.stringify({ requestId: request.requestId, code: 'SUCCESS', data: { shown: true } });
  });
  const source = new AudioSource(16_000, 1);
  if (mode === 'audio') {
    const track = LocalAudioTrack.createAudioTrack('microphone', source);
    await local.publishTrack(
      track,
      new TrackPublishOptions({ source: TrackSource.SOURCE_MICROPHONE }),
    );
  }
  const tts = new FliteTTS({ voice: 'slt' });
  const visitor: Visitor = {
    room: participant,
    received,
    rpcCalls,
    agentAudioPeak: () => peak,
    next(topic, match = () => true, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find((entry) => entry.topic === topic && match(entry.payload));
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found.payload);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `nothing on ${topic} within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.topic))}\n${workerLog.join('').slice(-3000)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async agentState(state, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const current = () =>
        [...participant.remoteParticipants.values()]
          .map((p) => p.attributes['lk.agent.state'])
          .find(Boolean);
      while (current() !== state) {
        if (Date.now() > deadline)
          throw new Error(`the agent never became ${state} (it is ${current()})`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async agentGone(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      const agents = () =>
        [...participant.remoteParticipants.values()].filter((p) => p.attributes['lk.agent.state']);
      while (agents().length > 0) {
        if (Date.now() > deadline) throw new Error(`the agent is still in the room`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    publish: (topic, payload) =>
      local.publishData(new TextEncoder().encode(JSON.stringify(payload)), {
        reliable: true,
        topic,
      }),
    async say(text) {
      const silence = () => new AudioFrame(new Int16Array(320), 16_000, 1, 320);
      const frames: AudioFrame[] = [];
      for await (const audio of tts.synthesize(text)) frames.push(audio.frame);
      // A microphone delivers in real time: 20 ms frames, 20 ms apart (a source fed faster drops
      // what its queue cannot hold). A second of silence after the words ends the turn.
      const all = [
        ...Array.from({ length: 10 }, silence),
        ...frames,
        ...Array.from({ length: 50 }, silence),
      ];
      const start = Date.now();
      let elapsed = 0;
      for (const frame of all) {
        await source.captureFrame(frame);
        elapsed += (frame.samplesPerChannel / frame.sampleRate) * 1000;
        const wait = start + elapsed - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
  return { visitor, conversationId };
}

/** The conversation's stored end, once the agent recorded it (it tells the visitor first). */
async function storedEnd(conversationId: string): Promise<{ end_reason: string | null }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const row = await api.database.db
      .selectFrom('conversations')
      .select(['end_reason'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    if (row.end_reason !== null || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const userSaid = (payload: Record<string, unknown>) => payload.role === 'user';
const assistantSaid = (text: string) => (payload: Record<string, unknown>) =>
  payload.role === 'assistant' && String(payload.content).includes(text);

describe('the agent worker in a real room', () => {
  it('speaks: config, the visitor heard, a reply spoken, a page tool used, the end tool ends the session', async () => {
    const { visitor, conversationId } = await visit('audio');
    const config = await visitor.next('config', () => true, 60_000);
    expect(config).toMatchObject({
      type: 'config',
      conversation_id: conversationId,
      voice_stack: 'embedded',
    });
    expect((config.features as unknown[]).length).toBe(5);
    await visitor.publish('config_ack', { acknowledged: true, timestamp: Date.now() });
    // The greeting is the scenario's first message, spoken.
    await visitor.next('message:new', assistantSaid('welcome to Trailhead'));
    // The visitor waits for the greeting to be spoken, as people do.
    await visitor.agentState('speaking');
    await visitor.agentState('listening');
    await visitor.say('do you have tents');
    const heard = await visitor.next('message:new', userSaid, 30_000);
    // Synthetic speech through the Transport's codec loses words (bench/agent measures how many);
    // the turn must carry what was heard of it.
    expect(String(heard.content)).toMatch(/\b(do|you|have|tents?)\b/);
    const reply = await visitor.next('message:new', assistantSaid('tents on your screen'), 30_000);
    expect(reply.id).toEqual(expect.any(String));
    // The page's tool was called with the search results, and its answer reached the model.
    expect(visitor.rpcCalls[0]?.payload).toMatchObject({
      tool: 'search_products',
      args: { query: 'tent', result: { items: expect.any(Array) } },
    });
    const toolMessages = visitor.received.filter(
      (entry) => entry.topic === 'message:new' && entry.payload.role === 'tool',
    );
    expect(String(toolMessages[0]?.payload.content)).toContain('"shown_on_page":true');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(visitor.agentAudioPeak()).toBeGreaterThan(1000);
    await visitor.agentState('listening');
    // Typed input works in a voice session too.
    await visitor.publish('rt.chat', { message: 'Thanks, goodbye' });
    const end = await visitor.next('session:end', () => true, 30_000);
    expect(end).toMatchObject({ reason: 'completed', ended_at: expect.any(String) });
    // Stored through the API: the messages, and the end.
    expect(await storedEnd(conversationId)).toEqual({ end_reason: 'completed' });
    const stored = await api.database.db
      .selectFrom('messages')
      .select(['role', 'content'])
      .where('conversation_id', '=', conversationId)
      .execute();
    expect(stored.map((m) => m.role)).toEqual(
      expect.arrayContaining(['assistant', 'user', 'tool']),
    );
    await visitor.room.disconnect();
  }, 150_000);

  it('writes: rt.chat gets a text reply, session:control end ends with user_requested', async () => {
    const { visitor, conversationId } = await visit('text');
    await visitor.next('config', () => true, 60_000);
    await visitor.publish('config_ack', { acknowledged: true, timestamp: Date.now() });
    await visitor.next('message:new', assistantSaid('welcome to Trailhead'));
    await visitor.publish('rt.chat', { message: 'Hello there' });
    await visitor.next('message:new', assistantSaid('How can I help you?'));
    await visitor.publish('state:update', {
      checkpoint: 'search',
      data: { query: 'tents' },
      version: 3,
    });
    await visitor.publish('session:control', { action: 'end' });
    const end = await visitor.next('session:end');
    expect(end.reason).toBe('user_requested');
    const checkpoint = await api.database.db
      .selectFrom('restore_checkpoints')
      .select(['version'])
      .where('conversation_id', '=', conversationId)
      .execute();
    expect(checkpoint.map((c) => c.version)).toEqual([3]);
    expect(await storedEnd(conversationId)).toEqual({ end_reason: 'user_requested' });
    expect(visitor.agentAudioPeak()).toBe(0);
    await visitor.room.disconnect();
  }, 120_000);

  // Last: it takes the worker down.
  it('leaves the room when its process is killed (the SDK then ends with agent_disconnected)', async () => {
    const { visitor } = await visit('text');
    await visitor.next('config', () => true, 60_000);
    await visitor.publish('config_ack', { acknowledged: true, timestamp: Date.now() });
    await visitor.next('message:new', assistantSaid('welcome to Trailhead'));
    await visitor.agentState('listening');
    worker.kill('SIGKILL');
    // The job process sees its worker go and exits; the Transport drops its participant.
    await visitor.agentGone(30_000);
    await visitor.room.disconnect();
  }, 90_000);
});
