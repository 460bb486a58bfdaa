import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheDir } from './cache.js';

describe('cacheDir', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('prefers SVC_CACHE_DIR, then XDG_CACHE_HOME/svc, then ~/.cache/svc', () => {
    vi.stubEnv('SVC_CACHE_DIR', '/srv/svc-cache');
    vi.stubEnv('XDG_CACHE_HOME', '/srv/xdg');
    expect(cacheDir()).toBe('/srv/svc-cache');
    vi.stubEnv('SVC_CACHE_DIR', '');
    expect(cacheDir()).toBe(join('/srv/xdg', 'svc'));
    vi.stubEnv('XDG_CACHE_HOME', '');
    expect(cacheDir()).toBe(join(homedir(), '.cache', 'svc'));
  });
});
