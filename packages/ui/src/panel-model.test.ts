import { describe, expect, it } from 'vitest';
import { pageToolsByFeature, panelContent, panelItem } from './panel-model.js';

describe('pageToolsByFeature', () => {
  it('lists each feature type with its page tools, leaving out server tools and repeats', () => {
    const tools = pageToolsByFeature([
      { type: 'collection:items:search', tools: [{ name: 'search_products', type: 'frontend' }] },
      {
        type: 'bucket:list:crud',
        tools: [{ name: 'add_to_cart' }, { name: 'show_cart', type: 'frontend' }],
      },
      { type: 'workflow:conversation:end', tools: [{ name: 'end_conversation', type: 'server' }] },
      { type: 'collection:items:display', tools: [{ name: 'search_products' }] },
    ]);
    expect([...tools]).toEqual([
      ['collection:items:search', ['search_products']],
      ['bucket:list:crud', ['add_to_cart', 'show_cart']],
    ]);
  });
});

describe('panelContent', () => {
  it('lists the items a search found, with the note the agent added', () => {
    expect(
      panelContent('collection:items:search', {
        query: 'tent',
        result: {
          count: 2,
          items: [
            { id: 't1', name: 'Ridge 2', price: 249, tags: ['x'] },
            { id: 't2', title: 'Summit 4' },
          ],
          note: 'Nothing matched every filter',
        },
      }),
    ).toEqual({
      kind: 'items',
      items: [
        { id: 't1', label: 'Ridge 2', detail: 'price: 249' },
        { id: 't2', label: 'Summit 4', detail: '' },
      ],
      note: 'Nothing matched every filter',
    });
  });

  it('shows one item with its view when the collection has one, else with its fields', () => {
    const viewed = panelContent('collection:items:display', {
      item_id: 't1',
      result: { id: 't1', data: { name: 'Ridge 2' }, view: { title: 'Ridge 2', price: '$249' } },
    });
    expect(viewed).toMatchObject({
      kind: 'item',
      item: { id: 't1', label: 'Ridge 2' },
      fields: [
        ['title', 'Ridge 2'],
        ['price', '$249'],
      ],
    });
    const plain = panelContent('collection:items:display', {
      result: { id: 't1', data: { name: 'Ridge 2', weight: 1.2 } },
    });
    expect(plain).toMatchObject({
      fields: [
        ['name', 'Ridge 2'],
        ['weight', '1.2'],
      ],
    });
  });

  it('puts compared items side by side, a dash where one lacks a field', () => {
    expect(
      panelContent('collection:items:comparison', {
        result: {
          items: [
            { id: 'a', data: { name: 'A' } },
            { id: 'b', data: { name: 'B' } },
          ],
          rows: [{ field: 'price', values: [10, null] }],
        },
      }),
    ).toMatchObject({
      kind: 'comparison',
      items: [{ label: 'A' }, { label: 'B' }],
      rows: [{ field: 'price', values: ['10', '-'] }],
    });
  });

  it('shows the cart lines with their quantities, a deleted item by its id', () => {
    expect(
      panelContent('bucket:list:crud', {
        result: {
          name: 'cart',
          total_quantity: 3,
          items: [
            { item_id: 't1', quantity: 2, data: { name: 'Ridge 2' } },
            { item_id: 'gone', quantity: 1, data: null },
          ],
        },
      }),
    ).toEqual({
      kind: 'cart',
      lines: [
        { item: { id: 't1', label: 'Ridge 2', detail: '' }, quantity: 2 },
        { item: { id: 'gone', label: 'gone', detail: '' }, quantity: 1 },
      ],
      total: 3,
    });
  });

  it('shows the raw data of other types and of tools without a result', () => {
    expect(panelContent('custom:thing', { result: { a: 1 } })).toEqual({
      kind: 'data',
      data: { a: 1 },
    });
    expect(panelContent('collection:items:search', { query: 'x' })).toEqual({
      kind: 'data',
      data: { query: 'x' },
    });
  });

  it('names an item by name, title or id', () => {
    expect(panelItem({ id: 7 }).label).toBe('7');
    expect(panelItem(null)).toEqual({ id: '', label: '', detail: '' });
  });
});
