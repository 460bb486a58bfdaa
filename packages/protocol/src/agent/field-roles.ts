// What a collection's fields mean, declared by its author: the agent reads "cheapest", "under two
// pounds" or "in red" through these roles, so a catalogue in any language, with fields named as
// its owner likes, is understood without a list of field names written for it.

import { FIELD_ROLES, type Collection, type FieldRole, type FilterField } from '../config.js';

/** The `field_type`s a role fits: a price is a number, a category an enum or a text. */
export const ROLE_FIELD_TYPES: Readonly<Record<FieldRole, readonly string[]>> = {
  price: ['number'],
  weight: ['number'],
  rating: ['number'],
  stock: ['number', 'boolean'],
  colour: ['enum', 'text'],
  size: ['enum', 'text', 'number'],
  category: ['enum', 'text'],
  brand: ['enum', 'text'],
};

/** Grams in one of each weight unit a `weight` field may be kept in. */
export const WEIGHT_UNITS = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237 } as const;

/** A unit of {@link WEIGHT_UNITS}. */
export type WeightUnit = keyof typeof WEIGHT_UNITS;

/** An ISO 4217 currency code, as a `price` field's `unit` is (`EUR`, `USD`). */
export const CURRENCY_CODE = /^[A-Z]{3}$/;

/** Whether a value is one of {@link FIELD_ROLES}. */
export function isFieldRole(value: unknown): value is FieldRole {
  return (FIELD_ROLES as readonly unknown[]).includes(value);
}

/** Whether a value is one of {@link WEIGHT_UNITS}. */
export function isWeightUnit(value: unknown): value is WeightUnit {
  return typeof value === 'string' && Object.hasOwn(WEIGHT_UNITS, value);
}

/** What is wrong with a filter field's role and unit, or `undefined` when they fit its type. */
export function fieldRoleProblem(
  field: Pick<FilterField, 'field_type'> & { role?: unknown; unit?: unknown },
): string | undefined {
  const { role, unit } = field;
  if (role === undefined) {
    return unit === undefined ? undefined : 'a unit belongs to a price or weight role';
  }
  if (!isFieldRole(role)) return `unknown role ${String(role)} (one of ${FIELD_ROLES.join(', ')})`;
  const types = ROLE_FIELD_TYPES[role];
  if (!types.includes(field.field_type))
    return `role ${role} needs a field of type ${types.join(' or ')}, not ${field.field_type}`;
  if (unit === undefined) return undefined;
  if (role === 'weight' && !isWeightUnit(unit))
    return `a weight's unit is one of ${Object.keys(WEIGHT_UNITS).join(', ')}`;
  if (role === 'price' && !(typeof unit === 'string' && CURRENCY_CODE.test(unit)))
    return "a price's unit is an ISO 4217 currency code such as EUR";
  if (role !== 'weight' && role !== 'price') return 'a unit belongs to a price or weight role';
  return undefined;
}

/** The collection's filter field that declares `role`, if one does. */
export function fieldWithRole(
  collection: Pick<Collection, 'filter_fields'> | undefined,
  role: FieldRole,
): FilterField | undefined {
  return collection?.filter_fields?.find((field) => field.role === role);
}

/** A weight in `from` units, in `to` units (two pounds in a field kept in grams: 907.18...). */
export function convertWeight(value: number, from: WeightUnit, to: WeightUnit): number {
  return (value * WEIGHT_UNITS[from]) / WEIGHT_UNITS[to];
}
