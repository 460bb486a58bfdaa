import type { StorageAdapter } from './types.js';

/** A storage that can list its keys, as `localStorage` can. */
export interface ListableStorage extends StorageAdapter {
  keys(): string[];
  /** Whether `keys()` sees every key; false for a storage of the contract's three methods. */
  listable(): boolean;
}

/** A storage in memory: used on a server, with `storage: null`, and when real storage fails. */
export function memoryStorage(): ListableStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
    listable: () => true,
  };
}

const canList = (storage: StorageAdapter) =>
  typeof (storage as Partial<Storage>).length === 'number' &&
  typeof (storage as Partial<Storage>).key === 'function';

function listKeys(storage: StorageAdapter): string[] {
  const { length, key } = storage as Storage;
  if (!canList(storage)) return [];
  const keys: string[] = [];
  for (let index = 0; index < length; index += 1) {
    const name = key.call(storage, index);
    if (name !== null) keys.push(name);
  }
  return keys;
}

/** Browser local storage, looked up only when first used (never at import or construction). */
function browserStorage(): StorageAdapter | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Reading `localStorage` itself throws when storage is blocked (sandboxed frames, some privacy modes).
    return null;
  }
}

/**
 * Wraps the configured storage so it never breaks identify: the first time it throws (private
 * mode, quota), the store switches to memory for the rest of the page and reports it once. What the
 * failing storage held is not copied: it is usually unreadable too, and identify can run again.
 */
export function safeStorage(
  configured: StorageAdapter | null | undefined,
  warn: (message: string, cause?: unknown) => void,
): ListableStorage {
  let target: StorageAdapter | null | undefined;
  let fallback: ListableStorage | null = null;
  const resolve = (): StorageAdapter => {
    if (fallback) return fallback;
    if (target === undefined) target = configured === undefined ? browserStorage() : configured;
    return target ?? (fallback = memoryStorage());
  };
  const attempt = <T>(action: (storage: StorageAdapter) => T, what: string): T => {
    const storage = resolve();
    try {
      return action(storage);
    } catch (error) {
      fallback = memoryStorage();
      warn(`Svc: storage failed on ${what}; keeping the identity in memory for this page`, error);
      return action(fallback);
    }
  };
  return {
    getItem: (key) => attempt((storage) => storage.getItem(key), 'read'),
    setItem: (key, value) => attempt((storage) => storage.setItem(key, value), 'write'),
    removeItem: (key) => attempt((storage) => storage.removeItem(key), 'remove'),
    keys: () =>
      attempt((storage) => (storage === fallback ? fallback.keys() : listKeys(storage)), 'list'),
    listable: () => {
      const storage = resolve();
      return storage === fallback || canList(storage);
    },
  };
}
