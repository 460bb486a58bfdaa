import { DEFAULT_API_PATH_PREFIX } from '@svc/protocol';

/**
 * The base address of API calls: `apiUrl` without trailing slashes, then the path prefix. When
 * `apiUrl` already ends with the prefix (`https://api.example.com/v1` with the default `/v1`) the
 * prefix is not added again, so the path never doubles.
 */
export function resolveBaseUrl(
  apiUrl: unknown,
  apiPathPrefix: unknown = DEFAULT_API_PATH_PREFIX,
): string {
  if (typeof apiUrl !== 'string' || apiUrl.trim() === '') {
    throw new TypeError('Svc: `apiUrl` is required, for example "https://api.example.com"');
  }
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new TypeError(`Svc: \`apiUrl\` must be an absolute http(s) address, got "${apiUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Svc: \`apiUrl\` must use http or https, got "${url.protocol}"`);
  }
  if (
    typeof apiPathPrefix !== 'string' ||
    (apiPathPrefix !== '' && !apiPathPrefix.startsWith('/'))
  ) {
    throw new TypeError('Svc: `apiPathPrefix` must be "" or start with "/", for example "/v1"');
  }
  const base = apiUrl.replace(/\/+$/, '');
  const prefix = apiPathPrefix.replace(/\/+$/, '');
  return prefix && base.endsWith(prefix) ? base : base + prefix;
}
