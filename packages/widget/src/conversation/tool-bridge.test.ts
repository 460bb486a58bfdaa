import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToolBridge } from './tool-bridge.js';

// The runner the widget registers before a start, when it knows no tool of the publication yet.

const context = () => ({
  toolName: 'search_products',
  settings: {},
  collections: [],
  signal: new AbortController().signal,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createToolBridge', () => {
  it('claims every tool, and lists none for the clash check', () => {
    const { runner } = createToolBridge();
    expect(runner.toolNames.includes('search_products')).toBe(true);
    expect(runner.toolNames.includes('anything')).toBe(true);
    expect([...runner.toolNames]).toEqual([]);
  });

  it('forwards a call to the feature runtime that knows the tool', async () => {
    const bridge = createToolBridge();
    const execute = vi.fn(async () => ({ code: 'SUCCESS', data: 'shown' }));
    bridge.connect(execute, ['search_products']);
    await expect(
      bridge.runner.run('search_products', 'r1', { query: 'tents' }, context()),
    ).resolves.toEqual({ code: 'SUCCESS', data: 'shown' });
    expect(execute).toHaveBeenCalledWith(
      'search_products',
      'r1',
      { query: 'tents' },
      expect.anything(),
    );
  });

  it('waits for the panels built from the config when a call comes first', async () => {
    const bridge = createToolBridge();
    const execute = vi.fn(async () => ({ code: 'SUCCESS' }));
    const answer = bridge.runner.run('search_products', 'r1', {}, context());
    bridge.connect(execute, ['search_products']);
    await expect(answer).resolves.toEqual({ code: 'SUCCESS' });
  });

  it('answers an error for a tool no panel shows, after a short wait', async () => {
    vi.useFakeTimers();
    const bridge = createToolBridge();
    bridge.connect(vi.fn(), ['search_products']);
    const answer = bridge.runner.run('lookup_weather', 'r1', {}, context());
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(answer).resolves.toMatchObject({ code: 'ERROR' });
  });

  it('stops waiting when the session ends', async () => {
    const bridge = createToolBridge();
    const ended = new AbortController();
    const answer = bridge.runner.run(
      'search_products',
      'r1',
      {},
      { ...context(), signal: ended.signal },
    );
    ended.abort();
    await expect(answer).resolves.toMatchObject({ code: 'ERROR' });
  });
});
