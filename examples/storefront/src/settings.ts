/** Where the shop finds the API and the publication whose agent drives it. */
export interface StorefrontSettings {
  /** The Platform API's address, without a trailing slash. */
  apiUrl: string;
  /** The publication UUID of the shop's scenario (the seeded demo's production one). */
  publication: string;
  /**
   * The query string that carried the settings (`?api=...&publication=...`), kept on the shop's
   * own links so that a page opened with it keeps working after a click or a reload.
   */
  carried: string;
}

/** What `serve.mjs` writes into the page, from its environment. */
interface InjectedSettings {
  apiUrl?: string;
  publication?: string;
}

/**
 * Reads the settings as `examples/minimal` does: the query string (`api`, `publication`) first,
 * then `window.SVC_STOREFRONT` (written by `serve.mjs`), then the API on its default port.
 */
export function readSettings(location: Location, injected: InjectedSettings = {}) {
  const params = new URLSearchParams(location.search);
  const carried = new URLSearchParams();
  for (const key of ['api', 'publication']) {
    const value = params.get(key);
    if (value) carried.set(key, value);
  }
  const settings: StorefrontSettings = {
    apiUrl: (params.get('api') ?? injected.apiUrl ?? 'http://127.0.0.1:8080').replace(/\/+$/, ''),
    publication: params.get('publication') ?? injected.publication ?? '',
    carried: carried.size > 0 ? `?${carried.toString()}` : '',
  };
  return settings;
}
