import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemaMigrations } from './migrations.js';

describe('the schema steps', () => {
  it('run every file of the migrations folder, named as its file, in name order', () => {
    // A step's file with no export line in migrations/index.ts would never run.
    const files = readdirSync(new URL('./migrations/', import.meta.url))
      .filter((file) => /^\d{3}-[a-z-]+\.ts$/.test(file))
      .map((file) => file.slice(0, -'.ts'.length).replaceAll('-', '_'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const dialect of ['sqlite', 'postgres'] as const)
      expect(Object.keys(schemaMigrations(dialect)).sort()).toEqual(files);
  });
});
