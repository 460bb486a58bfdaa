import { describe, expect, it } from 'vitest';
import { convertWeight, fieldRoleProblem, fieldWithRole } from './field-roles.js';

describe('field roles', () => {
  const collection = {
    filter_fields: [
      { name: 'Preis', filter_key: 'preis', field_type: 'number', role: 'price' as const },
      {
        name: 'Gewicht',
        filter_key: 'gewicht_g',
        field_type: 'number',
        role: 'weight' as const,
        unit: 'g',
      },
    ],
  };

  it('finds a field by its declared role, whatever its name', () => {
    expect(fieldWithRole(collection, 'price')?.filter_key).toBe('preis');
    expect(fieldWithRole(collection, 'weight')?.filter_key).toBe('gewicht_g');
    expect(fieldWithRole(collection, 'rating')).toBeUndefined();
    // A field named "price" with no role is not taken for one.
    expect(
      fieldWithRole(
        { filter_fields: [{ name: 'Price', filter_key: 'price', field_type: 'number' }] },
        'price',
      ),
    ).toBeUndefined();
  });

  it('refuses an unknown role, a role on a field of another type and a unit that does not fit', () => {
    expect(fieldRoleProblem({ field_type: 'number', role: 'price', unit: 'EUR' })).toBeUndefined();
    expect(fieldRoleProblem({ field_type: 'number', role: 'weight', unit: 'lb' })).toBeUndefined();
    expect(fieldRoleProblem({ field_type: 'number', role: 'cost' })).toMatch(/unknown role cost/);
    expect(fieldRoleProblem({ field_type: 'enum', role: 'price' })).toMatch(/type number/);
    expect(fieldRoleProblem({ field_type: 'number', role: 'weight', unit: 'stone' })).toMatch(
      /unit/,
    );
    expect(fieldRoleProblem({ field_type: 'number', role: 'price', unit: 'euro' })).toMatch(
      /currency/,
    );
    expect(fieldRoleProblem({ field_type: 'enum', role: 'colour', unit: 'g' })).toMatch(/unit/);
  });

  it('converts weights between units', () => {
    expect(convertWeight(2, 'lb', 'g')).toBeCloseTo(907.18, 2);
    expect(convertWeight(1.5, 'kg', 'g')).toBe(1500);
    expect(convertWeight(16, 'oz', 'lb')).toBeCloseTo(1, 6);
  });
});
