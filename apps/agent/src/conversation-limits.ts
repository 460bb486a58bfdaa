// What one visitor can make the agent spend: a conversation ends at its maximum duration and
// after its idle timeout, and what the visitor sends on the data channel is bounded in size and
// rate, refused (never queued) past the bounds with a notice the page can show.
import { REPLIES, templatesFor } from '@svc/languages/replies';
import { MESSAGE_REFUSED_EVENT, TOPICS, type MessageRefusal } from '@svc/protocol';
import {
  AGENT_END_REASONS,
  DEFAULT_CONVERSATION_LIMITS,
  type ConversationLimits,
} from '@svc/protocol/agent';
import type { VisitorChannel } from './channel.js';

/** Longest typed message (`rt.chat`) the agent answers, characters. */
export const MAX_CHAT_CHARACTERS = 2000;

/**
 * Data-channel messages other than typed ones (`state:update`, `ui:activity`, ...) a visitor may
 * send, as a multiple of the typed messages' rate: they cost no model turn, but each is decoded
 * and some are stored.
 */
export const DATA_RATE_MULTIPLE = 6;

/** A token bucket: `capacity` tokens, refilled evenly over a minute; never queues. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = perMinute;
    this.updatedAt = now();
  }

  /** Takes a token when one is left; false (and nothing taken) otherwise. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** How long until the next token, ms (0 when one is left). */
  retryAfterMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute);
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(
      this.perMinute,
      this.tokens + ((at - this.updatedAt) * this.perMinute) / 60_000,
    );
    this.updatedAt = at;
  }
}

/** Topics whose messages are never refused: the handshake must get through to start at all. */
const UNLIMITED_TOPICS: ReadonlySet<string> = new Set([TOPICS.CONFIG_ACK]);

/**
 * The channel with the visitor's messages bounded: a typed message (`rt.chat`) longer than
 * {@link MAX_CHAT_CHARACTERS} or past `messages_per_minute`, or any other data message past
 * {@link DATA_RATE_MULTIPLE} times that, is dropped and the page told on `event:fire`
 * ({@link MESSAGE_REFUSED_EVENT}), at most once per topic until a message gets through again.
 * `onMessage` hears every message that got through (the visitor's activity).
 */
export function limitedChannel(
  channel: VisitorChannel,
  limits: Pick<ConversationLimits, 'messages_per_minute'>,
  options: { now?: () => number; onMessage?: () => void } = {},
): VisitorChannel {
  const chat = new TokenBucket(limits.messages_per_minute, options.now);
  const data = new TokenBucket(limits.messages_per_minute * DATA_RATE_MULTIPLE, options.now);
  const told = new Set<string>();
  const refuse = (topic: string, reason: MessageRefusal['reason'], bucket?: TokenBucket) => {
    if (told.has(`${topic}:${reason}`)) return;
    told.add(`${topic}:${reason}`);
    const refusal: MessageRefusal = {
      topic,
      reason,
      ...(bucket ? { retry_after_ms: bucket.retryAfterMs() } : {}),
    };
    void channel
      .publish(TOPICS.EVENT_FIRE, {
        name: MESSAGE_REFUSED_EVENT,
        data: refusal,
        timestamp: (options.now ?? Date.now)(),
      })
      .catch(() => undefined);
  };
  return {
    ...channel,
    subscribe(topic, handler) {
      if (UNLIMITED_TOPICS.has(topic)) return channel.subscribe(topic, handler);
      const bucket = topic === TOPICS.CHAT ? chat : data;
      return channel.subscribe(topic, (payload) => {
        if (topic === TOPICS.CHAT && tooLong(payload)) return refuse(topic, 'too_large');
        if (!bucket.take()) return refuse(topic, 'rate_limited', bucket);
        told.delete(`${topic}:rate_limited`);
        options.onMessage?.();
        handler(payload);
      });
    },
  };
}

function tooLong(payload: unknown): boolean {
  const message = (payload as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.length > MAX_CHAT_CHARACTERS;
}

/** A conversation's clock: {@link ConversationClock.activity} on everything from the visitor. */
export interface ConversationClock {
  /** The visitor did something (spoke, typed, sent data): the idle timeout starts again. */
  activity(): void;
  /**
   * The agent is thinking or speaking (`true`), or listening again (`false`). A visitor who waits
   * for an answer is not idle: the idle timeout stands still while the agent works, and starts
   * again whole when it listens.
   */
  agentBusy(busy: boolean): void;
  stop(): void;
}

/**
 * Calls `onExpire` once with `max_duration` when the conversation has run
 * `max_duration_seconds`, or with `idle_timeout` after `idle_timeout_seconds` of listening without
 * {@link ConversationClock.activity}.
 */
export function startConversationClock(
  limits: Pick<ConversationLimits, 'max_duration_seconds' | 'idle_timeout_seconds'>,
  onExpire: (
    reason: typeof AGENT_END_REASONS.MAX_DURATION | typeof AGENT_END_REASONS.IDLE_TIMEOUT,
  ) => void,
): ConversationClock {
  let expired = false;
  const expire = (reason: Parameters<typeof onExpire>[0]) => {
    if (expired) return;
    expired = true;
    clearTimeout(idle);
    clearTimeout(duration);
    onExpire(reason);
  };
  const idleMs = limits.idle_timeout_seconds * 1000;
  const duration = setTimeout(
    () => expire(AGENT_END_REASONS.MAX_DURATION),
    limits.max_duration_seconds * 1000,
  );
  let busy = false;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const waitForVisitor = () => {
    clearTimeout(idle);
    idle = busy ? undefined : setTimeout(() => expire(AGENT_END_REASONS.IDLE_TIMEOUT), idleMs);
  };
  waitForVisitor();
  return {
    activity() {
      if (!expired) waitForVisitor();
    },
    agentBusy(value) {
      if (expired || value === busy) return;
      busy = value;
      waitForVisitor();
    },
    stop() {
      expired = true;
      clearTimeout(idle);
      clearTimeout(duration);
    },
  };
}

/** The limits a room names, or the defaults when it names none. */
export function limitsOf(metadata: {
  limits?: ConversationLimits | undefined;
}): ConversationLimits {
  return metadata.limits ?? DEFAULT_CONVERSATION_LIMITS;
}

/** A reason the clock ends a conversation with. */
export type LimitReason =
  typeof AGENT_END_REASONS.MAX_DURATION | typeof AGENT_END_REASONS.IDLE_TIMEOUT;

/** The goodbye for a limit in the conversation's language (`fr-FR` reads as French), else English. */
export function limitGoodbye(reason: LimitReason, language: string): string {
  return (templatesFor(language) ?? REPLIES.en).limitGoodbyes[reason];
}
