// @vitest-environment jsdom
import { act, cleanup, render, renderHook } from '@testing-library/react';
import { createElement, StrictMode, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApi } from '../client/test-server.js';
import { FakeTransport, fakeConfig } from '../testing/fake-transport.js';
import { FeatureProvider, useFeatures } from './feature-provider.js';
import type { FeatureRegistryEntry } from './feature-registry.js';
import { SvcProvider, useSvc, useSvcClient, useSvcEvents } from './svc-provider.js';
import { useSvcSession } from './use-svc-session.js';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  api.reset();
});

const config = fakeConfig({
  collections: [{ id: 7, name: 'Shoes', description: '', company_id: 1 }],
  features: [
    {
      name: 'Cart',
      type: 'bucket:list:crud',
      settings: { currency: 'EUR' },
      tools: [{ name: 'add_to_cart', type: 'frontend', frontend_method: 'cart_add' }],
    },
  ],
});

function wrapper(
  transport: FakeTransport,
  strict = false,
  registry?: Map<string, FeatureRegistryEntry>,
) {
  return ({ children }: { children: ReactNode }) => {
    const inner = registry
      ? createElement(
          FeatureProvider,
          { registry, clearHistoryOnSessionEnd: true, onResetBuckets },
          children,
        )
      : children;
    const tree = createElement(SvcProvider, { apiUrl: api.url, storage: null, transport }, inner);
    return strict ? createElement(StrictMode, null, tree) : tree;
  };
}
const onResetBuckets = vi.fn();

describe('SvcProvider and the context hooks', () => {
  it('needs client or apiUrl', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(createElement(SvcProvider, {}))).toThrow(TypeError);
    vi.mocked(console.error).mockRestore();
  });

  it('gives one client, one scoped bus and one session; hooks outside it throw', () => {
    const transport = new FakeTransport();
    const { result } = renderHook(
      () => ({ svc: useSvc(), client: useSvcClient(), events: useSvcEvents() }),
      {
        wrapper: wrapper(transport),
      },
    );
    expect(result.current.client).toBe(result.current.svc.client);
    expect(result.current.events).toBe(result.current.svc.events);
    expect(result.current.svc.session.client).toBe(result.current.client);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSvc())).toThrow(/inside <SvcProvider>/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('useSvcSession', () => {
  it('renders the session state through the status table, with the callbacks', async () => {
    const transport = new FakeTransport();
    const onMessage = vi.fn();
    const onSessionEnd = vi.fn();
    const onError = vi.fn();
    const { result } = renderHook(
      () => useSvcSession({ scenario: 'pub-1', onMessage, onSessionEnd, onError }),
      {
        wrapper: wrapper(transport),
      },
    );
    expect(result.current.status).toBe('idle');
    await act(() => result.current.start({ scenario: 'another', inputMode: 'text' } as never));
    expect(result.current.status).toBe('connecting');
    // The scenario comes from the hook: the override was ignored; other overrides apply.
    expect(api.requests[1]!.body).toMatchObject({ scenario_uuid: 'pub-1', input_mode: 'text' });
    act(() => {
      transport.agentJoin('listening');
      transport.publish('config', config);
      transport.sendMessage({ id: 'm1', content: 'Hello' });
    });
    expect(result.current.status).toBe('connected');
    expect(result.current.agentState).toBe('listening');
    expect(result.current.messages.map((message) => message.id)).toEqual(['m1']);
    expect(result.current.config?.features[0]?.type).toBe('bucket:list:crud');
    expect(onMessage).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }));
    await act(() => result.current.end());
    expect(result.current.status).toBe('ended');
    expect(onSessionEnd).toHaveBeenCalledWith({ reason: 'shutdown', endedAt: expect.any(String) });
    expect(onError).not.toHaveBeenCalled();
  });

  it('bridges config, message:new and session:end onto the bus', async () => {
    const transport = new FakeTransport();
    const heard: [string, unknown][] = [];
    const { result } = renderHook(
      () => {
        const events = useSvcEvents();
        return { events, session: useSvcSession({ scenario: 'pub-1' }) };
      },
      { wrapper: wrapper(transport) },
    );
    for (const name of ['config', 'message:new', 'session:end'] as const) {
      result.current.events.on(name, (payload: unknown) => heard.push([name, payload]));
    }
    await act(() => result.current.session.start());
    act(() => {
      transport.agentJoin();
      transport.publish('config', config);
      transport.sendMessage({ id: 'm1', content: 'Hi' });
      transport.publish('session:end', { reason: 'completed' });
    });
    await vi.waitFor(() =>
      expect(heard.map(([name]) => name)).toEqual(['config', 'message:new', 'session:end']),
    );
    expect(heard[0]![1]).toEqual(config); // the raw payload, not the curated one
    expect(heard[2]![1]).toEqual({ reason: 'completed', endedAt: expect.any(String) });
  });

  it('StrictMode double mount leaves one session; unmount disposes it', async () => {
    const transport = new FakeTransport();
    const sessions = new Set<unknown>();
    const { result, unmount } = renderHook(
      () => {
        sessions.add(useSvc().session);
        return useSvcSession({ scenario: 'pub-1' });
      },
      { wrapper: wrapper(transport, true) },
    );
    expect(sessions.size).toBe(1);
    await act(() => result.current.start());
    act(() => {
      transport.agentJoin();
      transport.publish('config', config);
    });
    expect(result.current.status).toBe('connected');
    expect(api.requests.filter((request) => request.path === '/v1/public/session')).toHaveLength(1);
    unmount();
    await vi.waitFor(() => expect(transport.connectedWith).toBeNull());
  });
});

