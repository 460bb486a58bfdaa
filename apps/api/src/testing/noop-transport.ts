import type { RoomMetadata } from '@svc/protocol/agent';
import type { TransportAdmin } from '../transport.js';

/** A room a {@link NoopTransport} was asked to open. */
export interface OpenedRoom {
  name: string;
  metadata: RoomMetadata;
}

/** A Transport that opens nothing and remembers what it was asked. */
export interface NoopTransport extends TransportAdmin {
  /** The rooms session starts asked for, oldest first. */
  readonly rooms: OpenedRoom[];
}

/**
 * A Transport for tests that need no livekit-server: every room "opens" at once and no agent is
 * dispatched, so a session start answers 200 with a participant token nothing accepts. The rooms
 * asked for are kept, so a test can read the metadata the API wrote.
 */
export function noopTransport(): NoopTransport {
  const rooms: OpenedRoom[] = [];
  return {
    // Port 9 (discard): a client that tries to connect fails at once instead of hanging.
    url: 'ws://127.0.0.1:9',
    rooms,
    async openRoom(name, metadata) {
      rooms.push({ name, metadata });
    },
    async participantToken(room, identity) {
      return `noop-token:${room}:${identity}`;
    },
    // Every room it opened stays open until it is closed.
    async roomNames() {
      return rooms.map((room) => room.name);
    },
    async closeRoom(name) {
      const index = rooms.findIndex((room) => room.name === name);
      if (index >= 0) rooms.splice(index, 1);
    },
  };
}
