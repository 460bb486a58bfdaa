import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Folder where the project caches what it builds or downloads (tools, models): `$SVC_CACHE_DIR`,
 * else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`. Outside the checkout so fresh clones reuse it.
 */
export function cacheDir(): string {
  if (process.env.SVC_CACHE_DIR) return process.env.SVC_CACHE_DIR;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc');
}
