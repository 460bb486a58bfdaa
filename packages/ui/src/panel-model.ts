// What a panel shows for a feature tool call, worked out from the scenario's features and the
// arguments the agent sends the page (its own arguments plus the API's `result`): the pure part,
// tested without a browser. The Studio's Try it draws these with Mantine; the panels of this
// package read the same shapes with the collection's view.
import { FEATURE_TYPES } from '@svc/protocol';
import { isRecord, plain } from './values.js';

/** A feature of the saved scenario, as far as the panels need it. */
export interface PanelFeature {
  type: string;
  tools?: { name: string; type?: string }[] | undefined;
}

/** An item as a panel lists it. */
export interface PanelItem {
  id: string;
  label: string;
  /** A short line under the label: the item's other plain fields. */
  detail: string;
}

/** What one panel shows. */
export type PanelContent =
  | { kind: 'items'; items: PanelItem[]; note?: string }
  | { kind: 'item'; item: PanelItem; fields: [string, string][] }
  | { kind: 'comparison'; items: PanelItem[]; rows: { field: string; values: string[] }[] }
  | { kind: 'cart'; lines: { item: PanelItem; quantity: number }[]; total: number }
  | { kind: 'data'; data: unknown };

/** Titles of the panels by feature type, as the studio's catalog names the types. */
export const PANEL_TITLES: Record<string, string> = {
  [FEATURE_TYPES.COLLECTION_ITEMS_SEARCH]: 'Search a collection',
  [FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY]: 'Show an item',
  [FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON]: 'Compare items',
  [FEATURE_TYPES.BUCKET_LIST_CRUD]: 'Cart',
};

/**
 * The page tools of each feature type: its tools the page runs (`frontend`, the default), by the
 * name the SDK hands to the feature runtime. Server tools never reach the page.
 */
export function pageToolsByFeature(features: readonly PanelFeature[]): Map<string, string[]> {
  const byType = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const feature of features) {
    for (const tool of feature.tools ?? []) {
      // The agent keeps the first of two tools with one name; so does the page.
      if ((tool.type ?? 'frontend') !== 'frontend' || seen.has(tool.name)) continue;
      seen.add(tool.name);
      byType.set(feature.type, [...(byType.get(feature.type) ?? []), tool.name]);
    }
  }
  return byType;
}

/** An item from the agent's data: compact (`{ id, ...fields }`) or as the API keeps it (`{ id, data }`). */
export function panelItem(value: unknown): PanelItem {
  const record = isRecord(value) ? value : {};
  const fields = isRecord(record.data) ? { id: record.id, ...record.data } : record;
  const id = plain(fields.id) ?? '';
  const label = plain(fields.name) ?? plain(fields.title) ?? id;
  const detail = Object.entries(fields)
    .filter(([key]) => !['id', 'name', 'title'].includes(key))
    .flatMap(([key, field]) => {
      const text = plain(field);
      return text === undefined ? [] : [`${key}: ${text}`];
    })
    .slice(0, 3)
    .join(' · ');
  return { id, label, detail };
}

/** The fields of an item shown alone: its view when the collection has one, else its data. */
function itemFields(value: Record<string, unknown>): [string, string][] {
  const source = isRecord(value.view) ? value.view : isRecord(value.data) ? value.data : value;
  return Object.entries(source).flatMap(([key, field]) => {
    const text = plain(field);
    return text === undefined || key === 'id' ? [] : [[key, text] as [string, string]];
  });
}

/** What the panel of `featureType` shows for a tool call's arguments. */
export function panelContent(featureType: string, args: Record<string, unknown>): PanelContent {
  const result = args.result;
  if (!isRecord(result)) return { kind: 'data', data: args };
  switch (featureType) {
    case FEATURE_TYPES.COLLECTION_ITEMS_SEARCH:
      return {
        kind: 'items',
        items: (Array.isArray(result.items) ? result.items : []).map(panelItem),
        ...(typeof result.note === 'string' ? { note: result.note } : {}),
      };
    case FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY:
      return { kind: 'item', item: panelItem(result), fields: itemFields(result) };
    case FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON: {
      const rows = Array.isArray(result.rows) ? result.rows.filter(isRecord) : [];
      return {
        kind: 'comparison',
        items: (Array.isArray(result.items) ? result.items : []).map(panelItem),
        rows: rows.map((row) => ({
          field: String(row.field ?? ''),
          values: (Array.isArray(row.values) ? row.values : []).map((value) => plain(value) ?? '-'),
        })),
      };
    }
    case FEATURE_TYPES.BUCKET_LIST_CRUD: {
      const lines = Array.isArray(result.items) ? result.items.filter(isRecord) : [];
      return {
        kind: 'cart',
        lines: lines.map((line) => ({
          item: panelItem({ id: line.item_id, ...(isRecord(line.data) ? line.data : {}) }),
          quantity: Number(line.quantity ?? 1),
        })),
        total: Number(result.total_quantity ?? lines.length),
      };
    }
    default:
      return { kind: 'data', data: result };
  }
}
