import { useSyncExternalStore } from 'react';
import { tokenStore } from './token-store';

/** The signed-in admin's token, or null; re-renders when it changes (sign-in, sign-out, 401). */
export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.getSnapshot);
}
