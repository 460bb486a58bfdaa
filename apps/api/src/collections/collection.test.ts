import { describe, expect, it } from 'vitest';
import { comparisonData, fieldValue, renderMapping } from './collection.js';

describe('item fields by path', () => {
  const item = { id: 'b1', data: { name: 'Boot', specs: { weight: 900 } } };

  it('reads only the item’s own fields, never what every object inherits', () => {
    expect(fieldValue(item.data, 'specs.weight')).toBe(900);
    for (const path of [
      'constructor',
      'constructor.name',
      'specs.__proto__',
      'toString',
      'name.length',
    ])
      expect(fieldValue(item.data, path)).toBeUndefined();
  });

  it('renders a view mapping from own fields; a stored mapping key never assigns through a prototype', () => {
    const mapping = JSON.parse(
      '{"title":"{{name}} by {{constructor.name}}","__proto__":"{{specs.weight}} g"}',
    ) as Record<string, string>;
    const rendered = renderMapping(mapping, item);
    expect(rendered.title).toBe('Boot by ');
    expect(Object.hasOwn(rendered, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(rendered)).toBe(Object.prototype);
  });

  it('compares items on their own fields: a filter key named like an inherited one is no row', () => {
    const collection = {
      id: 1,
      name: 'Gear',
      description: '',
      company_id: 1,
      filter_fields: [{ name: 'C', filter_key: 'constructor', field_type: 'text' }],
    };
    expect(comparisonData(collection, [item]).rows.map((row) => row.field)).toEqual([
      'name',
      'specs',
    ]);
  });
});
