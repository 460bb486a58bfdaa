import type { RoomMetadata } from '@svc/protocol/agent';
import { AccessToken, AgentDispatchClient, RoomServiceClient } from 'livekit-server-sdk';

/** What the API asks of the Transport for a session. */
export interface TransportAdmin {
  /** Creates the room with the metadata the agent reads, and dispatches the agent to it. */
  openRoom(name: string, metadata: RoomMetadata): Promise<void>;
  /** A participant token for the visitor, valid `ttlSeconds`. */
  participantToken(room: string, identity: string, ttlSeconds: number): Promise<string>;
  /** URL clients connect to. */
  readonly url: string;
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
      // The room is emptied 5 minutes after the last participant leaves.
      await rooms.createRoom({ name, metadata: json, emptyTimeout: 300, departureTimeout: 20 });
      await dispatch.createDispatch(name, options.agentName, { metadata: json });
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
