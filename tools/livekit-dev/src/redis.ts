import { spawnSync } from 'node:child_process';
import { freePort, startProcess } from './child-process.js';

/** A running throwaway Redis on loopback. */
export interface RedisServer {
  /** `host:port`, as livekit-server's `redis.address` takes it. */
  address: string;
  /** `redis://host:port`. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's `redis-server` on a free loopback port, without persistence, for multi-node
 * LiveKit and shared rate limits in tests.
 */
export async function startRedis(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      'redis-server is not installed: install the Debian package `redis-server` (npm test does)',
    );
  }
  const port = await freePort();
  const redis = startProcess('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await redis.waitForLog(/Ready to accept connections/, 10_000);
  const address = `127.0.0.1:${port}`;
  return { address, url: `redis://${address}`, stop: () => redis.stop() };
}
