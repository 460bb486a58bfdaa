import { DEFAULT_CONVERSATION_LIMITS, type ConversationLimits } from '@svc/protocol/agent';
import type { Redis } from 'ioredis';
import { HttpError } from './errors.js';

/** Per-application limits, stored as JSON on the application; missing keys take the defaults. */
export interface ApplicationLimits {
  /** Identify and session requests a minute for the whole application. */
  requests_per_minute: number;
  /** Conversations running at once on the application (all its publications). */
  concurrent_sessions: number;
  /** Conversations running at once for one visitor of the application. */
  concurrent_sessions_per_visitor: number;
  /** Conversations running at once started from one client address, on the application. */
  concurrent_sessions_per_address: number;
  /** Sessions started per UTC day, per publication. */
  daily_sessions: number;
  /** Longest a conversation runs before the agent ends it (`max_duration`), seconds. */
  max_duration_seconds: number;
  /** How long a conversation may go with nothing from the visitor before it ends (`idle_timeout`), seconds. */
  idle_timeout_seconds: number;
  /** Typed and data-channel messages a visitor may send a minute (a token bucket of that size). */
  messages_per_minute: number;
}

/**
 * The defaults: generous for a small shop, low enough to stop a runaway script. The concurrent
 * caps sit below one agent worker's slots (`SVC_AGENT_MAX_CONVERSATIONS`, 20), the smallest fleet,
 * so one public publication UUID cannot take every agent of the deployment.
 */
export const DEFAULT_LIMITS: ApplicationLimits = {
  requests_per_minute: 600,
  concurrent_sessions: 10,
  concurrent_sessions_per_visitor: 2,
  concurrent_sessions_per_address: 4,
  daily_sessions: 5000,
  ...DEFAULT_CONVERSATION_LIMITS,
};

/** Conversations running at once in one company, all its applications together, by default. */
export const DEFAULT_COMPANY_CONCURRENT_SESSIONS = 15;

/** The application's limits from its stored JSON. */
export function parseLimits(json: string): ApplicationLimits {
  const stored = JSON.parse(json) as Partial<ApplicationLimits>;
  return { ...DEFAULT_LIMITS, ...stored };
}

/** The limits the agent enforces on a conversation of an application with these limits. */
export function conversationLimits(limits: ApplicationLimits): ConversationLimits {
  return {
    max_duration_seconds: limits.max_duration_seconds,
    idle_timeout_seconds: limits.idle_timeout_seconds,
    messages_per_minute: limits.messages_per_minute,
  };
}

/** Counts hits in fixed windows; `hit` answers the count so far in the current window. */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  close(): Promise<void>;
}

/** Counts in this process: right for one API process. */
export function memoryCounter(): RateCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        // Drop expired windows now and then so the map cannot grow without bound.
        if (windows.size > 10_000)
          for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetMs: window.resetAt - now };
    },
    async close() {
      windows.clear();
    },
  };
}

/** How long a count may wait for Redis before this process counts it itself, ms. */
export const REDIS_COUNT_TIMEOUT_MS = 1000;

/**
 * Counts in Redis, shared by every API process (INCR + PEXPIRE in one round trip). While Redis
 * does not answer (stopped, unreachable, slower than {@link REDIS_COUNT_TIMEOUT_MS}), each process
 * counts in its own memory: the limits then hold per process instead of for all of them, and
 * requests are answered rather than failed (docs/decisions.md, "Faults"). The counts go back to
 * Redis as soon as it answers.
 */
export function redisCounter(
  redis: Redis,
  options: { timeoutMs?: number; onFallback?: (error: unknown) => void } = {},
): RateCounter {
  const local = memoryCounter();
  const timeoutMs = options.timeoutMs ?? REDIS_COUNT_TIMEOUT_MS;
  let fallingBack = false;
  const count = async (key: string, windowMs: number) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not answer in time')), timeoutMs);
    });
    try {
      const results = await Promise.race([
        redis
          .multi()
          .incr(`svc:rate:${key}`)
          .pexpire(`svc:rate:${key}`, windowMs, 'NX')
          .pttl(`svc:rate:${key}`)
          .exec(),
        timeout,
      ]);
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    async hit(key, windowMs) {
      try {
        const result = await count(key, windowMs);
        fallingBack = false;
        return result;
      } catch (error) {
        if (!fallingBack) options.onFallback?.(error);
        fallingBack = true;
        return local.hit(key, windowMs);
      }
    },
    async close() {
      await local.close();
      await redis.quit().catch(() => undefined);
    },
  };
}

/** A store of the per-IP rate-limit plugin (its `store` option), on a {@link RateCounter}. */
export interface RateLimitStore {
  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void;
  child(routeOptions: object): RateLimitStore;
}

/** A {@link RateLimitStore} counting with a {@link RateCounter} under `keyPrefix`. */
class CounterStore implements RateLimitStore {
  constructor(
    private readonly counter: RateCounter,
    private readonly keyPrefix: string,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.counter.hit(`${this.keyPrefix}${key}`, timeWindow).then(
      ({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: object): RateLimitStore {
    // The plugin hands each route's options with `routeInfo` (its method and path).
    const route =
      (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
    return new CounterStore(
      this.counter,
      `${this.keyPrefix}${route.method ?? ''}${route.url ?? ''}-`,
    );
  }
}

/**
 * The per-IP rate-limit plugin's store on `counter` (its `store` option), so the per-IP limits
 * count where the per-application ones do (Redis, or this process's memory while Redis is down),
 * each route apart.
 */
export function rateLimitStore(
  counter: RateCounter,
  prefix = 'ip:',
): new (options: object) => RateLimitStore {
  // The plugin constructs the store itself, with its own options, which this one does not need.
  return class extends CounterStore {
    constructor(_options: object) {
      super(counter, prefix);
    }
  };
}

/** 429 when an application has used its requests for the minute. */
export async function checkApplicationRate(
  counter: RateCounter,
  applicationId: number,
  limits: ApplicationLimits,
): Promise<void> {
  const { count, resetMs } = await counter.hit(`app:${applicationId}`, 60_000);
  if (count > limits.requests_per_minute) {
    throw new HttpError(
      429,
      `rate limited: this application's requests are used up; retry in ${Math.ceil(resetMs / 1000)} s`,
    );
  }
}
