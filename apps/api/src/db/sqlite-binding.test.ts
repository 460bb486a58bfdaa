import BetterSqlite3 from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cachedSqliteBindingPath,
  sqliteBindingFor,
  sqliteNativeBinding,
} from './sqlite-binding.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('sqliteNativeBinding', () => {
  it('names a binding that opens SQLite in the running Node', () => {
    const nativeBinding = sqliteNativeBinding();
    // npm's build, or the set-up's for this Node's ABI when the cache has one.
    if (!nativeBinding.includes(join('node_modules', 'better-sqlite3'))) {
      expect(nativeBinding).toBe(cachedSqliteBindingPath());
    }
    const sqlite = new BetterSqlite3(':memory:', { nativeBinding });
    expect(sqlite.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    sqlite.close();
  });

  it("prefers the set-up's build for this Node's ABI when the cache has one", () => {
    const cache = mkdtempSync(join(tmpdir(), 'svc-sqlite-binding-'));
    folders.push(cache);
    const env = { SVC_CACHE_DIR: cache };
    const built = cachedSqliteBindingPath(process.versions.modules, env);
    mkdirSync(dirname(built), { recursive: true });
    copyFileSync(sqliteNativeBinding(), built);
    expect(sqliteBindingFor(env)).toBe(built);
  });

  it('lets a process that used SQLite exit cleanly (better-sqlite3 12 built against Node 24.19+ headers aborts there)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'svc-sqlite-exit-'));
    folders.push(folder);
    // The seed opens, migrates and fills a database, then exits: statements are collected as the
    // process ends, where such a build fails "Assertion failed: (env) != nullptr" (SIGABRT).
    const seed = fileURLToPath(new URL('../seed/main.ts', import.meta.url));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--conditions=@svc/source', seed],
      {
        env: { ...process.env, DATABASE_URL: join(folder, 'svc.db') },
        encoding: 'utf8',
        timeout: 110_000,
      },
    );
    expect(result.stderr).not.toContain('Assertion failed');
    expect({ status: result.status, signal: result.signal }).toEqual({ status: 0, signal: null });
  }, 120_000);

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
