// The shop's pages are addresses in the browser's history (`/c/tents`, `/p/1/TH-TEN-001`,
// `/cart`); `serve.mjs` answers every such address with the page. A store over `location`,
// read with `useSyncExternalStore`, is all the routing four pages need.
import { useSyncExternalStore } from 'react';

/** One of the shop's pages, read from the address. */
export type Route =
  | { page: 'home' }
  | { page: 'category'; category: string }
  | { page: 'product'; collectionId: number; itemId: string }
  | { page: 'search'; query: string }
  | { page: 'cart' }
  | { page: 'not-found' };

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const current = () => location.pathname + location.search;

/** Reads a route from a path and its query string. */
export function parseRoute(pathname: string, search: string): Route {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { page: 'home' };
  if (parts[0] === 'c' && parts[1]) return { page: 'category', category: parts[1] };
  if (parts[0] === 'p' && parts[1] && parts[2] && Number(parts[1]) > 0)
    return { page: 'product', collectionId: Number(parts[1]), itemId: parts[2] };
  if (parts[0] === 'search')
    return { page: 'search', query: new URLSearchParams(search).get('q') ?? '' };
  if (parts[0] === 'cart' && parts.length === 1) return { page: 'cart' };
  return { page: 'not-found' };
}

/** The path of a route (without the carried settings). */
export function pathOf(route: Route): string {
  switch (route.page) {
    case 'home':
      return '/';
    case 'category':
      return `/c/${encodeURIComponent(route.category)}`;
    case 'product':
      return `/p/${route.collectionId}/${encodeURIComponent(route.itemId)}`;
    case 'search':
      return `/search?q=${encodeURIComponent(route.query)}`;
    case 'cart':
      return '/cart';
    default:
      return '/';
  }
}

/**
 * A route's address with the settings the page was opened with (`?api=...&publication=...`),
 * so that the address still works when reloaded or shared.
 */
export function hrefOf(route: Route, carried: string): string {
  const path = pathOf(route);
  if (!carried) return path;
  return path.includes('?') ? `${path}&${carried.slice(1)}` : path + carried;
}

/** Goes to a route without reloading the page. */
export function navigate(route: Route, carried: string): void {
  const href = hrefOf(route, carried);
  if (href === current()) return;
  history.pushState(null, '', href);
  window.scrollTo(0, 0);
  notify();
}

/** The route of the current address; renders again when it changes. */
export function useRoute(): Route {
  const address = useSyncExternalStore(subscribe, current, () => '/');
  const url = new URL(address, 'http://shop');
  return parseRoute(url.pathname, url.search);
}
