import type { AgentState, ConversationMessage, SessionStatus } from '@svc/protocol';
import { SvcError } from '../errors.js';
import { Emitter } from './emitter.js';
import { INITIAL_SNAPSHOT, type Fail } from './session-state.js';
import type { SvcSessionEvents, SvcSessionSnapshot } from './types.js';

/**
 * What a session shows the page: its snapshot (for `useSyncExternalStore`), the readable state
 * the contract names, and its events. The conversation itself (`SvcSession`) changes it only
 * through `update` and `fail`, so every change reaches subscribers and listeners alike.
 */
export class SessionStore {
  protected readonly events = new Emitter<SvcSessionEvents>();
  private readonly subscribers = new Set<() => void>();
  protected snapshot: SvcSessionSnapshot = INITIAL_SNAPSHOT;

  // Readable state, as the contract names it.
  get status(): SessionStatus {
    return this.snapshot.status;
  }
  get agentState(): AgentState {
    return this.snapshot.agentState;
  }
  get messages(): readonly ConversationMessage[] {
    return this.snapshot.messages;
  }
  get config() {
    return this.snapshot.config;
  }
  get rawConfig() {
    return this.snapshot.rawConfig;
  }
  get conversationId() {
    return this.snapshot.conversationId;
  }
  get error() {
    return this.snapshot.error;
  }

  /** Adds an event listener; returns the function that removes it. */
  on<E extends keyof SvcSessionEvents>(event: E, listener: (...args: SvcSessionEvents[E]) => void) {
    return this.events.on(event, listener);
  }

  /** Removes an event listener. */
  off<E extends keyof SvcSessionEvents>(
    event: E,
    listener: (...args: SvcSessionEvents[E]) => void,
  ) {
    this.events.off(event, listener);
  }

  /** Calls `listener` after every state change; returns the function that stops it. */
  subscribe = (listener: () => void): (() => void) => {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  };

  /** The current state; a new object only when something changed. */
  getSnapshot = (): SvcSessionSnapshot => this.snapshot;

  /** Applies a change: a new frozen snapshot, its status and agent-state events, subscribers. */
  protected update(patch: Partial<SvcSessionSnapshot>): void {
    const previous = this.snapshot;
    this.snapshot = Object.freeze({ ...previous, ...patch });
    if (patch.status && patch.status !== previous.status)
      this.events.emit('status-change', patch.status);
    if (patch.agentState && patch.agentState !== previous.agentState)
      this.events.emit('agent-state', patch.agentState);
    for (const subscriber of [...this.subscribers]) subscriber();
  }

  // An arrow, so the tool runner and the composer calls can report failures unbound.
  protected readonly fail: Fail = (code, message, cause) => {
    const error = new SvcError(code, message, cause === undefined ? {} : { cause });
    this.update({ error });
    this.events.emit('error', error);
  };

  /** Drops every listener and subscriber. */
  protected clearListeners(): void {
    this.events.clear();
    this.subscribers.clear();
  }
}
