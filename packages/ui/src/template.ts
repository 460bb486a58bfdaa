// A collection's view: a template name and a mapping from the template's slots to expressions in
// which `{{field}}` or `{{a.b}}` stands for an item's field. The output is plain text, which React
// renders as text: an item's data never becomes markup.
import type { Collection } from '@svc/protocol';
import { formatNumber, formatPrice } from './format.js';
import { isRecord, ownValue, plain } from './values.js';

/** A collection's view: `template` names the layout, `mapping` fills its slots. */
export type CollectionView = NonNullable<Collection['view']>;

/** The slots of a template filled for one item, as text. */
export type MappedItem = Record<string, string>;

/** Options of {@link mapItem}. */
export interface MapItemOptions {
  /** BCP-47 locale for prices; the runtime's default when absent. */
  locale?: string | undefined;
}

const EXPRESSION = /\{\{\s*([\w.]+)\s*\}\}/g;
/** A price slot that is one field and a currency code (`{{price}} USD`), formatted as a price. */
const PRICE_EXPRESSION = /^\s*\{\{\s*([\w.]+)\s*\}\}\s*([A-Z]{3})\s*$/;

/** The value at a dotted path of `item`, through its own properties only. */
export function fieldAt(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) {
    value = ownValue(value, part);
    if (value === undefined) return undefined;
  }
  return value;
}

/** The text of a field: a string, number or boolean as it is, a list of them joined, else ''. */
function fieldText(value: unknown): string {
  if (Array.isArray(value))
    return value
      .map(plain)
      .filter((text) => text !== undefined)
      .join(', ');
  return plain(value) ?? '';
}

/**
 * Fills an expression for an item: `{{field}}` and `{{a.b}}` become the field's text, a missing
 * field (or one that is an object) the empty string. Only the item's own fields are read, so
 * `{{constructor}}` or `{{__proto__}}` are empty too. The result is text, never HTML.
 *
 * @example
 * ```ts
 * renderTemplate('{{brand}} · {{color}}', { brand: 'Summit', color: 'red' }); // 'Summit · red'
 * ```
 */
export function renderTemplate(expression: string, item: Record<string, unknown>): string {
  return expression.replace(EXPRESSION, (_match, path: string) => fieldText(fieldAt(item, path)));
}

/**
 * The generic slots of an item with no view (or a view of a template this package does not
 * know): `title` from its name, title or id, and up to `limit` of its other plain fields by name.
 */
export function genericFields(
  item: Record<string, unknown>,
  options: MapItemOptions & { limit?: number } = {},
): MappedItem {
  const limit = options.limit ?? 4;
  const title =
    plain(ownValue(item, 'name')) ?? plain(ownValue(item, 'title')) ?? plain(ownValue(item, 'id'));
  const mapped: MappedItem = {};
  if (title !== undefined) mapped.title = title;
  let count = 0;
  for (const [key, value] of Object.entries(item)) {
    if (count >= limit) break;
    if (['id', 'name', 'title', 'description', 'image', 'image_url'].includes(key)) continue;
    const text = typeof value === 'number' ? formatNumber(value, options.locale) : plain(value);
    if (text === undefined || text === '') continue;
    mapped[key] = text;
    count += 1;
  }
  return mapped;
}

/**
 * The slots of `view`'s template filled for `item` (`{ title, subtitle, price, body }` for the
 * demo's `product-card`). A slot that is one numeric field and a currency code (`{{price}} USD`)
 * is formatted as a price for the locale. Without a view, the generic slots ({@link genericFields}).
 */
export function mapItem(
  view: CollectionView | null | undefined,
  item: Record<string, unknown>,
  options: MapItemOptions = {},
): MappedItem {
  if (!view || !isRecord(view.mapping)) return genericFields(item, options);
  const mapped: MappedItem = {};
  for (const [slot, expression] of Object.entries(view.mapping)) {
    if (typeof expression !== 'string') continue;
    const price = PRICE_EXPRESSION.exec(expression);
    const value = price ? fieldAt(item, price[1] ?? '') : undefined;
    mapped[slot] =
      price && typeof value === 'number'
        ? formatPrice(value, price[2], options.locale)
        : renderTemplate(expression, item);
  }
  return mapped;
}

/**
 * The currency of a collection's prices, when its view maps `price` as one field and a currency
 * code (`{{price}} USD`): the field and the code, so totals can be priced too.
 */
export function priceField(
  view: CollectionView | null | undefined,
): { field: string; currency: string } | undefined {
  const expression = view && isRecord(view.mapping) ? ownValue(view.mapping, 'price') : undefined;
  const match = typeof expression === 'string' ? PRICE_EXPRESSION.exec(expression) : null;
  return match?.[1] && match[2] ? { field: match[1], currency: match[2] } : undefined;
}

/**
 * An image address that is safe to load: an absolute `http:` or `https:` URL, normalized;
 * undefined for anything else (`javascript:`, `data:`, relative paths, text).
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The item fields a view's expressions read (`name`, `brand`, `specs.weight` as `specs`). */
export function viewFields(view: CollectionView | null | undefined): Set<string> {
  const fields = new Set<string>();
  if (!view || !isRecord(view.mapping)) return fields;
  for (const expression of Object.values(view.mapping)) {
    if (typeof expression !== 'string') continue;
    for (const match of expression.matchAll(EXPRESSION)) fields.add(match[1]?.split('.')[0] ?? '');
  }
  return fields;
}

/**
 * The image of an item: its view's `image` slot, else its `image` or `image_url` field, when that
 * is a safe address ({@link safeImageUrl}).
 */
export function itemImage(mapped: MappedItem, item: Record<string, unknown>): string | undefined {
  const source = mapped.image ?? ownValue(item, 'image') ?? ownValue(item, 'image_url');
  return safeImageUrl(source);
}
