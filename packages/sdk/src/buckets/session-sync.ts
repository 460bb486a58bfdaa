import { FEATURE_TYPES, type ConfigPayload, type ConversationMessage } from '@svc/protocol';
import type { BucketStore } from './types.js';

/**
 * What {@link refreshOnCartChange} needs of a session: an `SvcSession` fits, and so does anything
 * with its `message` event and raw config.
 */
export interface CartChangeSource {
  on(event: 'message', listener: (message: ConversationMessage) => void): () => void;
  readonly rawConfig: ConfigPayload | null;
}

/** Options of {@link refreshOnCartChange}. */
export interface RefreshOnCartChangeOptions {
  /**
   * Tool names that change the store's bucket. By default, the tools of the config's
   * `bucket:list:crud` features whose `settings.bucket` (default `cart`) is the store's name.
   */
  toolNames?: readonly string[];
  /** Called when a refresh fails (the store's snapshot shows the error too). */
  onError?: (error: unknown) => void;
}

/** Tools of the config's bucket features that act on bucket `name`. */
function cartToolNames(config: ConfigPayload | null, name: string): Set<string> {
  const names = new Set<string>();
  for (const feature of config?.features ?? []) {
    if (feature.type !== FEATURE_TYPES.BUCKET_LIST_CRUD) continue;
    // As the agent reads it: the feature's `settings.bucket`, else `cart`.
    const bucket = typeof feature.settings.bucket === 'string' ? feature.settings.bucket : 'cart';
    if (bucket !== name) continue;
    for (const tool of feature.tools) names.add(tool.name);
  }
  return names;
}

/**
 * Keeps a bucket's store in step with what the agent does: it refreshes `store` when the session
 * reports that the agent ran one of the cart tools (an assistant `message` whose `tool_calls`
 * name one). The agent sends that message after the tool ran, for server and frontend tools
 * alike, so the refresh reads the changed bucket. Returns the function that stops it.
 *
 * A page that answers a cart tool itself (a feature or session tool handler) may also call
 * `store.refresh()` there: the agent calls the page after the API changed the bucket.
 *
 * @example
 * ```ts
 * const cart = buckets.store('cart');
 * const stop = refreshOnCartChange(session, cart);
 * // React: useSyncExternalStore(cart.subscribe, cart.getSnapshot)
 * ```
 */
export function refreshOnCartChange(
  session: CartChangeSource,
  store: BucketStore,
  options: RefreshOnCartChangeOptions = {},
): () => void {
  return session.on('message', (message) => {
    const calls = message.tool_calls;
    if (message.role !== 'assistant' || !calls?.length) return;
    // Read at each message: the config arrives after the helper is attached, and may be resent.
    const names = options.toolNames
      ? new Set(options.toolNames)
      : cartToolNames(session.rawConfig, store.name);
    if (!calls.some((call) => names.has(call.name))) return;
    store.refresh().catch((error: unknown) => options.onError?.(error));
  });
}
