/**
 * `@svc/livekit-dev`: a local livekit-server for development, tests and benchmarks: built once from
 * its Go module into a cache, configured for loopback with generated keys, started and stopped;
 * with a throwaway Redis, several servers form one multi-node deployment.
 *
 * @packageDocumentation
 */
export { cacheDir } from './cache.js';
export {
  ensureLivekitServer,
  livekitServerPath,
  LIVEKIT_SERVER_VERSION,
  type EnsureLivekitServerOptions,
} from './server-binary.js';
export {
  startLivekitServer,
  agentWorkerLogPattern,
  type LivekitServer,
  type LivekitServerOptions,
} from './livekit-server.js';
export { startRedis, type RedisServer } from './redis.js';
