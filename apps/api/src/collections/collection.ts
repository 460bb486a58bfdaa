import type { Collection, FilterField } from '@svc/protocol';
import { fieldRoleProblem } from '@svc/protocol/agent';
import type { Item } from '@svc/protocol/content';
import type { Generated, Selectable } from 'kysely';
import type { Database } from '../db/database.js';
import { HttpError } from '../errors.js';

/**
 * The columns migration 012 adds, beside the tables of `Database`: a collection's language and an
 * item row's index columns (`search_stems` on SQLite, `search_language` on PostgreSQL; see
 * `IndexColumns`). `db.withTables<SearchColumns>()` sees them (a type alias, not an interface,
 * because `withTables` takes a record type).
 */
export type SearchColumns = {
  collections: {
    /** BCP-47 tag whose language search stems and folds; `en` for collections made before. */
    language: Generated<string>;
  };
  collection_items: {
    /** SQLite: the search text's stems in the collection's language, empty for English. */
    search_stems: Generated<string>;
    /** PostgreSQL: the language (`en`, `fr`, ...) `search_vector` is computed in. */
    search_language: Generated<string>;
  };
};

/** A collection as the admin API answers it: the contract's `Collection` and its language. */
export interface StoredCollection extends Collection {
  /** BCP-47 tag; its language picks stemming and accent folding for search. */
  language: string;
}

/** A search field of a collection: its values are indexed for full-text search. */
export interface SearchField {
  name: string;
  index_type: string;
}

/**
 * A filter field of a collection: `filter_key` is what a search filters on; a `field_type` other
 * than `enum`, `number` or `boolean` matches the text exactly.
 */
export type { FilterField };

/**
 * 422 for a filter field whose `role` is not one of `FIELD_ROLES`, does not fit its type (a price
 * that is not a number), or whose `unit` does not fit its role. The body's schema takes any string
 * there, so that an unknown role is a semantic error naming the field, not a shape error.
 */
export function checkFieldRoles(
  filterFields: readonly (Pick<FilterField, 'field_type'> & { role?: unknown; unit?: unknown })[],
): void {
  for (const [index, field] of filterFields.entries()) {
    const problem = fieldRoleProblem(field);
    if (problem !== undefined) throw new HttpError(422, `filter_fields[${index}]: ${problem}`);
  }
}

/** What a collection is made of, as the admin API creates or changes it. */
export interface CollectionDefinition {
  name: string;
  description: string;
  /** BCP-47 tag of a search language (`COLLECTION_LANGUAGE_TAG`); English when left out. */
  language?: string | undefined;
  /** How a page shows an item: a template name and the item fields it maps. */
  view: { template: string; mapping: Record<string, string> } | null;
  search_fields: SearchField[];
  filter_fields: (Omit<FilterField, 'enum_options' | 'role' | 'unit'> & {
    enum_options?: FilterField['enum_options'] | undefined;
    /** One of `FIELD_ROLES` once {@link checkFieldRoles} passed. */
    role?: string | undefined;
    unit?: string | undefined;
  })[];
}

/** A change to a collection: fields left out keep their values. */
export type CollectionChanges = {
  [Key in keyof CollectionDefinition]?: CollectionDefinition[Key] | undefined;
};

/** A collection item: the content routes' shape, declared once in the protocol. */
export type { Item };

type CollectionRow = Selectable<Database['collections'] & SearchColumns['collections']>;

/** A collection (the contract's `Collection` and its language) from its row. */
export function collectionFromRow(row: CollectionRow): StoredCollection {
  const view = row.view ? (JSON.parse(row.view) as Collection['view']) : undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    company_id: row.company_id,
    language: row.language,
    ...(view ? { view } : {}),
    search_fields: JSON.parse(row.search_fields) as SearchField[],
    filter_fields: JSON.parse(row.filter_fields) as FilterField[],
  };
}

/**
 * Reads a dotted path (`specs.weight`) from an item's fields. Only the item's own fields: a path
 * the tenant wrote (`constructor.name`) must not read what every object inherits.
 */
export function fieldValue(data: Record<string, unknown>, path: string): unknown {
  let value: unknown = data;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The text full-text search indexes: every search field's value, in field order. */
export function searchText(data: Record<string, unknown>, fields: SearchField[]): string {
  const parts: string[] = [];
  for (const field of fields) {
    const value = fieldValue(data, field.name);
    if (Array.isArray(value)) parts.push(value.map(String).join(' '));
    else if (value !== undefined && value !== null) parts.push(String(value));
  }
  return parts.join(' ');
}

/**
 * Renders a view mapping for an item: each value is a template in which `{{field}}` (or
 * `{{specs.weight}}`) stands for the item's field; a missing field renders as an empty string.
 */
export function renderMapping(mapping: Record<string, string>, item: Item): Record<string, string> {
  const data = { id: item.id, ...item.data };
  // Built from entries (own properties only): a mapping key the tenant chose, even `__proto__`
  // in a collection stored before keys were checked, never assigns through a prototype.
  return Object.fromEntries(
    Object.entries(mapping).map(([key, template]) => [
      key,
      template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, path: string) => {
        const value = fieldValue(data, path);
        return value === undefined || value === null ? '' : String(value);
      }),
    ]),
  );
}

/** What the display feature shows for an item: its fields and the view rendered for it. */
export function displayData(collection: Collection, item: Item) {
  return {
    collection_id: collection.id,
    id: item.id,
    data: item.data,
    ...(collection.view ? { view: renderMapping(collection.view.mapping, item) } : {}),
  };
}

/**
 * What the comparison feature shows: the items side by side, one row per field any of them has
 * (search and filter fields first, in the collection's order), so a table needs no more work.
 */
export function comparisonData(collection: Collection, items: Item[]) {
  const ordered = [
    ...(collection.filter_fields ?? []).map((field) => field.filter_key),
    ...(collection.search_fields ?? []).map((field) => field.name),
    ...items.flatMap((item) => Object.keys(item.data)),
  ];
  const fields = [...new Set(ordered)].filter((field) =>
    items.some((item) => fieldValue(item.data, field) !== undefined),
  );
  return {
    collection_id: collection.id,
    items: items.map((item) => displayData(collection, item)),
    rows: fields.map((field) => ({
      field,
      values: items.map((item) => fieldValue(item.data, field) ?? null),
    })),
  };
}
