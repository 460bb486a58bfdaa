// @vitest-environment jsdom
import { createSvcClient } from '@svc/sdk/client';
import { createBucketClient } from '@svc/sdk/buckets';
import { FeaturePanels, FeatureProvider, SvcProvider, useSvc } from '@svc/sdk/react';
import { FakeTransport, fakeConfig } from '@svc/sdk/testing';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPanelRegistry, type PanelRegistryOptions } from './panel-registry.js';
import {
  COMPARE_ARGS,
  DEMO_COLLECTION,
  DEMO_FEATURES,
  DISPLAY_ARGS,
  SEARCH_ARGS,
  demoBucket,
  fakeApi,
} from './test-demo.js';

afterEach(cleanup);

describe('createPanelRegistry', () => {
  it("keys the demo's page features by type, with the tool that shows each panel", () => {
    const registry = createPanelRegistry(DEMO_FEATURES);
    expect([...registry.keys()]).toEqual([
      'collection:items:search',
      'collection:items:display',
      'collection:items:comparison',
      'bucket:list:crud',
    ]);
    expect(
      [...registry.values()].map(({ primaryTool, toolNames }) => ({ primaryTool, toolNames })),
    ).toEqual([
      { primaryTool: 'search_products', toolNames: ['search_products'] },
      { primaryTool: 'show_product', toolNames: ['show_product'] },
      { primaryTool: 'compare_products', toolNames: ['compare_products'] },
      {
        primaryTool: 'show_cart',
        toolNames: ['add_to_cart', 'remove_from_cart', 'show_cart'],
      },
    ]);
  });

  it('skips unknown types and server tools; a cart without a list tool shows on its first', () => {
    const registry = createPanelRegistry([
      {
        name: 'x',
        type: 'custom:thing',
        settings: {},
        tools: [{ name: 'do_it', type: 'frontend' }],
      },
      {
        name: 'Cart',
        type: 'bucket:list:crud',
        settings: {},
        tools: [
          { name: 'cart_server', type: 'server' },
          { name: 'add_to_cart', type: 'frontend' },
          { name: 'clear_cart', type: 'frontend' },
        ],
      },
      { name: 'Search', type: 'collection:items:search', settings: {}, tools: [] },
    ]);
    expect([...registry.keys()]).toEqual(['bucket:list:crud']);
    expect(registry.get('bucket:list:crud')).toMatchObject({
      primaryTool: 'add_to_cart',
      toolNames: ['add_to_cart', 'clear_cart'],
    });
  });

  it("answers the agent, and hands the panel the tool, its arguments and the result's collection", async () => {
    const other = { ...DEMO_COLLECTION, id: 2, name: 'Other' };
    const registry = createPanelRegistry(DEMO_FEATURES);
    const search = registry.get('collection:items:search')!.handlers.search_products!;
    expect(await search('r1', SEARCH_ARGS, {}, [other, DEMO_COLLECTION])).toEqual({
      requestId: 'r1',
      response: { code: 'SUCCESS', data: { shown: true } },
      componentData: {
        toolName: 'search_products',
        showKey: 'r1',
        args: SEARCH_ARGS,
        collection: DEMO_COLLECTION,
        collections: [other, DEMO_COLLECTION],
      },
    });
    const add = registry.get('bucket:list:crud')!.handlers.add_to_cart!;
    const result = await add('r2', { item_id: 'TENT-1', result: demoBucket([]) }, {}, []);
    expect(result.response).toEqual({ code: 'SUCCESS', data: { updated: true } });
    expect(result.componentData).not.toHaveProperty('showKey');
    expect(result.componentData).toMatchObject({ bucketName: 'cart' });
  });
});

/** A page with the panels of the demo's features, a started session and the agent joined. */
async function startPage(
  options: PanelRegistryOptions & { api?: ReturnType<typeof fakeApi> } = {},
) {
  const api = options.api ?? fakeApi(demoBucket([]));
  const client = createSvcClient({ apiUrl: 'https://api.test', storage: null, fetch: api.fetch });
  const transport = new FakeTransport();
  const registry = createPanelRegistry(DEMO_FEATURES, options);
  const handle = {} as { svc: ReturnType<typeof useSvc> };
  function Probe() {
    handle.svc = useSvc();
    return null;
  }
  render(
    <SvcProvider client={client} transport={transport}>
      <FeatureProvider registry={registry}>
        <FeaturePanels mobileQuery={null}>
          <input aria-label="Say something" />
        </FeaturePanels>
        <Probe />
      </FeatureProvider>
    </SvcProvider>,
  );
  await act(() => handle.svc.session.start({ scenario: 'pub-1', inputMode: 'text' }));
  act(() => {
    transport.agentJoin();
    transport.publish(
      'config',
      fakeConfig({ features: DEMO_FEATURES, collections: [DEMO_COLLECTION] }),
    );
  });
  /** The agent calls a page tool, as apps/agent's runTool does. */
  const call = async (tool: string, requestId: string, args: Record<string, unknown>) => {
    let answer: unknown;
    await act(async () => {
      answer = await transport.callRpc(tool, { requestId, tool, args });
    });
    return answer;
  };
  return { api, call, transport };
}

