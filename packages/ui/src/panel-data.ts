// Reads what the agent sends a page tool (`{ ...the tool's own arguments, result }`, the result
// being the API's answer) into what each panel shows. Tool arguments are JSON from a model, so
// every reader accepts anything and keeps what fits.
import type { Collection } from '@svc/protocol';
import type { Bucket, BucketLine } from '@svc/protocol/content';
import { formatNumber, formatText } from './format.js';
import type { UiStrings } from './strings.js';
import type { MappedItem } from './template.js';
import { isRecord, itemFields, ownValue, plain } from './values.js';

/** A search's results as the panel shows them. */
export interface SearchResultsData {
  items: Record<string, unknown>[];
  query?: string;
  /** The search's other arguments: the filters the agent searched with. */
  filters: Record<string, unknown>;
  note?: string;
}

/** One item shown alone: its fields and, when the API rendered the collection's view, its slots. */
export interface ItemData {
  item: Record<string, unknown>;
  view?: MappedItem;
}

/** A comparison: items side by side, one row per field. */
export interface ComparisonData {
  items: Record<string, unknown>[];
  rows: { field: string; values: unknown[] }[];
}

/** Arguments of a search tool that are not filters. */
const NOT_FILTERS = new Set(['query', 'result', 'limit', 'sort', 'sort_by', 'order']);

const resultOf = (args: Record<string, unknown>) => ownValue(args, 'result');
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The id of the collection a result belongs to, when it names one. */
export function resultCollectionId(args: Record<string, unknown>): number | undefined {
  const result = resultOf(args);
  const direct = ownValue(result, 'collection_id');
  if (typeof direct === 'number') return direct;
  const line = listOf(ownValue(result, 'items')).find((entry) =>
    isRecord(entry) ? typeof entry.collection_id === 'number' : false,
  );
  const fromLine = ownValue(line, 'collection_id');
  return typeof fromLine === 'number' ? fromLine : undefined;
}

/**
 * The collection of a tool call: the one its result names, else the feature's
 * `settings.collection_id`, else the scenario's first (as the agent picks it).
 */
export function resolveCollection(
  collections: readonly Collection[] | undefined,
  args: Record<string, unknown>,
  settings?: Record<string, unknown>,
): Collection | undefined {
  const list = collections ?? [];
  const id = resultCollectionId(args) ?? Number(ownValue(settings, 'collection_id'));
  return list.find((collection) => collection.id === id) ?? list[0];
}

/** A search tool's arguments as the search panel shows them. */
export function searchResultsData(args: Record<string, unknown>): SearchResultsData {
  const result = resultOf(args);
  const query = plain(ownValue(args, 'query'));
  const note = ownValue(result, 'note');
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (!NOT_FILTERS.has(key) && value !== undefined && value !== null && value !== '')
      filters[key] = value;
  }
  return {
    items: listOf(ownValue(result, 'items')).filter(isRecord).map(itemFields),
    ...(query ? { query } : {}),
    filters,
    ...(typeof note === 'string' && note ? { note } : {}),
  };
}

/** A display tool's arguments: the item (`{ id, data, view? }` from the API). */
export function itemData(args: Record<string, unknown>): ItemData {
  const result = resultOf(args);
  const view = ownValue(result, 'view');
  const slots: MappedItem = {};
  if (isRecord(view))
    for (const [slot, text] of Object.entries(view)) {
      const value = plain(text);
      if (value !== undefined) slots[slot] = value;
    }
  return { item: itemFields(result), ...(isRecord(view) ? { view: slots } : {}) };
}

/** A compare tool's arguments: `{ items, rows: [{ field, values }] }`. */
export function comparisonData(args: Record<string, unknown>): ComparisonData {
  const result = resultOf(args);
  return {
    items: listOf(ownValue(result, 'items')).filter(isRecord).map(itemFields),
    rows: listOf(ownValue(result, 'rows'))
      .filter(isRecord)
      .map((row) => ({
        field: plain(ownValue(row, 'field')) ?? '',
        values: listOf(ownValue(row, 'values')),
      })),
  };
}

/** A cart tool's arguments: the bucket the API answered, or null when the result is not one. */
export function bucketData(args: Record<string, unknown>): Bucket | null {
  const result = resultOf(args);
  if (!isRecord(result) || !Array.isArray(result.items)) return null;
  const items: BucketLine[] = result.items.filter(isRecord).map((line) => ({
    collection_id: Number(ownValue(line, 'collection_id') ?? 0),
    item_id: plain(ownValue(line, 'item_id')) ?? '',
    quantity: Number(ownValue(line, 'quantity') ?? 1),
    added_at: plain(ownValue(line, 'added_at')) ?? '',
    data: isRecord(line.data) ? line.data : null,
  }));
  const total = ownValue(result, 'total_quantity');
  return {
    name: plain(ownValue(result, 'name')) ?? 'cart',
    items,
    total_quantity:
      typeof total === 'number' ? total : items.reduce((sum, line) => sum + line.quantity, 0),
    updated_at: plain(ownValue(result, 'updated_at')) ?? '',
  };
}

/** The filter field of a collection a search argument belongs to, and how it filters. */
function filterFieldOf(collection: Collection | undefined, key: string) {
  for (const field of collection?.filter_fields ?? []) {
    if (field.filter_key === key) return { field, bound: undefined };
    if (key === `min_${field.filter_key}`) return { field, bound: 'min' as const };
    if (key === `max_${field.filter_key}`) return { field, bound: 'max' as const };
  }
  return undefined;
}

/**
 * The chips of a search's filters, as text: `Category: Tents`, `Price up to 100`, `Waterproof`.
 * Fields the collection names get its labels; other arguments show as `key: value`.
 */
export function filterChips(
  filters: Record<string, unknown>,
  collection: Collection | undefined,
  strings: UiStrings,
  locale?: string,
): string[] {
  const text = (value: unknown) =>
    typeof value === 'number'
      ? formatNumber(value, locale)
      : typeof value === 'boolean'
        ? value
          ? strings.yes
          : strings.no
        : Array.isArray(value)
          ? value.map((entry) => plain(entry) ?? '').join(', ')
          : typeof value === 'string'
            ? formatText(value, locale)
            : (plain(value) ?? '');
  const chips: string[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const match = filterFieldOf(collection, key);
    if (!match) {
      if (!isRecord(value)) chips.push(`${key}: ${text(value)}`);
      continue;
    }
    const { field, bound } = match;
    if (bound === 'min') chips.push(strings.filterMin(field.name, text(value)));
    else if (bound === 'max') chips.push(strings.filterMax(field.name, text(value)));
    else if (typeof value === 'boolean')
      chips.push(value ? strings.filterYes(field.name) : strings.filterNo(field.name));
    else {
      const option = field.enum_options?.find((candidate) => candidate.value === value);
      chips.push(`${field.name}: ${option?.label ?? text(value)}`);
    }
  }
  return chips.filter((chip) => chip !== '');
}
