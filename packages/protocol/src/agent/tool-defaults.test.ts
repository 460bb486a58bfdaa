import { describe, expect, it } from 'vitest';
import { FEATURE_TYPES } from '../features.js';
import {
  DEFAULT_TOOLS,
  TOOL_OPERATIONS,
  declaredOperation,
  operationOf,
  toolDefaults,
} from './tool-defaults.js';

describe('toolDefaults', () => {
  it('gives every operation a description and a JSON Schema object of arguments', () => {
    for (const operation of TOOL_OPERATIONS) {
      const defaults = toolDefaults(operation);
      expect(defaults.description.length, operation).toBeGreaterThan(10);
      expect(defaults.parameters.type, operation).toBe('object');
    }
  });

  it('names the subject of a search and adds the filter arguments after the query', () => {
    const search = toolDefaults('search', {
      subject: 'Gear',
      filterProperties: { max_price: { type: 'number' } },
    });
    expect(search.description).toMatch(/^Search Gear and show/);
    expect(Object.keys(search.parameters.properties as object)).toEqual(['query', 'max_price']);
    expect(toolDefaults('search').description).toMatch(/^Search the catalogue and show/);
  });

  it('compares up to maxItems items, 3 unless told', () => {
    const itemIds = (maxItems?: number) =>
      (toolDefaults('compare', { maxItems }).parameters.properties as Record<string, unknown>)
        .item_ids;
    expect(itemIds()).toMatchObject({ minItems: 2, maxItems: 3 });
    expect(itemIds(5)).toMatchObject({ minItems: 2, maxItems: 5 });
    expect(toolDefaults('compare', { maxItems: 5 }).description).toContain('two to 5 items');
  });

  it('leaves the arguments of a custom tool open and names its feature', () => {
    expect(toolDefaults('custom', { featureType: 'shop:map:show' })).toEqual({
      description: 'Run shop:map:show on the page.',
      parameters: { type: 'object', properties: {}, additionalProperties: true },
    });
  });
});

describe('operationOf', () => {
  const cart = { type: FEATURE_TYPES.BUCKET_LIST_CRUD };

  it('never reads a cart tool’s operation from its name', () => {
    // "compute" holds "put", which the name rules took for an add.
    expect(operationOf(cart, { name: 'compute_total' })).toBe('custom');
    expect(declaredOperation(cart, { name: 'compute_total' })).toBeUndefined();
    expect(operationOf(cart, { name: 'put_in_basket' })).toBe('custom');
  });

  it('takes the operation a tool declares, whatever its name', () => {
    expect(operationOf(cart, { name: 'compute_total', settings: { operation: 'cart_list' } })).toBe(
      'cart_list',
    );
    expect(
      operationOf(
        { type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH },
        { name: 'find', settings: { operation: 'custom' } },
      ),
    ).toBe('custom');
  });

  it("gives a cart tool named as one of the catalog's that tool's operation", () => {
    for (const { name, operation } of DEFAULT_TOOLS[FEATURE_TYPES.BUCKET_LIST_CRUD])
      expect(operationOf(cart, { name })).toBe(operation);
  });

  it('gives a tool of a one-operation feature type that operation, by any name', () => {
    expect(operationOf({ type: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH }, { name: 'x' })).toBe(
      'search',
    );
    expect(operationOf({ type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END }, { name: 'bye' })).toBe(
      'end',
    );
  });

  it('makes a feature type it does not know, or an operation it does not know, the page’s', () => {
    expect(operationOf({ type: 'booking:slots' }, { name: 'add_to_cart' })).toBe('custom');
    expect(operationOf(cart, { name: 'add_to_cart', settings: { operation: 'teleport' } })).toBe(
      'custom',
    );
  });
});
