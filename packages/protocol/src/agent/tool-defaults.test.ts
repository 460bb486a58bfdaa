import { describe, expect, it } from 'vitest';
import { TOOL_OPERATIONS, toolDefaults } from './tool-defaults.js';

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
