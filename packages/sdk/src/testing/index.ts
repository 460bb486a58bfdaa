/**
 * `@svc/sdk/testing`: fakes for testing your own frontend without a server.
 *
 * @packageDocumentation
 */
export { FakeTransport, fakeConfig, type SentPayload } from './fake-transport.js';
export { TestStorage } from '../client/test-storage.js';
export type {
  ParticipantEvent,
  RpcHandler,
  Transport,
  TransportConnectionState,
  TransportEvents,
} from '../transport/transport.js';
