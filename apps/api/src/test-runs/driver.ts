import type { TurnObservation } from './verdict.js';

/** Where a test conversation's visitor joins: the session credentials the API made. */
export interface TestSession {
  /** The Transport's URL. */
  url: string;
  /** The visitor's participant token. */
  token: string;
  conversationId: string;
}

/** A test conversation the runner drives, one typed turn at a time. */
export interface DriverConversation {
  /**
   * Sends a typed turn and resolves with what the agent did until it was done with it, or until
   * `timeoutMs` ran out (then `problem` says so). Never rejects.
   */
  turn(text: string, timeoutMs: number): Promise<TurnObservation>;
  /** Why the conversation ended, once it has (the agent's `session:end` reason). */
  endedReason(): string | undefined;
  /** Ends it as the page's end button does (unless it has ended) and leaves; answers the reason. */
  end(): Promise<string>;
}

/**
 * Joins test conversations as their visitor. The runner's seam: the real one is a LiveKit
 * participant (`livekit-visitor.ts`); route tests pass a scripted one.
 */
export interface TestRunDriver {
  /**
   * Joins, acknowledges the agent's `config` and waits out its greeting; rejects when the agent
   * does not come within `timeoutMs` or `signal` aborts, having left the room.
   */
  join(
    session: TestSession,
    options: { timeoutMs: number; signal: AbortSignal },
  ): Promise<DriverConversation>;
}

/**
 * `promise`, or a rejection naming `what` after `ms`: every wait of a run ends, so a stuck
 * Transport or agent becomes a failed verdict instead of a run that never finishes.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
