// A visitor for the agent's live tests and benchmarks: an rtc-node participant in a conversation
// room that reads the data channel, answers the page's tool RPC, speaks flite audio into a
// microphone track in real time, and notes when the agent's audio is heard.
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
import { createLiveKitAdmin, withTimeout } from '@svc/api/testing';
import { conversationRoomName } from '@svc/protocol/agent';
import { FliteTTS } from '@svc/agents-plugin-embedded';

/** A 16-bit sample above this is sound, below it near-silence. */
const LOUD = 300;

/** A visitor in a conversation room, on rtc-node: what it received, and what it can do. */
export interface Visitor {
  room: Room;
  received: { topic: string; payload: Record<string, unknown> }[];
  agentAudioPeak(): number;
  next(
    topic: string,
    match?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  publish(topic: string, payload: unknown): Promise<void>;
  /** Waits for `config` and answers `config_ack` (with `extra`, e.g. `suppress_recap`); resolves with the config. */
  acknowledge(
    extra?: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Ends as the page's end button does: `session:control` end, then `session:end`, then leaves; resolves with `session:end`. */
  end(): Promise<Record<string, unknown>>;
  /**
   * Speaks `text` (flite, or {@link VisitSetup.speech}) into the microphone track in real time,
   * then a second of silence; resolves with the time (`Date.now()`) the last word ended.
   */
  say(text: string): Promise<number>;
  /** `Date.now()` of every received agent audio frame louder than near-silence. */
  loudAgentFrames: number[];
  rpcCalls: { method: string; payload: Record<string, unknown> }[];
  /** Byte streams the agents framework's remote-session host sent on `lk.agent.session`. */
  frameworkSessionStreams(): number;
  /** Resolves when the agent participant's `lk.agent.state` is `state`. */
  agentState(state: string, timeoutMs?: number): Promise<void>;
  /** Resolves when no agent participant is left in the room. */
  agentGone(timeoutMs?: number): Promise<void>;
  /** Resolves once any of the agent's speech was heard. */
  heardAgent(timeoutMs?: number): Promise<void>;
  /** Resolves once the agent's speech was heard and it listens again (after a greeting). */
  heardAgentFinish(timeoutMs?: number): Promise<void>;
}

/** What {@link visit} needs: the Transport, the API's conversations, and the worker's log. */
export interface VisitSetup {
  server: { url: string; apiKey: string; apiSecret: string };
  api: { conversation(externalId?: string, mode?: 'audio' | 'text'): Promise<{ id: string }> };
  /** Shown when an awaited message never comes. */
  workerLog?: () => string;
  /**
   * What `say()` speaks: the utterance as 16 kHz mono 16-bit PCM (default: flite `slt`). Lets an
   * evaluation speak voices and engines the agent was not tuned on.
   */
  speech?: (text: string) => Promise<Int16Array>;
  /**
   * The page's RPC methods, each answering the parsed request (default: `search_products`
   * answering SUCCESS). Calls are recorded in `rpcCalls` either way.
   */
  pageMethods?: Record<string, (request: Record<string, unknown>) => unknown>;
}

/**
 * How long joining the room or a publish may take: rtc-node's `publishData` waits on the native
 * side and, in a room whose data channel broke, never settles; a visitor that waits on it would
 * hang its whole run.
 */
const ROOM_CALL_TIMEOUT_MS = 30_000;

/**
 * Opens a conversation room as the Platform API does (which dispatches the agent) and joins it as
 * the visitor. The page's `search_products` tool answers SUCCESS.
 */
export async function visit(
  setup: VisitSetup,
  mode: 'audio' | 'text',
  resume?: { conversationId: string },
): Promise<{ visitor: Visitor; conversationId: string }> {
  const { server, api } = setup;
  const conversationId = resume?.conversationId ?? (await api.conversation(undefined, mode)).id;
  // A new room for every session of a conversation, as the API names them.
  const room = conversationRoomName(conversationId);
  const admin = createLiveKitAdmin({ ...server, agentName: 'svc-agent' });
  await admin.openRoom(room, {
    conversation_id: conversationId,
    input_mode: mode,
    output_mode: mode,
    language: 'en-US',
    resumed: Boolean(resume),
  });
  const token = await admin.participantToken(room, `visitor-${conversationId.slice(0, 8)}`, 600);
  const visitor = await joinAsVisitor({ url: server.url, token }, mode, setup);
  return { visitor, conversationId };
}

/**
 * Joins a conversation room as the visitor with Transport credentials already issued (e.g. the
 * `rt_url` and `rt_token` of the public session start), as {@link visit} does after it opened
 * the room itself.
 */
export async function joinAsVisitor(
  credentials: { url: string; token: string },
  mode: 'audio' | 'text',
  setup: Pick<VisitSetup, 'workerLog' | 'speech' | 'pageMethods'> = {},
): Promise<Visitor> {
  const participant = new Room();
  const received: Visitor['received'] = [];
  const waiters = new Set<() => void>();
  let peak = 0;
  const loudAgentFrames: number[] = [];
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
        let framePeak = 0;
        for (const sample of value.data) framePeak = Math.max(framePeak, Math.abs(sample));
        peak = Math.max(peak, framePeak);
        if (framePeak > LOUD) loudAgentFrames.push(Date.now());
      }
    })();
  });
  const rpcCalls: Visitor['rpcCalls'] = [];
  let sessionStreams = 0;
  participant.registerByteStreamHandler('lk.agent.session', (reader) => {
    sessionStreams += 1;
    void reader.readAll().catch(() => undefined);
  });
  await withTimeout(
    participant.connect(credentials.url, credentials.token, {
      autoSubscribe: true,
      dynacast: false,
    }),
    ROOM_CALL_TIMEOUT_MS,
    'joining the room',
  );
  const local = participant.localParticipant;
  if (!local) throw new Error('the visitor joined without a local participant');
  // The page's tool handler: the search panel shows what the agent found.
  const pageMethods = setup.pageMethods ?? {
    search_products: (request: Record<string, unknown>) => ({
      requestId: request.requestId,
      code: 'SUCCESS',
      data: { shown: true },
    }),
  };
  for (const [method, answer] of Object.entries(pageMethods)) {
    local.registerRpcMethod(method, async (data) => {
      const request = JSON.parse(data.payload) as Record<string, unknown>;
      rpcCalls.push({ method, payload: request });
      return JSON.stringify(await answer(request));
    });
  }
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
    frameworkSessionStreams: () => sessionStreams,
    agentAudioPeak: () => peak,
    loudAgentFrames,
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
              `nothing on ${topic} within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.topic))}\n${setup.workerLog?.().slice(-3000) ?? ''}`,
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
    async heardAgent(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (loudAgentFrames.length === 0) {
        if (Date.now() > deadline) throw new Error('the agent was never heard');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async heardAgentFinish(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      await this.heardAgent(timeoutMs);
      await this.agentState('listening', Math.max(1000, deadline - Date.now()));
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
    async acknowledge(extra = {}, timeoutMs = 60_000) {
      const config = await this.next('config', () => true, timeoutMs);
      await this.publish('config_ack', { acknowledged: true, timestamp: Date.now(), ...extra });
      return config;
    },
    async end() {
      await this.publish('session:control', { action: 'end' });
      const ended = await this.next('session:end');
      await participant.disconnect();
      return ended;
    },
    publish: (topic, payload) =>
      withTimeout(
        local.publishData(new TextEncoder().encode(JSON.stringify(payload)), {
          reliable: true,
          topic,
        }),
        ROOM_CALL_TIMEOUT_MS,
        `publishing on ${topic}`,
      ),
    async say(text) {
      const silence = () => new AudioFrame(new Int16Array(320), 16_000, 1, 320);
      const frames: AudioFrame[] = [];
      if (setup.speech) {
        // 20 ms frames of the given PCM, the last one padded with silence.
        const pcm = await setup.speech(text);
        for (let offset = 0; offset < pcm.length; offset += 320) {
          const frame = new Int16Array(320);
          frame.set(pcm.subarray(offset, offset + 320));
          frames.push(new AudioFrame(frame, 16_000, 1, 320));
        }
      } else {
        for await (const audio of tts.synthesize(text)) frames.push(audio.frame);
      }
      // flite pads its audio with near-silence: the words end at the last loud frame.
      let lastSpeech = 0;
      for (const [index, frame] of frames.entries()) {
        if (frame.data.some((sample) => Math.abs(sample) > LOUD)) lastSpeech = index;
      }
      // A microphone delivers in real time: 20 ms frames, 20 ms apart (a source fed faster drops
      // what its queue cannot hold). A second of silence after the words ends the turn.
      const all = [
        ...Array.from({ length: 10 }, silence),
        ...frames,
        ...Array.from({ length: 50 }, silence),
      ];
      const start = Date.now();
      let elapsed = 0;
      let spokenUntil = 0;
      for (const [index, frame] of all.entries()) {
        await source.captureFrame(frame);
        elapsed += (frame.samplesPerChannel / frame.sampleRate) * 1000;
        const wait = start + elapsed - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (index === 10 + lastSpeech) spokenUntil = Date.now();
      }
      return spokenUntil;
    },
  };
  return visitor;
}
