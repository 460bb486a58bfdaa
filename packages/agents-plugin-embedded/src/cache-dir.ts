import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The cache shared by the offline engines (the LLM's runtime, models and prompt states, the
 * recognizer's domain models): `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc`, else `~/.cache/svc`.
 * Outside the checkout, so fresh clones reuse what an earlier one installed or built.
 */
export function cacheDir(): string {
  return (
    process.env.SVC_CACHE_DIR ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'svc')
  );
}