describe('FeatureProvider', () => {
  function registry(handler: FeatureRegistryEntry['handlers'][string]) {
    return new Map<string, FeatureRegistryEntry>([
      [
        'bucket:list:crud',
        {
          component: () => null,
          handlers: { add_to_cart: handler },
          primaryTool: 'add_to_cart',
          toolNames: ['add_to_cart'],
        },
      ],
    ]);
  }

  async function connected(entries: Map<string, FeatureRegistryEntry>) {
    const transport = new FakeTransport();
    const bus: string[] = [];
    const hook = renderHook(
      () => ({
        session: useSvcSession({ scenario: 'pub-1' }),
        features: useFeatures(),
        events: useSvcEvents(),
      }),
      { wrapper: wrapper(transport, false, entries) },
    );
    for (const name of [
      'tool:execute',
      'tool:response',
      'tool:error',
      'feature:show',
      'suggestions:show',
    ] as const) {
      hook.result.current.events.on(name, () => bus.push(name));
    }
    await act(() => hook.result.current.session.start());
    act(() => {
      transport.agentJoin();
      transport.publish('config', config);
    });
    return { transport, bus, ...hook };
  }

  it('answers a feature tool by its RPC method, with settings and collections, and shows the panel', async () => {
    const handler = vi.fn(async (requestId: string, args: Record<string, unknown>) => ({
      requestId,
      response: { code: 'SUCCESS' as const, data: { added: args.id } },
      componentData: { items: [args.id], suggestions: ['Add socks?'] },
    }));
    const { transport, bus, result } = await connected(registry(handler));
    let answer: unknown;
    await act(async () => {
      answer = await transport.callRpc('cart_add', { requestId: 'r1', args: { id: 3 } });
    });
    expect(answer).toEqual({ requestId: 'r1', code: 'SUCCESS', data: { added: 3 } });
    expect(handler).toHaveBeenCalledWith('r1', { id: 3 }, { currency: 'EUR' }, [
      { id: 7, name: 'Shoes', description: '', company_id: 1 },
    ]);
    expect(bus).toEqual(['tool:execute', 'tool:response', 'feature:show', 'suggestions:show']);
    expect(result.current.features).toMatchObject({
      activeFeature: 'bucket:list:crud',
      visible: true,
      index: 0,
    });
    expect(result.current.features.history[0]).toMatchObject({
      toolName: 'add_to_cart',
      componentData: { items: [3] },
    });
    expect(result.current.features.getToolMapping('add_to_cart')).toEqual({
      feature: 'bucket:list:crud',
      primary: true,
    });
    expect(result.current.features.getFeatureComponent('bucket:list:crud')).toBeTypeOf('function');
  });

  it('selectFeature shows a panel; executeTool runs a tool from the page itself', async () => {
    const { bus, result } = await connected(
      registry(async (requestId) => ({ requestId, response: { code: 'SUCCESS', data: 'ok' } })),
    );
    act(() => result.current.features.selectFeature('bucket:list:crud'));
    expect(result.current.features).toMatchObject({
      activeFeature: 'bucket:list:crud',
      visible: true,
    });
    expect(bus).toEqual(['feature:show']);
    let response: unknown;
    await act(async () => {
      response = await result.current.features.executeTool('add_to_cart', 'local-1', {});
    });
    expect(response).toEqual({ requestId: 'local-1', code: 'SUCCESS', data: 'ok' });
    expect(result.current.features.getToolMapping('unknown_tool')).toBeNull();
  });

  it('a throwing handler answers ERROR and emits tool:error', async () => {
    const { transport, bus } = await connected(
      registry(() => {
        throw new Error('cart unavailable');
      }),
    );
    let answer: unknown;
    await act(async () => {
      answer = await transport.callRpc('cart_add', { requestId: 'r2' });
    });
    expect(answer).toEqual({ requestId: 'r2', code: 'ERROR', data: 'cart unavailable' });
    expect(bus).toEqual(['tool:execute', 'tool:error', 'tool:response']);
  });

  it('history, visibility, reset through conversation:reset, and clearing on session end', async () => {
    let count = 0;
    const { transport, result } = await connected(
      registry(async (requestId) => ({
        requestId,
        response: { code: 'SUCCESS', data: (count += 1) },
      })),
    );
    for (const requestId of ['r1', 'r2']) {
      await act(async () => {
        await transport.callRpc('cart_add', { requestId });
      });
    }
    expect(result.current.features.index).toBe(1);
    act(() => result.current.features.navigateHistory('back'));
    expect(result.current.features.index).toBe(0);
    act(() => result.current.features.setVisibility(false, 'left'));
    expect(result.current.features).toMatchObject({ visible: false, position: 'left' });
    act(() => result.current.events.emit('conversation:reset'));
    expect(result.current.features).toMatchObject({
      history: [],
      activeFeature: null,
      visible: false,
      position: 'right',
    });
    expect(onResetBuckets).toHaveBeenCalled();

    await act(async () => {
      await transport.callRpc('cart_add', { requestId: 'r3' });
    });
    expect(result.current.features.history).toHaveLength(1);
    act(() => transport.publish('session:end', {}));
    await vi.waitFor(() => expect(result.current.features.history).toEqual([]));
  });
});
