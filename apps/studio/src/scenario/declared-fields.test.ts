// @vitest-environment happy-dom
import { FIELD_ROLES } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import { requestSchema } from '../api/types';
import { fieldOf, type Field } from '../schema-form/schema-model';
import { featureFormSchema, newFeature, type CatalogFeature } from './features-editor';

/** The field at `names` under an object field, a list's items read as their own form. */
function fieldAt(field: Field, names: string[]): Field | undefined {
  let current: Field | undefined = field;
  for (const name of names) {
    if (current?.kind === 'object-list') current = fieldOf(current.items);
    current =
      current?.kind === 'object'
        ? current.fields.find((child) => child.path.at(-1) === name)
        : undefined;
  }
  return current;
}

describe('what the author declares', () => {
  it("offers a tool's operation as a choice, and fills a new feature's tools with theirs", () => {
    const operation = fieldAt(fieldOf(featureFormSchema), ['tools', 'settings', 'operation']);
    expect(operation?.kind).toBe('enum');
    expect(operation?.kind === 'enum' && operation.options).toContain('custom');
    expect(operation?.kind === 'enum' && operation.options).toContain('cart_add');
    const cart = {
      type: 'bucket:list:crud',
      title: 'Cart',
      description: '',
      settings_schema: { type: 'object' },
      tools: [{ name: 'add_to_cart', type: 'frontend', operation: 'cart_add' }],
    } as unknown as CatalogFeature;
    expect(newFeature(cart).tools).toEqual([
      { name: 'add_to_cart', type: 'frontend', settings: { operation: 'cart_add' } },
    ]);
  });

  it("offers a collection field's role as a choice of the closed list, with its unit", () => {
    for (const route of [
      'post /v1/admin/collections',
      'patch /v1/admin/collections/{id}',
    ] as const) {
      const form = fieldOf(requestSchema(route));
      const role = fieldAt(form, ['filter_fields', 'role']);
      expect(role?.kind === 'enum' && role.options).toEqual([...FIELD_ROLES]);
      expect(fieldAt(form, ['filter_fields', 'unit'])?.kind).toBe('string');
    }
  });
});
