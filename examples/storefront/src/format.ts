const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A price as the shop shows it, or an empty string when the item has none. */
export function price(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? usd.format(value) : '';
}

/** A field of an item's data as text. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return '';
}

/** A field name as a label: `weight_g` is "Weight (g)", `in_stock` "In stock". */
export function label(field: string): string {
  const named: Record<string, string> = { weight_g: 'Weight (g)', in_stock: 'In stock' };
  const words = named[field] ?? field.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
