import type { ConversationMessage } from '@svc/protocol';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { SvcError } from '../errors.js';
import type { SessionEndInfo, StartOptions, SvcSessionSnapshot } from '../session/types.js';
import { useSvc } from './svc-provider.js';

/** Options of {@link useSvcSession}: the start options plus callbacks. */
export interface UseSvcSessionOptions extends Partial<Omit<StartOptions, 'signal'>> {
  onMessage?: (message: ConversationMessage) => void;
  onError?: (error: SvcError) => void;
  onSessionEnd?: (info: SessionEndInfo) => void;
}

/** What {@link useSvcSession} returns: the session state and its actions. */
export interface UseSvcSessionResult extends SvcSessionSnapshot {
  /** Starts with the hook's options, `overrides` on top; the scenario cannot be overridden. */
  start(overrides?: Partial<Omit<StartOptions, 'scenario'>>): Promise<void>;
  end(): Promise<void>;
  sendText(text: string): Promise<void>;
  setMicrophoneEnabled(enabled: boolean): Promise<void>;
}

/**
 * The session of the nearest `SvcProvider`, bound to React with `useSyncExternalStore`: renders on
 * every state change, and on the server renders the idle state.
 */
export function useSvcSession(options: UseSvcSessionOptions = {}): UseSvcSessionResult {
  const { session } = useSvc();
  const snapshot = useSyncExternalStore(
    session.subscribe,
    session.getSnapshot,
    session.getSnapshot,
  );
  // The latest options, read when events arrive and at start, so callers may pass new objects.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const stops = [
      session.on('message', (message) => latest.current.onMessage?.(message)),
      session.on('error', (error) => latest.current.onError?.(error)),
      session.on('session-end', (info) => latest.current.onSessionEnd?.(info)),
    ];
    return () => stops.forEach((stop) => stop());
  }, [session]);

  const start = useCallback(
    (overrides: Partial<Omit<StartOptions, 'scenario'>> = {}) => {
      const { onMessage: _m, onError: _e, onSessionEnd: _s, ...defaults } = latest.current;
      // `scenario` comes from the hook's options only: an override cannot change it.
      const { scenario: _ignored, ...rest } = overrides as Partial<StartOptions>;
      return session.start({ ...defaults, ...rest, scenario: defaults.scenario ?? '' });
    },
    [session],
  );

  return {
    ...snapshot,
    start,
    end: useCallback(() => session.end(), [session]),
    sendText: useCallback((text: string) => session.sendText(text), [session]),
    setMicrophoneEnabled: useCallback(
      (enabled: boolean) => session.setMicrophoneEnabled(enabled),
      [session],
    ),
  };
}
