import { describe, expect, it } from 'vitest';
import { jsonDiff } from './json-diff.js';

describe('jsonDiff', () => {
  it('answers nothing for equal values', () => {
    expect(jsonDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it('names each change by its path', () => {
    const before = {
      first_message: 'Hello!',
      limit: 5,
      features: [{ type: 'x', settings: { max_items: 3 } }],
      voice: { tts: { voice: 'slt' } },
    };
    const after = {
      first_message: 'Welcome back!',
      features: [{ type: 'x', settings: { max_items: 4 } }, { type: 'y' }],
      voice: { tts: { voice: 'slt' } },
      avatar_enabled: true,
    };
    expect(jsonDiff(before, after)).toEqual([
      { path: 'avatar_enabled', kind: 'added', after: true },
      { path: 'features[0].settings.max_items', kind: 'changed', before: 3, after: 4 },
      { path: 'features[1]', kind: 'added', after: { type: 'y' } },
      { path: 'first_message', kind: 'changed', before: 'Hello!', after: 'Welcome back!' },
      { path: 'limit', kind: 'removed', before: 5 },
    ]);
  });

  it('compares a value with one of another kind as a whole', () => {
    expect(jsonDiff({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { path: 'a', kind: 'changed', before: [1], after: { 0: 1 } },
    ]);
    expect(jsonDiff(null, { a: 1 })).toEqual([
      { path: '', kind: 'changed', before: null, after: { a: 1 } },
    ]);
  });

  it('diffs own keys only: a setting named constructor or toString is added or removed like any other', () => {
    expect(jsonDiff({ settings: { constructor: 1 } }, { settings: {} })).toEqual([
      { path: 'settings.constructor', kind: 'removed', before: 1 },
    ]);
    expect(jsonDiff({}, { toString: 'x' })).toEqual([
      { path: 'toString', kind: 'added', after: 'x' },
    ]);
  });
});
