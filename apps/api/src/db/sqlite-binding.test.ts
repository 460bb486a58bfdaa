import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedSqliteBindingPath, sqliteNativeBinding } from './sqlite-binding.js';

describe('sqliteNativeBinding', () => {
  it('names a binding that opens SQLite in the running Node', () => {
    const nativeBinding = sqliteNativeBinding();
    // On the Node npm installed with, npm's build; on another, the set-up's build for its ABI.
    if (!nativeBinding.includes(join('node_modules', 'better-sqlite3'))) {
      expect(nativeBinding).toBe(cachedSqliteBindingPath());
    }
    const sqlite = new BetterSqlite3(':memory:', { nativeBinding });
    expect(sqlite.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    sqlite.close();
  });

  it('keeps builds per better-sqlite3 version and Node ABI in the cache folder', () => {
    const path = cachedSqliteBindingPath('137', { SVC_CACHE_DIR: '/srv/cache' });
    expect(path).toMatch(
      /^\/srv\/cache\/tools\/better-sqlite3-\d+\.\d+\.\d+\/node-abi-137\/better_sqlite3\.node$/,
    );
    expect(cachedSqliteBindingPath('127', { XDG_CACHE_HOME: '/srv/xdg' })).toMatch(
      /^\/srv\/xdg\/svc\/tools\/better-sqlite3-[^/]+\/node-abi-127\//,
    );
  });
});
