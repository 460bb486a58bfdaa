import {
  RoomEvent,
  RpcError,
  type RemoteParticipant,
  type Room,
  type TextStreamReader,
} from '@livekit/rtc-node';
import { decodePayload, encodePayload } from '@svc/protocol/parse';

/**
 * The agent's side of the Transport for one visitor: topics and RPC. The conversation logic only
 * sees this, so it runs the same against a room and in tests.
 */
export interface VisitorChannel {
  /** Publishes JSON on a topic: a reliable packet, or a text stream when it is too big for one. */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Calls `handler` with every decoded payload the visitor sends on `topic`. */
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  /** Calls a method on the visitor's page; resolves with its raw answer. */
  call(method: string, payload: unknown, timeoutMs: number): Promise<string>;
  /** Answers a method the visitor's page calls. */
  answer(method: string, handler: (payload: string) => Promise<string>): void;
}

/** Largest payload sent as one reliable packet (the Transport's packet limit is about 15 KiB). */
export const MAX_PACKET_BYTES = 15_000;

/**
 * Largest payload read from the visitor on any topic, as a packet or a text stream, bytes: a
 * larger one is dropped unread (a stream is cancelled as it passes the limit), so a page cannot
 * make the agent buffer and decode megabytes.
 */
export const MAX_VISITOR_PAYLOAD_BYTES = 64 * 1024;

/** A text stream's text, or undefined (reading stopped) once it passes `maxBytes`. */
export async function readBounded(
  chunks: AsyncIterable<string>,
  maxBytes: number = MAX_VISITOR_PAYLOAD_BYTES,
): Promise<string | undefined> {
  let text = '';
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += Buffer.byteLength(chunk);
    if (bytes > maxBytes) return undefined;
    text += chunk;
  }
  return text;
}

/** The channel to `visitorIdentity` in a connected room. */
export function roomChannel(room: Room, visitorIdentity: string): VisitorChannel {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const deliver = (
    topic: string | undefined,
    from: string | undefined,
    data: Uint8Array | string,
  ) => {
    // Only the visitor speaks to the agent on these topics; anything else in the room is ignored.
    if (!topic || from !== visitorIdentity) return;
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (size > MAX_VISITOR_PAYLOAD_BYTES) return;
    const listeners = handlers.get(topic);
    if (!listeners || listeners.size === 0) return;
    const decoded = decodePayload(data);
    if (!decoded.ok) return;
    for (const listener of listeners) listener(decoded.value);
  };
  room.on(
    RoomEvent.DataReceived,
    (payload: Uint8Array, participant?: RemoteParticipant, _kind?: unknown, topic?: string) =>
      deliver(topic, participant?.identity, payload),
  );
  const streamTopics = new Set<string>();
  const local = () => {
    if (!room.localParticipant) throw new Error('the agent is not connected to the room');
    return room.localParticipant;
  };
  return {
    async publish(topic, payload) {
      const bytes = encodePayload(payload);
      if (bytes.length <= MAX_PACKET_BYTES) {
        await local().publishData(bytes, {
          reliable: true,
          topic,
          destination_identities: [visitorIdentity],
        });
      } else {
        await local().sendText(JSON.stringify(payload), {
          topic,
          destinationIdentities: [visitorIdentity],
        });
      }
    },
    subscribe(topic, handler) {
      let listeners = handlers.get(topic);
      if (!listeners) {
        listeners = new Set();
        handlers.set(topic, listeners);
      }
      listeners.add(handler);
      // Large payloads arrive as text streams on the same topic; one stream handler per topic.
      if (!streamTopics.has(topic)) {
        streamTopics.add(topic);
        room.registerTextStreamHandler(
          topic,
          (reader: TextStreamReader, info: { identity: string }) => {
            // Another participant's stream is not read at all.
            if (info.identity !== visitorIdentity) return;
            void readBounded(reader).then(
              (text) => text !== undefined && deliver(topic, info.identity, text),
              () => undefined,
            );
          },
        );
      }
      return () => listeners.delete(handler);
    },
    call: (method, payload, timeoutMs) =>
      local().performRpc({
        destinationIdentity: visitorIdentity,
        method,
        payload: JSON.stringify(payload),
        responseTimeout: timeoutMs,
      }),
    answer(method, handler) {
      local().registerRpcMethod(method, async (data) => {
        if (data.callerIdentity !== visitorIdentity)
          throw new RpcError(
            RpcError.ErrorCode.APPLICATION_ERROR,
            'only the visitor may call this',
          );
        try {
          return await handler(data.payload);
        } catch (error) {
          // The Transport hides a plain error's message ("Application error in method handler");
          // the page gets ours.
          if (error instanceof RpcError) throw error;
          throw new RpcError(
            RpcError.ErrorCode.APPLICATION_ERROR,
            error instanceof Error ? error.message : String(error),
          );
        }
      });
    },
  };
}
