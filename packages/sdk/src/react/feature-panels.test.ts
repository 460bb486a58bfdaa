// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startTestApi } from '../client/test-server.js';
import { FakeTransport, fakeConfig } from '../testing/fake-transport.js';
import { FeaturePanels, type FeaturePanelsProps } from './feature-panels.js';
import { FeatureProvider, useFeatures, type FeaturesValue } from './feature-provider.js';
import type { FeatureHandler, FeatureRegistryEntry } from './feature-registry.js';
import { SvcProvider, useSvc } from './svc-provider.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const success =
  (componentData: (args: Record<string, unknown>) => Record<string, unknown>): FeatureHandler =>
  (requestId, args) => ({
    requestId,
    response: { code: 'SUCCESS', data: 'shown' },
    componentData: componentData(args),
  });

function SearchPanel({ query, items }: Record<string, unknown>) {
  return h('ul', { 'aria-label': `results for ${String(query)}` }, String(items));
}
function CartPanel({ count, tool }: Record<string, unknown>) {
  return h('p', null, `${String(count)} in the cart (${String(tool)})`);
}
function ItemPanel({ name }: Record<string, unknown>) {
  return h('h2', null, String(name));
}

const searchHandler = vi.fn(success((args) => ({ query: args.query, items: args.items })));

/** A registry with one entry per registry field: routed tools, propsSelector, overlay. */
function registry(): Map<string, FeatureRegistryEntry> {
  return new Map<string, FeatureRegistryEntry>([
    [
      'collection:items:search',
      {
        component: SearchPanel,
        // `filter_items` has no handler of its own: it runs the primary tool's.
        handlers: { search_items: searchHandler },
        primaryTool: 'search_items',
        toolNames: ['search_items', 'filter_items'],
      },
    ],
    [
      'bucket:list:crud',
      {
        component: CartPanel,
        handlers: {
          show_cart: success((args) => ({ items: args.items, currency: 'EUR' })),
          add_to_cart: success((args) => ({ items: args.items })),
        },
        primaryTool: 'show_cart',
        toolNames: ['show_cart', 'add_to_cart'],
        propsSelector: (entry) => ({
          count: (entry.componentData.items as unknown[] | undefined)?.length ?? 0,
          tool: `${entry.toolName}, ${String(entry.componentData.currency)}`,
        }),
      },
    ],
    [
      'collection:items:display',
      {
        component: ItemPanel,
        handlers: { display_item: success((args) => ({ name: args.name })) },
        primaryTool: 'display_item',
        toolNames: ['display_item'],
        overlay: true,
      },
    ],
  ]);
}

interface Harness {
  features: FeaturesValue;
  svc: ReturnType<typeof useSvc>;
}

function mount(options: {
  entries?: Map<string, FeatureRegistryEntry>;
  panels?: FeaturePanelsProps;
  provider?: {
    initialVisibility?: boolean;
    initialPosition?: 'left' | 'right' | 'mobile' | 'hidden';
  };
  transport?: FakeTransport;
  /** Only a test that starts a session needs a real API. */
  apiUrl?: string;
}) {
  const handle = {} as Harness;
  function Probe() {
    handle.features = useFeatures();
    handle.svc = useSvc();
    return null;
  }
  const tree = (children: ReactNode) =>
    h(
      SvcProvider,
      {
        apiUrl: options.apiUrl ?? 'https://api.invalid',
        storage: null,
        transport: options.transport ?? new FakeTransport(),
      },
      h(
        FeatureProvider,
        {
          registry: options.entries ?? registry(),
          clearHistoryOnSessionEnd: true,
          ...options.provider,
        },
        children,
        h(Probe),
      ),
    );
  const view = render(tree(h(FeaturePanels, { ...options.panels }, h('main', null, 'The shop'))));
  const run = (toolName: string, args: Record<string, unknown> = {}) =>
    act(() => handle.features.executeTool(toolName, `r-${toolName}`, args).then(() => undefined));
  /** The container's children, as `tag:position` (or the overlay and page markers). */
  const layout = () =>
    [...view.container.querySelector('.svc-feature-panels')!.children].map((element) =>
      element.className === 'svc-feature-page'
        ? 'page'
        : `${element.className}:${element.getAttribute('data-position') ?? element.getAttribute('role')}`,
    );
  return { handle, view, run, layout };
}

