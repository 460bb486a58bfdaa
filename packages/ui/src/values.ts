// Small readers of the untyped data the agent sends the page: tool arguments are JSON from the
// model and the API, so every panel reads them defensively.

/** A plain object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of a string, number or boolean; undefined for anything else. */
export const plain = (value: unknown): string | undefined =>
  ['string', 'number', 'boolean'].includes(typeof value) ? String(value) : undefined;

/**
 * An own property of `record`, never one inherited from `Object.prototype`: item data names its
 * fields, and `constructor` or `__proto__` in a template must not reach the prototype.
 */
export function ownValue(record: unknown, key: string): unknown {
  return isRecord(record) && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The fields of an item as one record: compact (`{ id, ...fields }`) or as the API keeps it (`{ id, data }`). */
export function itemFields(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) return {};
  const data = ownValue(value, 'data');
  if (isRecord(data)) {
    const fields: Record<string, unknown> = { ...data };
    const id = ownValue(value, 'id');
    if (id !== undefined) fields.id = id;
    return fields;
  }
  return value;
}

/** The id of an item as text ('' when it has none). */
export const itemId = (item: Record<string, unknown>): string => plain(ownValue(item, 'id')) ?? '';

/** Units a field name may end in (`weight_g`), shown after the name. */
const UNITS: Record<string, string> = {
  g: 'g',
  kg: 'kg',
  mm: 'mm',
  cm: 'cm',
  m: 'm',
  l: 'l',
  ml: 'ml',
};

/**
 * A field's label: the collection's name for it when it has one, else its key in words
 * (`in_stock` is "In stock", `weight_g` is "Weight (g)").
 */
export function fieldLabel(key: string, named?: ReadonlyMap<string, string>): string {
  const known = named?.get(key);
  if (known) return known;
  const words = key.split(/[_\s]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
  const last = words.at(-1)?.toLowerCase() ?? '';
  const unit = words.length > 1 ? UNITS[last] : undefined;
  const text = (unit ? words.slice(0, -1) : words).join(' ').toLowerCase();
  const label = text.charAt(0).toUpperCase() + text.slice(1);
  return unit ? `${label} (${unit})` : label || key;
}
