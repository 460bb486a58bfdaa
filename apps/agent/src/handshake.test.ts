import type { ConfigPayload } from '@svc/protocol';
import { HANDSHAKE } from '@svc/protocol/agent';
import { describe, expect, it } from 'vitest';
import { runHandshake } from './handshake.js';
import { recordingChannel } from './test-support.js';

const config = { type: 'config', conversation_id: 'c-1', features: [] } as unknown as ConfigPayload;
const fast = { resendDelaysMs: [40, 40, 40], giveUpMs: 200 };

describe('runHandshake', () => {
  it('publishes config and settles on the first config_ack', async () => {
    const visitor = recordingChannel();
    const result = runHandshake(visitor.channel, config, fast);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Not an acknowledgement: ignored.
    visitor.send('config_ack', { acknowledged: false, timestamp: Date.now() });
    visitor.send('config_ack', { acknowledged: true, timestamp: Date.now(), suppress_recap: true });
    expect(await result).toMatchObject({
      acknowledged: true,
      attempts: 1,
      ack: { suppress_recap: true },
    });
    expect(visitor.on('config')).toEqual([config]);
    expect(visitor.on('config_request')).toEqual([]);
    // Nothing is resent after the ack.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(visitor.on('config')).toHaveLength(1);
  });

  it('resends: config_request with the attempt, then config again, until acknowledged', async () => {
    const visitor = recordingChannel();
    const result = runHandshake(visitor.channel, config, fast);
    await new Promise((resolve) => setTimeout(resolve, 100));
    visitor.send('config_ack', { acknowledged: true, timestamp: Date.now() });
    expect(await result).toMatchObject({ acknowledged: true, attempts: 3 });
    expect(visitor.on('config_request')).toEqual([
      { type: 'config_request', attempt: 1, timestamp: expect.any(Number) },
      { type: 'config_request', attempt: 2, timestamp: expect.any(Number) },
    ]);
    expect(visitor.on('config')).toHaveLength(3);
  });

  it('gives up after its bounded time with reason timeout', async () => {
    const visitor = recordingChannel();
    const started = Date.now();
    const result = await runHandshake(visitor.channel, config, fast);
    expect(result).toEqual({ acknowledged: false, attempts: 4, reason: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('settles at once when the conversation ends first', async () => {
    const visitor = recordingChannel();
    const abort = new AbortController();
    const result = runHandshake(visitor.channel, config, { ...fast, signal: abort.signal });
    abort.abort();
    expect(await result).toMatchObject({ acknowledged: false, reason: 'aborted' });
  });

  it('keeps going when a publish fails (the visitor may be reconnecting)', async () => {
    const visitor = recordingChannel();
    let calls = 0;
    const flaky = {
      ...visitor.channel,
      publish: (topic: string, payload: unknown) =>
        (calls += 1) === 1
          ? Promise.reject(new Error('not connected'))
          : visitor.channel.publish(topic, payload),
    };
    const result = runHandshake(flaky, config, fast);
    await new Promise((resolve) => setTimeout(resolve, 60));
    visitor.send('config_ack', { acknowledged: true, timestamp: Date.now() });
    expect(await result).toMatchObject({ acknowledged: true, attempts: 2 });
    expect(visitor.on('config')).toHaveLength(1);
  });

  it('uses the decisions’ schedule by default: resends within the 20 s give-up', () => {
    expect(HANDSHAKE.CONFIG_ACK_GIVE_UP_MS).toBe(20_000);
    const total = HANDSHAKE.CONFIG_RESEND_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(HANDSHAKE.CONFIG_RESEND_DELAYS_MS.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(HANDSHAKE.CONFIG_ACK_GIVE_UP_MS);
  });
});
