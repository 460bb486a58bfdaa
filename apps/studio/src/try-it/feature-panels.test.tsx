// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { featureRegistry } from './feature-panels';

afterEach(cleanup);

const registry = featureRegistry([
  { type: 'collection:items:search', tools: [{ name: 'search_products', type: 'frontend' }] },
  { type: 'bucket:list:crud', tools: [{ name: 'add_to_cart' }, { name: 'show_cart' }] },
  { type: 'workflow:conversation:end', tools: [{ name: 'end_conversation', type: 'server' }] },
]);

describe('the try-it feature registry', () => {
  it("registers each of the scenario's page tools as the primary tool of its own panel, not its server tools", () => {
    expect([...registry.keys()]).toEqual([
      'collection:items:search#search_products',
      'bucket:list:crud#add_to_cart',
      'bucket:list:crud#show_cart',
    ]);
    expect(registry.get('bucket:list:crud#show_cart')).toMatchObject({
      primaryTool: 'show_cart',
      toolNames: ['show_cart'],
    });
  });

  it('tells the agent the panel is shown and hands the arguments to the panel', async () => {
    const handler = registry.get('collection:items:search#search_products')?.handlers
      .search_products;
    const args = { query: 'tent', result: { items: [{ id: 't1', name: 'Ridge 2' }] } };
    expect(await handler?.('call-1', args)).toEqual({
      requestId: 'call-1',
      response: { code: 'SUCCESS', data: { shown: true } },
      componentData: { toolName: 'search_products', args },
    });
  });

  it("draws a panel from the tool's arguments", () => {
    const Panel = registry.get('collection:items:search#search_products')?.component;
    if (!Panel) throw new Error('no search panel');
    render(
      <MantineProvider>
        <Panel
          toolName="search_products"
          args={{ result: { items: [{ id: 't1', name: 'Ridge 2', price: 249 }] } }}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Ridge 2')).toBeTruthy();
    expect(screen.getByText('price: 249')).toBeTruthy();
  });
});