describe('FeatureProvider routing', () => {
  it('routes every tool in toolNames to its feature; a tool with no handler runs the primary one', async () => {
    const api = await startTestApi();
    onTestFinished(() => api.close());
    const transport = new FakeTransport();
    const { handle } = mount({ transport, apiUrl: api.url });
    await act(() => handle.svc.session.start({ scenario: 'pub-1' }));
    act(() => {
      transport.agentJoin();
      transport.publish(
        'config',
        fakeConfig({
          features: [
            {
              name: 'Search',
              type: 'collection:items:search',
              settings: { limit: 3 },
              tools: [
                { name: 'search_items', type: 'frontend' },
                { name: 'filter_items', type: 'frontend', frontend_method: 'filter' },
              ],
            },
          ],
        }),
      );
    });
    let answer: unknown;
    await act(async () => {
      answer = await transport.callRpc('filter', { requestId: 'f1', args: { query: 'tents' } });
    });
    expect(answer).toEqual({ requestId: 'f1', code: 'SUCCESS', data: 'shown' });
    expect(searchHandler).toHaveBeenLastCalledWith('f1', { query: 'tents' }, { limit: 3 }, []);
    expect(handle.features.getToolMapping('filter_items')).toEqual({
      feature: 'collection:items:search',
      primary: false,
    });
    expect(handle.features.getToolMapping('search_items')).toEqual({
      feature: 'collection:items:search',
      primary: true,
    });
    expect(handle.features.getToolMapping('constructor')).toBeNull();
  });

  it('a tool in two features, a tool with no handler or a stray primaryTool is a TypeError', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const entry = (toolNames: string[], primaryTool = toolNames[0]!): FeatureRegistryEntry => ({
      component: ItemPanel,
      handlers: { [primaryTool]: success(() => ({})) },
      primaryTool,
      toolNames,
    });
    const twice = new Map([
      ['a', entry(['show', 'shared'])],
      ['b', entry(['open', 'shared'])],
    ]);
    expect(() => mount({ entries: twice })).toThrow(/shared is in a and b/);
    const noHandler = new Map([['a', { ...entry(['show', 'other']), handlers: {} }]]);
    expect(() => mount({ entries: noHandler })).toThrow(TypeError);
    const strayPrimary = new Map([['a', { ...entry(['show']), primaryTool: 'open' }]]);
    expect(() => mount({ entries: strayPrimary })).toThrow(/primary tool open of a/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('FeaturePanels', () => {
  it('shows a panel only for the primary tool; the other tools update its data in place', async () => {
    const { handle, run } = mount({});
    const shows: string[] = [];
    handle.svc.events.on('feature:show', ({ toolName }) => shows.push(toolName));
    await run('add_to_cart', { items: ['tent'] });
    expect(screen.queryByText(/in the cart/)).toBeNull();
    expect(handle.features).toMatchObject({ history: [], activeFeature: null, visible: false });

    await run('show_cart', { items: ['tent', 'stove'] });
    expect(screen.getByText('2 in the cart (show_cart, EUR)')).toBeTruthy();
    // The cart stays shown and takes the new items; the currency of the shown state is kept.
    await run('add_to_cart', { items: ['tent', 'stove', 'mat'] });
    expect(screen.getByText('3 in the cart (add_to_cart, EUR)')).toBeTruthy();
    expect(handle.features.history).toHaveLength(1);
    expect(shows).toEqual(['show_cart']);
  });

  it('gives a panel without propsSelector the componentData of its entry', async () => {
    const { run } = mount({});
    await run('search_items', { query: 'tents', items: 'Ridge 2,Summit 3' });
    expect(screen.getByRole('list', { name: 'results for tents' }).textContent).toBe(
      'Ridge 2,Summit 3',
    );
    // A routed tool without a handler of its own runs the search handler but does not show it.
    await run('filter_items', { query: 'blue tents', items: 'Ridge 2' });
    expect(screen.getByRole('list', { name: 'results for blue tents' })).toBeTruthy();
  });

  it('shows an overlay above the page, in front of the panel shown before it', async () => {
    const { handle, run, layout } = mount({});
    await run('search_items', { query: 'tents', items: 'Ridge 2' });
    await run('display_item', { name: 'Ridge 2' });
    expect(layout()).toEqual(['page', 'svc-feature-panel:right', 'svc-feature-overlay:dialog']);
    const overlay = screen.getByRole('dialog');
    expect(overlay.textContent).toBe('Ridge 2');
    expect(overlay.dataset).toMatchObject({
      feature: 'collection:items:display',
      tool: 'display_item',
    });
    expect(screen.getByRole('complementary').dataset.feature).toBe('collection:items:search');
    act(() => handle.features.navigateHistory('back'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(layout()).toEqual(['page', 'svc-feature-panel:right']);
  });

  it('lays a panel out left of the page, right of it or below it, and shows none when hidden', async () => {
    const { handle, run, layout, view } = mount({
      provider: { initialPosition: 'left' },
      panels: { className: 'shop-layout' },
    });
    expect(layout()).toEqual(['page']);
    await run('search_items', { query: 'tents', items: '' });
    expect(layout()).toEqual(['svc-feature-panel:left', 'page']);
    const container = view.container.querySelector('.svc-feature-panels') as HTMLElement;
    expect(container.dataset.position).toBe('left');
    expect(container.className).toBe('svc-feature-panels shop-layout');
    act(() => handle.features.setVisibility(true, 'right'));
    expect(layout()).toEqual(['page', 'svc-feature-panel:right']);
    act(() => handle.features.setVisibility(true, 'mobile'));
    expect(layout()).toEqual(['page', 'svc-feature-panel:mobile']);
    act(() => handle.features.setVisibility(true, 'hidden'));
    expect(layout()).toEqual(['page']);
    act(() => handle.features.setVisibility(false, 'right'));
    expect(layout()).toEqual(['page']);
    expect(container.dataset.position).toBe('none');
    act(() => handle.features.setVisibility(true));
    expect(layout()).toEqual(['page', 'svc-feature-panel:right']);
  });

  it('moves side panels below the page while mobileQuery matches, following its changes', async () => {
    const listeners = new Set<() => void>();
    const media = {
      matches: true,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
    const matchMedia = vi.fn(() => media);
    vi.stubGlobal('matchMedia', matchMedia);
    const { run, layout } = mount({ panels: { mobileQuery: '(max-width: 800px)' } });
    await run('search_items', { query: 'tents', items: '' });
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 800px)');
    expect(layout()).toEqual(['page', 'svc-feature-panel:mobile']);
    act(() => {
      media.matches = false;
      listeners.forEach((listener) => listener());
    });
    expect(layout()).toEqual(['page', 'svc-feature-panel:right']);
  });

  it('never goes mobile with mobileQuery null, and by default asks for a narrow screen', async () => {
    const matchMedia = vi.fn(() => ({
      matches: true,
      addEventListener() {},
      removeEventListener() {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const narrow = mount({});
    await narrow.run('search_items', { query: 'tents', items: '' });
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 640px)');
    expect(narrow.layout()).toEqual(['page', 'svc-feature-panel:mobile']);
    cleanup();
    matchMedia.mockClear();
    const wide = mount({ panels: { mobileQuery: null } });
    await wide.run('search_items', { query: 'tents', items: '' });
    expect(matchMedia).not.toHaveBeenCalled();
    expect(wide.layout()).toEqual(['page', 'svc-feature-panel:right']);
  });

  it('selectFeature shows a panel with its newest data, or empty before any of its tools ran', async () => {
    const { handle, run } = mount({});
    act(() => handle.features.selectFeature('bucket:list:crud'));
    expect(screen.getByRole('complementary').textContent).toBe(
      '0 in the cart (show_cart, undefined)',
    );
    expect(handle.features.shown).toMatchObject({ toolName: 'show_cart', componentData: {} });
    await run('search_items', { query: 'tents', items: '' });
    await run('add_to_cart', { items: ['tent'] });
    act(() => handle.features.selectFeature('bucket:list:crud'));
    expect(screen.getByText('1 in the cart (add_to_cart, undefined)')).toBeTruthy();
    expect(handle.features.shown).toMatchObject({
      toolName: 'add_to_cart',
      componentData: { items: ['tent'] },
    });
  });

  it('keeps history navigation, initial visibility and clearing on session end', async () => {
    const { handle, run, layout } = mount({
      provider: { initialVisibility: true, initialPosition: 'left' },
    });
    expect(handle.features).toMatchObject({ visible: true, position: 'left' });
    await run('search_items', { query: 'tents', items: '' });
    await run('show_cart', { items: [] });
    expect(screen.getByText('0 in the cart (show_cart, EUR)')).toBeTruthy();
    act(() => handle.features.navigateHistory('back'));
    expect(screen.getByRole('list', { name: 'results for tents' })).toBeTruthy();
    act(() => handle.features.navigateHistory('forward'));
    expect(screen.getByText(/in the cart/)).toBeTruthy();
    act(() => handle.svc.events.emit('session:end', { reason: 'shutdown' }));
    expect(layout()).toEqual(['page']);
    expect(handle.features).toMatchObject({
      history: [],
      activeFeature: null,
      visible: true,
      position: 'left',
    });
  });
});

describe('feature names in the session’s language', () => {
  it('getFeatureName and the panel’s label give the name for the language start() asked for', async () => {
    const api = await startTestApi();
    onTestFinished(() => api.close());
    const transport = new FakeTransport();
    const { handle, run, view } = mount({ transport, apiUrl: api.url });
    expect(handle.features.getFeatureName('collection:items:search')).toBeNull();
    await act(() => handle.svc.session.start({ scenario: 'pub-1', language: 'es-ES' }));
    act(() => {
      transport.agentJoin();
      transport.publish(
        'config',
        fakeConfig({
          features: [
            {
              name: { en: 'Search', fr: 'Recherche', es: 'Búsqueda', de: 'Suche' },
              type: 'collection:items:search',
              settings: {},
              tools: [{ name: 'search_items', type: 'frontend' }],
            },
          ],
        }),
      );
    });
    expect(handle.features.getFeatureName('collection:items:search')).toBe('Búsqueda');
    expect(handle.features.getFeatureName('bucket:list:crud')).toBeNull();
    await run('search_items', { query: 'tiendas', items: 2 });
    const aside = view.container.querySelector('aside.svc-feature-panel');
    expect(aside?.getAttribute('aria-label')).toBe('Búsqueda');
    expect(screen.getByRole('complementary', { name: 'Búsqueda' })).toBe(aside);
  });
});
