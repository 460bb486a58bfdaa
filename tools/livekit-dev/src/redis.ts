import { spawnSync } from 'node:child_process';
import { freePort, startProcess } from './child-process.js';

/** A running throwaway Redis on loopback. */
export interface RedisServer {
  /** `host:port`, as livekit-server's `redis.address` takes it. */
  address: string;
  /** `redis://host:port`. */
  url: string;
  /** Stops Redis; always settles, and may be called again. */
  stop(): Promise<void>;
}

/**
 * Starts Debian's `redis-server` on a free loopback port with no persistence, for multi-node
 * LiveKit in tests and on a developer machine. Throws when `redis-server` is not installed.
 */
export async function startRedis(): Promise<RedisServer> {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error(
      'redis-server is not on PATH: install the Debian package `redis-server` ' +
        '(`apt-get install -y redis-server`; `npm run setup` installs it)',
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
  try {
    await redis.waitForLog(/Ready to accept connections/, 10_000);
  } catch (error) {
    await redis.stop();
    throw new Error(`redis-server did not start; its last lines:\n${redis.logs.join('\n')}`, {
      cause: error,
    });
  }
  const address = `127.0.0.1:${port}`;
  return { address, url: `redis://${address}`, stop: () => redis.stop() };
}
