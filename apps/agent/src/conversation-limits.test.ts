import { MESSAGE_REFUSED_EVENT, TOPICS } from '@svc/protocol';
import { AGENT_END_REASONS } from '@svc/protocol/agent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBounded, type VisitorChannel } from './channel.js';
import {
  limitedChannel,
  limitGoodbye,
  MAX_CHAT_CHARACTERS,
  startConversationClock,
  TokenBucket,
} from './conversation-limits.js';

/** A channel whose visitor side a test drives: `send` delivers as the page would. */
function fakeChannel() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const published: { topic: string; payload: unknown }[] = [];
  const channel: VisitorChannel = {
    async publish(topic, payload) {
      published.push({ topic, payload });
    },
    subscribe(topic, handler) {
      handlers.set(topic, handler);
      return () => handlers.delete(topic);
    },
    call: async () => '',
    answer: () => undefined,
  };
  return {
    channel,
    published,
    send: (topic: string, payload: unknown) => handlers.get(topic)?.(payload),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the visitor message limits', () => {
  it('refuses typed messages past the rate with a notice, never queues them, and lets them through as tokens come back', () => {
    let now = 0;
    const fake = fakeChannel();
    const heard: string[] = [];
    const channel = limitedChannel(fake.channel, { messages_per_minute: 3 }, { now: () => now });
    channel.subscribe(TOPICS.CHAT, (payload) =>
      heard.push((payload as { message: string }).message),
    );
    for (const message of ['a', 'b', 'c', 'd', 'e']) fake.send(TOPICS.CHAT, { message });
    expect(heard).toEqual(['a', 'b', 'c']);
    // One notice for the burst, with when to try again.
    expect(fake.published).toEqual([
      {
        topic: TOPICS.EVENT_FIRE,
        payload: {
          name: MESSAGE_REFUSED_EVENT,
          data: { topic: TOPICS.CHAT, reason: 'rate_limited', retry_after_ms: 20_000 },
          timestamp: 0,
        },
      },
    ]);
    now = 20_000;
    fake.send(TOPICS.CHAT, { message: 'f' });
    fake.send(TOPICS.CHAT, { message: 'g' });
    // The refused ones are gone, not delivered late.
    expect(heard).toEqual(['a', 'b', 'c', 'f']);
    expect(fake.published).toHaveLength(2);
  });

  it('refuses a typed message over the size limit, and bounds the other data topics too', () => {
    const fake = fakeChannel();
    const heard: unknown[] = [];
    const channel = limitedChannel(fake.channel, { messages_per_minute: 1 }, { now: () => 0 });
    channel.subscribe(TOPICS.CHAT, (payload) => heard.push(payload));
    channel.subscribe(TOPICS.STATE_UPDATE, (payload) => heard.push(payload));
    fake.send(TOPICS.CHAT, { message: 'x'.repeat(MAX_CHAT_CHARACTERS + 1) });
    expect(heard).toEqual([]);
    expect(fake.published[0]?.payload).toMatchObject({ data: { reason: 'too_large' } });
    for (let index = 0; index < 10; index += 1) fake.send(TOPICS.STATE_UPDATE, { version: index });
    expect(heard).toHaveLength(6);
  });

  it('lets the handshake acknowledgement through whatever the rate', () => {
    const fake = fakeChannel();
    let acks = 0;
    const channel = limitedChannel(fake.channel, { messages_per_minute: 1 }, { now: () => 0 });
    channel.subscribe(TOPICS.CONFIG_ACK, () => (acks += 1));
    for (let index = 0; index < 20; index += 1)
      fake.send(TOPICS.CONFIG_ACK, { acknowledged: true });
    expect(acks).toBe(20);
  });

  it('a token bucket refills evenly and never holds more than a minute of tokens', () => {
    let now = 0;
    const bucket = new TokenBucket(60, () => now);
    for (let index = 0; index < 60; index += 1) expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    expect(bucket.retryAfterMs()).toBe(1000);
    now = 3_600_000;
    let taken = 0;
    while (bucket.take()) taken += 1;
    expect(taken).toBe(60);
  });

  it('stops reading a text stream as it passes the size limit', async () => {
    let read = 0;
    async function* chunks() {
      for (let index = 0; index < 100; index += 1) {
        read += 1;
        yield 'x'.repeat(1000);
      }
    }
    expect(await readBounded(chunks(), 10_000)).toBeUndefined();
    expect(read).toBe(11);
    async function* small() {
      yield '{"a":';
      yield '1}';
    }
    expect(await readBounded(small(), 10_000)).toBe('{"a":1}');
  });
});

describe('the conversation clock', () => {
  it('ends an idle conversation after the idle timeout; activity starts the wait again', () => {
    vi.useFakeTimers();
    const ended: string[] = [];
    const clock = startConversationClock(
      { max_duration_seconds: 1800, idle_timeout_seconds: 180 },
      (reason) => ended.push(reason),
    );
    vi.advanceTimersByTime(170_000);
    clock.activity();
    vi.advanceTimersByTime(170_000);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(ended).toEqual([AGENT_END_REASONS.IDLE_TIMEOUT]);
    vi.advanceTimersByTime(3_600_000);
    expect(ended).toHaveLength(1);
  });

  it('does not count the time the agent spends thinking or speaking as the visitor’s idle time', () => {
    vi.useFakeTimers();
    const ended: string[] = [];
    const clock = startConversationClock(
      { max_duration_seconds: 1800, idle_timeout_seconds: 180 },
      (reason) => ended.push(reason),
    );
    vi.advanceTimersByTime(100_000);
    clock.activity();
    // A slow answer: the visitor waits, well past the idle timeout.
    clock.agentBusy(true);
    vi.advanceTimersByTime(400_000);
    expect(ended).toEqual([]);
    // Listening again, the visitor has the whole idle timeout to answer.
    clock.agentBusy(false);
    vi.advanceTimersByTime(179_000);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(ended).toEqual([AGENT_END_REASONS.IDLE_TIMEOUT]);
  });

  it('ends a conversation at its maximum duration however active it is', () => {
    vi.useFakeTimers();
    const ended: string[] = [];
    const clock = startConversationClock(
      { max_duration_seconds: 600, idle_timeout_seconds: 180 },
      (reason) => ended.push(reason),
    );
    for (let elapsed = 0; elapsed < 600_000; elapsed += 60_000) {
      vi.advanceTimersByTime(60_000);
      clock.activity();
    }
    expect(ended).toEqual([AGENT_END_REASONS.MAX_DURATION]);
  });

  it('says goodbye in the conversation language, English when it has none of its own', () => {
    expect(limitGoodbye(AGENT_END_REASONS.MAX_DURATION, 'fr-FR')).toContain('au revoir');
    expect(limitGoodbye(AGENT_END_REASONS.IDLE_TIMEOUT, 'de')).toContain('Wiederhören');
    expect(limitGoodbye(AGENT_END_REASONS.IDLE_TIMEOUT, 'ja-JP')).toContain('Goodbye');
  });
});
