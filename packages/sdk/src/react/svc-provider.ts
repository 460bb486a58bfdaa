import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import type { SvcClient } from '../client/types.js';
import { SvcSession } from '../session/svc-session.js';
import type { SvcSessionOptions } from '../session/types.js';
import { SvcEventBus } from './event-bus.js';

/** Props of {@link SvcProvider}: the session's options (`client` or `apiUrl` is required). */
export interface SvcProviderProps extends SvcSessionOptions {
  children?: ReactNode;
}

/** What {@link useSvc} returns. */
export interface SvcContextValue {
  client: SvcClient;
  events: SvcEventBus;
  session: SvcSession;
}

const SvcContext = createContext<SvcContextValue | null>(null);

function create({ children: _children, ...options }: SvcProviderProps): SvcContextValue {
  if (!options.client && !options.apiUrl)
    throw new TypeError('Svc: SvcProvider needs `client` or `apiUrl`');
  const session = new SvcSession(options);
  return { client: session.client, session, events: new SvcEventBus() };
}

/**
 * Owns one session and one scoped event bus for the tree below it, bridges the session to the bus
 * (`config`, `message:new`, `session:end`) and disposes the session on unmount. Under StrictMode's
 * double mount the same session is kept: the first cleanup ends and releases it, the second mount
 * attaches again, so one session remains.
 */
export function SvcProvider(props: SvcProviderProps) {
  const [value] = useState(() => create(props));
  useEffect(() => {
    const { session, events } = value;
    const bridges = [
      session.on('config', () => {
        if (session.rawConfig) events.emit('config', session.rawConfig);
      }),
      session.on('message', (message) => events.emit('message:new', message)),
      session.on('session-end', (info) => events.emit('session:end', info)),
    ];
    return () => {
      for (const stop of bridges) stop();
      session.destroy();
    };
  }, [value]);
  return createElement(SvcContext.Provider, { value }, props.children);
}

/** The client, the event bus and the session of the nearest `SvcProvider`. */
export function useSvc(): SvcContextValue {
  const value = useContext(SvcContext);
  if (!value) throw new Error('Svc: useSvc and the Svc hooks must be used inside <SvcProvider>');
  return value;
}

/** The HTTP client of the nearest `SvcProvider`. */
export function useSvcClient(): SvcClient {
  return useSvc().client;
}

/** The scoped event bus of the nearest `SvcProvider`. */
export function useSvcEvents(): SvcEventBus {
  return useSvc().events;
}
