/** Default API path prefix; set it to `''` when the base address already ends with `/v1`. */
export const DEFAULT_API_PATH_PREFIX = '/v1';

/** Public API paths, relative to the API path prefix. */
export const API_PATHS = {
  IDENTIFY: '/public/token',
  SESSION: '/public/session',
} as const;
