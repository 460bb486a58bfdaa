import {
  ConnectionState,
  DefaultReconnectPolicy,
  ParticipantKind,
  Room,
  RoomEvent,
  type Participant,
  type RemoteParticipant,
} from 'livekit-client';
import type { TOPICS } from '@svc/protocol';
import type { encodePayload } from '@svc/protocol/parse';
import type { RpcHandler, Transport, TransportEvents } from './transport.js';

/**
 * How long a lost connection is tried again before the session ends, ms between attempts (with
 * livekit-client's jitter of +/-50%): about 16 s in all, instead of its default 44 s. A visitor's
 * network that comes back (a phone between networks) is back within it; a Transport that is gone
 * ends the conversation while the visitor still waits for it (docs/decisions.md, "Faults").
 */
const RECONNECT_DELAYS_MS = [0, 300, 1200, 2700, 4800, 7000];

// One reliable data packet carries about 15 KiB; bigger payloads go as a text stream on the same
// topic (docs/decisions.md).
const MAX_PACKET_BYTES = 15_000;

/**
 * The protocol's topics and encoder the Transport uses, handed in by `SvcSession` instead of
 * imported here: a page bundled without code splitting evaluates this lazily loaded module's
 * imports lazily too, and a protocol entry imported from here would come whole, every parser with
 * it.
 */
export interface TransportWire {
  topics: typeof TOPICS;
  encodePayload: typeof encodePayload;
}

/** The Transport on LiveKit (`livekit-client`, a peer dependency). */
export class LiveKitTransport implements Transport {
  // Echo cancellation lets the agent listen while it speaks (barge-in); noise suppression and
  // gain control did not cost recognition on the spoken evaluation. See docs/decisions.md.
  readonly engine = new Room({
    adaptiveStream: true,
    dynacast: true,
    reconnectPolicy: new DefaultReconnectPolicy(RECONNECT_DELAYS_MS),
    audioCaptureDefaults: {
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: 1,
    },
  });
  private readonly listeners: { [E in keyof TransportEvents]: Set<TransportEvents[E]> } = {
    data: new Set(),
    connection: new Set(),
    participant: new Set(),
  };
  private leaving = false;

  constructor(private readonly wire: TransportWire) {
    const room = this.engine;
    const participant = (kind: 'joined' | 'left' | 'attributes') => (remote: Participant) =>
      this.emit('participant', {
        kind,
        identity: remote.identity,
        isAgent: remote.kind === ParticipantKind.AGENT,
        attributes: remote.attributes,
      });
    room
      .on(
        RoomEvent.DataReceived,
        (payload: Uint8Array, _from?: RemoteParticipant, _kind?: unknown, topic?: string) => {
          if (topic) this.emit('data', topic, payload);
        },
      )
      .on(RoomEvent.ParticipantConnected, participant('joined'))
      .on(RoomEvent.ParticipantDisconnected, participant('left'))
      .on(
        RoomEvent.ParticipantAttributesChanged,
        (_changed: Record<string, string>, remote: Participant) =>
          participant('attributes')(remote),
      )
      // The signal connection lost alone comes first, and is what a Transport that went away
      // looks like for its first seconds (until the media connection times out too): the visitor
      // hears of it at once.
      .on(RoomEvent.SignalReconnecting, () => this.emit('connection', 'reconnecting'))
      .on(RoomEvent.Reconnecting, () => this.emit('connection', 'reconnecting'))
      .on(RoomEvent.Reconnected, () => this.emit('connection', 'connected'))
      .on(RoomEvent.Disconnected, (reason?: unknown) => {
        if (!this.leaving)
          this.emit(
            'connection',
            'disconnected',
            reason === undefined ? undefined : String(reason),
          );
      });
  }

  async connect(url: string, token: string): Promise<void> {
    // Text streams are how large payloads (a big `config`) arrive; listen before joining.
    for (const topic of [this.wire.topics.CONFIG, this.wire.topics.MESSAGE_NEW]) {
      this.engine.registerTextStreamHandler(topic, async (reader) => {
        this.emit('data', topic, new TextEncoder().encode(await reader.readAll()));
      });
    }
    await this.engine.connect(url, token);
    // Participants already in the room (the agent may have joined first) are reported now.
    for (const remote of this.engine.remoteParticipants.values()) {
      this.emit('participant', {
        kind: 'joined',
        identity: remote.identity,
        isAgent: remote.kind === ParticipantKind.AGENT,
        attributes: remote.attributes,
      });
    }
  }

  async disconnect(): Promise<void> {
    this.leaving = true;
    if (this.engine.state !== ConnectionState.Disconnected) await this.engine.disconnect();
  }

  async setMicrophoneEnabled(enabled: boolean): Promise<void> {
    await this.engine.localParticipant.setMicrophoneEnabled(enabled);
  }

  sendText(text: string): Promise<void> {
    return this.publishData(this.wire.topics.CHAT, { message: text });
  }

  async publishData(topic: string, payload: unknown): Promise<void> {
    const bytes = this.wire.encodePayload(payload);
    if (bytes.length <= MAX_PACKET_BYTES) {
      await this.engine.localParticipant.publishData(bytes, { reliable: true, topic });
    } else {
      await this.engine.localParticipant.sendText(JSON.stringify(payload), { topic });
    }
  }

  registerToolHandler(method: string, handler: RpcHandler): void {
    this.engine.registerRpcMethod(method, (data) => handler(data.payload, data.callerIdentity));
  }

  unregisterToolHandler(method: string): void {
    this.engine.unregisterRpcMethod(method);
  }

  async callAgent(method: string, payload: string, timeoutMs: number): Promise<string> {
    const agent = [...this.engine.remoteParticipants.values()].find(
      (p) => p.kind === ParticipantKind.AGENT,
    );
    if (!agent) throw new Error('no agent in the room');
    return this.engine.localParticipant.performRpc({
      destinationIdentity: agent.identity,
      method,
      payload,
      responseTimeout: timeoutMs,
    });
  }

  on<E extends keyof TransportEvents>(event: E, listener: TransportEvents[E]): () => void {
    this.listeners[event].add(listener);
    return () => this.listeners[event].delete(listener);
  }

  private emit<E extends keyof TransportEvents>(
    event: E,
    ...args: Parameters<TransportEvents[E]>
  ): void {
    for (const listener of this.listeners[event])
      (listener as (...values: Parameters<TransportEvents[E]>) => void)(...args);
  }
}
