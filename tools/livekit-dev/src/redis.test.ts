import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startRedis } from './redis.js';

/** Sends PING and resolves with Redis's answer. */
function ping(address: string): Promise<string> {
  const [host = '', port = ''] = address.split(':');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), host, () => socket.write('PING\r\n'));
    socket.setTimeout(2000, () => socket.destroy(new Error('no answer')));
    socket.once('data', (data) => {
      resolve(data.toString('utf8').trim());
      socket.end();
    });
    socket.once('error', reject);
  });
}

describe('startRedis', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('starts a Redis on a free loopback port, answers, and stops', async () => {
    const redis = await startRedis();
    try {
      expect(redis.address).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(redis.url).toBe(`redis://${redis.address}`);
      expect(await ping(redis.address)).toBe('+PONG');
    } finally {
      await redis.stop();
    }
    await expect(ping(redis.address)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('says which Debian package to install when redis-server is missing', async () => {
    process.env.PATH = '/nonexistent';
    await expect(startRedis()).rejects.toThrow(/install the Debian package `redis-server`/);
  });
});
