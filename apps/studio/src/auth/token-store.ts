/** Where the admin session token is kept between visits. */
const STORAGE_KEY = 'svc-studio-token';

type Listener = () => void;

/**
 * The signed-in admin's bearer token, as headless state (`subscribe` / `getSnapshot`) so React
 * reads it through `useSyncExternalStore` and the API client reads it on every request.
 */
export interface TokenStore {
  subscribe(listener: Listener): () => void;
  getSnapshot(): string | null;
  set(token: string | null): void;
}

/** A token store over `storage` (localStorage in the browser; a Map-backed one in tests). */
export function createTokenStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) {
  const listeners = new Set<Listener>();
  let token = storage.getItem(STORAGE_KEY);
  const store: TokenStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => token,
    set(next) {
      if (next === token) return;
      token = next;
      if (next === null) storage.removeItem(STORAGE_KEY);
      else storage.setItem(STORAGE_KEY, next);
      for (const listener of listeners) listener();
    },
  };
  return store;
}

/** The studio's one token store. */
export const tokenStore: TokenStore = createTokenStore(window.localStorage);