describe('the panels in a FeatureProvider', () => {
  it('a search shows the grid; show and compare replace it; the end tool is not registered', async () => {
    const { call } = await startPage({ locale: 'en-US' });
    expect(await call('search_products', 'c1', SEARCH_ARGS)).toEqual({
      requestId: 'c1',
      code: 'SUCCESS',
      data: { shown: true },
    });
    const results = screen.getByRole('region', { name: 'Results for “tent”' });
    expect(results.closest('aside')?.dataset.feature).toBe('collection:items:search');
    expect(within(results).getAllByRole('article')).toHaveLength(2);
    expect(within(results).getByText('$389.99')).toBeTruthy();
    expect(document.activeElement).toBe(within(results).getByRole('heading', { level: 2 }));

    await call('show_product', 'c2', DISPLAY_ARGS);
    expect(screen.getByRole('region', { name: 'Ridge 2 Tent' })).toBeTruthy();
    await call('compare_products', 'c3', COMPARE_ARGS);
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it("the cart tools update the cart; the show tool shows it (the agent's data, read-only)", async () => {
    const { call } = await startPage({ locale: 'en-US' });
    await call('search_products', 'c1', SEARCH_ARGS);
    expect(
      await call('add_to_cart', 'c2', {
        item_id: 'TENT-1',
        result: demoBucket([{ id: 'TENT-1', quantity: 1 }], '2026-11-24T04:01:00.000Z'),
      }),
    ).toMatchObject({ code: 'SUCCESS', data: { updated: true } });
    // Adding does not take the visitor away from the results.
    expect(screen.queryByRole('region', { name: 'Cart' })).toBeNull();
    await call('show_cart', 'c3', {
      result: demoBucket([{ id: 'TENT-1', quantity: 1 }], '2026-11-24T04:01:00.000Z'),
    });
    const cart = screen.getByRole('region', { name: 'Cart' });
    expect(within(cart).getByText('Ridge 2 Tent')).toBeTruthy();
    expect(within(cart).getByText('1 item')).toBeTruthy();
    await call('add_to_cart', 'c4', {
      item_id: 'TENT-2',
      result: demoBucket(
        [
          { id: 'TENT-1', quantity: 1 },
          { id: 'TENT-2', quantity: 2 },
        ],
        '2026-11-24T04:02:00.000Z',
      ),
    });
    expect(within(cart).getByText('3 items')).toBeTruthy();
    expect(within(cart).getByText('Summit 3 Tent')).toBeTruthy();
    expect(within(cart).getByText('Total $1,029.97')).toBeTruthy();
    expect(within(cart).queryByRole('button')).toBeNull();
  });

  it('with a bucket client the cart reads the bucket, refreshes after cart tools and edits it', async () => {
    const api = fakeApi(demoBucket([{ id: 'TENT-1', quantity: 1 }]));
    const client = createSvcClient({ apiUrl: 'https://api.test', storage: null, fetch: api.fetch });
    const buckets = createBucketClient({ client, scenario: 'pub-1', fetch: api.fetch });
    const onSelectItem = vi.fn();
    const { call } = await startPage({ api, buckets, locale: 'en-US', onSelectItem });
    await call('show_cart', 'c1', { result: demoBucket([{ id: 'TENT-1', quantity: 1 }]) });
    const cart = screen.getByRole('region', { name: 'Cart' });
    expect(within(cart).getByRole('spinbutton', { name: 'Quantity of Ridge 2 Tent' })).toBeTruthy();

    // The agent added an item: the API has it; the page's store reads it again.
    const added = demoBucket(
      [
        { id: 'TENT-1', quantity: 1 },
        { id: 'TENT-2', quantity: 1 },
      ],
      '2026-11-24T04:05:00.000Z',
    );
    api.set(added);
    await call('add_to_cart', 'c2', { item_id: 'TENT-2', result: added });
    await waitFor(() => expect(within(cart).getByText('Summit 3 Tent')).toBeTruthy());
    expect(
      api.requests.filter((request) => request.path === '/v1/visitor/buckets/cart').length,
    ).toBeGreaterThan(0);

    await act(async () =>
      within(cart).getByRole('button', { name: 'One more Summit 3 Tent' }).click(),
    );
    await waitFor(() => expect(within(cart).getByText('3 items')).toBeTruthy());
    expect(api.bucket().items.find((line) => line.item_id === 'TENT-2')?.quantity).toBe(2);

    await act(async () =>
      within(cart).getByRole('button', { name: 'Remove Ridge 2 Tent' }).click(),
    );
    await waitFor(() => expect(within(cart).queryByText('Ridge 2 Tent')).toBeNull());
    expect(api.bucket().items.map((line) => line.item_id)).toEqual(['TENT-2']);

    act(() => within(cart).getByRole('button', { name: 'Open Summit 3 Tent' }).click());
    expect(onSelectItem).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'TENT-2', name: 'Summit 3 Tent' }),
      DEMO_COLLECTION,
    );
  });
});
