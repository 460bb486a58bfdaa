import type { SessionMode } from '@svc/protocol';
import type { ConversationLimits, RoomMetadata } from '@svc/protocol/agent';
import type { FastifyBaseLogger } from 'fastify';
import { AccessToken, AgentDispatchClient, RoomServiceClient } from 'livekit-server-sdk';
import { HttpError } from './errors.js';

/** What the API asks of the Transport for a session. */
export interface TransportAdmin {
  /** Creates the room with the metadata the agent reads, and dispatches the agent to it. */
  openRoom(name: string, metadata: RoomMetadata): Promise<void>;
  /** A participant token for the visitor, valid `ttlSeconds`. */
  participantToken(room: string, identity: string, ttlSeconds: number): Promise<string>;
  /** The names of the rooms open now (for the reaper of conversations whose room is gone). */
  roomNames(): Promise<string[]>;
  /**
   * Closes a room, disconnecting everyone in it (the reaper, for a conversation past its limits
   * whose agent did not end it). A room already gone is no error.
   */
  closeRoom(name: string): Promise<void>;
  /** URL clients connect to. */
  readonly url: string;
}

/**
 * Runs `call`, trying again twice, 500 ms apart, when it fails. In a multi-node deployment a node
 * that has just stopped fails a call or two (a pooled connection to it, a room placed on it before
 * the others noticed) while the other nodes answer: the scale-out smoke saw such a session start
 * answered 503.
 */
async function retried<T>(call: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The Transport on LiveKit: rooms through the server API, the agent dispatched by name. */
export function createLiveKitAdmin(options: {
  url: string;
  apiKey: string;
  apiSecret: string;
  agentName: string;
}): TransportAdmin {
  const host = options.url.replace(/^ws/, 'http');
  const rooms = new RoomServiceClient(host, options.apiKey, options.apiSecret);
  const dispatch = new AgentDispatchClient(host, options.apiKey, options.apiSecret);
  return {
    url: options.url,
    async openRoom(name, metadata) {
      const json = JSON.stringify(metadata);
      // The room is emptied 5 minutes after the last participant leaves. Creating it again is
      // harmless, so a failed attempt is tried again.
      await retried(() =>
        rooms.createRoom({ name, metadata: json, emptyTimeout: 300, departureTimeout: 20 }),
      );
      // A dispatch is tried again only if the failed attempt left none: two would send two agents.
      await retried(async () => {
        const existing = await dispatch.listDispatch(name).catch(() => []);
        if (existing.some((entry) => entry.agentName === options.agentName)) return;
        await dispatch.createDispatch(name, options.agentName, { metadata: json });
      });
    },
    async roomNames() {
      return (await rooms.listRooms()).map((room) => room.name);
    },
    async closeRoom(name) {
      const open = await rooms.listRooms([name]);
      if (open.length > 0) await rooms.deleteRoom(name);
    },
    async participantToken(room, identity, ttlSeconds) {
      const token = new AccessToken(options.apiKey, options.apiSecret, {
        identity,
        ttl: ttlSeconds,
      });
      token.addGrant({
        room,
        roomJoin: true,
        canPublish: true,
        canSubscribe: true,
        canPublishData: true,
      });
      return token.toJwt();
    },
  };
}

/** What a session start asks of the Transport for one conversation. */
export interface SessionRoom {
  /** The conversation, the room it runs in, and whether that room must be opened first. */
  conversation: { id: string; language: string; room: string; open: boolean };
  visitorId: number;
  inputMode: SessionMode;
  outputMode: SessionMode;
  metadata: Record<string, unknown>;
  resumed: boolean;
  /** What the agent enforces on the conversation (without them, the agent's defaults). */
  limits?: ConversationLimits | undefined;
  /** Lifetime of the participant token, seconds. */
  ttlSeconds: number;
}

/**
 * Opens the conversation's room (the agent dispatched with its metadata) unless the conversation
 * still runs in it, and answers the session credentials for that room; 503 when the Transport
 * does not answer.
 */
export async function openSessionRoom(
  transport: TransportAdmin,
  session: SessionRoom,
  log: FastifyBaseLogger,
): Promise<{ rt_token: string; rt_url: string; expires_in: number }> {
  const { room } = session.conversation;
  const metadata: RoomMetadata = {
    conversation_id: session.conversation.id,
    input_mode: session.inputMode,
    output_mode: session.outputMode,
    language: session.conversation.language,
    metadata: session.metadata,
    resumed: session.resumed,
    ...(session.limits ? { limits: session.limits } : {}),
  };
  if (session.conversation.open) {
    try {
      await transport.openRoom(room, metadata);
    } catch (cause) {
      log.warn({ err: cause }, 'Transport unreachable');
      throw new HttpError(503, 'the Transport is unreachable; try again shortly');
    }
  }
  const identity = `visitor-${session.visitorId}`;
  return {
    rt_token: await transport.participantToken(room, identity, session.ttlSeconds),
    rt_url: transport.url,
    expires_in: session.ttlSeconds,
  };
}
