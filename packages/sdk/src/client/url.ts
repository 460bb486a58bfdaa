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
  // One message for every way to be wrong: missing, not an address, not an http(s) one.
  let protocol = '';
  try {
    if (typeof apiUrl === 'string') protocol = new URL(apiUrl).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError(
      `Svc: \`apiUrl\` must be an absolute http(s) address like "https://api.example.com", got "${String(apiUrl)}"`,
    );
  }
  if (
    typeof apiPathPrefix !== 'string' ||
    (apiPathPrefix !== '' && !apiPathPrefix.startsWith('/'))
  ) {
    throw new TypeError('Svc: `apiPathPrefix` must be "" or start with "/", like "/v1"');
  }
  const base = (apiUrl as string).replace(/\/+$/, '');
  const prefix = apiPathPrefix.replace(/\/+$/, '');
  return prefix && base.endsWith(prefix) ? base : base + prefix;
}
