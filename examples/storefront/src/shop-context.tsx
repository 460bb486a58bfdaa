import type { BucketClient, BucketStore } from '@svc/sdk/buckets';
import type { Collection } from '@svc/sdk/content';
import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type DependencyList,
} from 'react';
import type { Catalogue } from './catalogue';
import { hrefOf, navigate, type Route } from './navigation';
import type { StorefrontSettings } from './settings';

/** What every page of the shop reads. */
export interface Shop {
  settings: StorefrontSettings;
  catalogue: Catalogue;
  buckets: BucketClient;
  /** The visitor's cart: the same bucket the agent's cart tools change. */
  cart: BucketStore;
  /** The publication's product collection, once read. */
  collection: Collection | null;
  /** Why the catalogue could not be read, if it could not. */
  problem: string | null;
  go(route: Route): void;
  href(route: Route): string;
}

const ShopContext = createContext<Shop | null>(null);

export const ShopProvider = ShopContext.Provider;

/** The shop of the nearest provider. */
export function useShop(): Shop {
  const shop = useContext(ShopContext);
  if (!shop) throw new Error('useShop must be used inside <ShopProvider>');
  return shop;
}

/** Builds the shop's navigation functions for its settings. */
export function shopNavigation(settings: StorefrontSettings) {
  return {
    go: (route: Route) => navigate(route, settings.carried),
    href: (route: Route) => hrefOf(route, settings.carried),
  };
}

/** The categories of the collection (its `category` enum filter), in the collection's order. */
export function categoriesOf(collection: Collection | null) {
  return (
    collection?.filter_fields?.find((field) => field.filter_key === 'category')?.enum_options ?? []
  );
}

/** What an asynchronous read gives a page: its value, or that it is loading or failed. */
export type Loaded<T> =
  { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; error: string };

/** Runs `load` when `deps` change, aborting the previous run. */
export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    load(controller.signal).then(
      (value) => !controller.signal.aborted && setLoaded({ state: 'done', value }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setLoaded({
          state: 'failed',
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => controller.abort();
    // The caller names what the load depends on.
  }, deps);
  return loaded;
}

/** The cart's snapshot, rendering again when it changes. */
export function useCart() {
  const { cart } = useShop();
  return useSyncExternalStore(cart.subscribe, cart.getSnapshot);
}
