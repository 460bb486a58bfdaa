import type { Readable } from 'node:stream';
import { HttpError } from '../errors.js';
import type { FilterField, Item, StoredCollection } from './collection.js';
import type { CollectionStore } from './store.js';

/** A row that could not be imported, by its 1-based position in the upload. */
export interface RowError {
  row: number;
  error: string;
}

/** The parsed rows of an upload, in order; a row is an item or the reason it is not one. */
export type ParsedRow = { row: number; item: Item } | { row: number; error: string };

const MAX_ITEM_BYTES = 64 * 1024;

/** An item from a record: `id` is the item's id, every other field is its data. */
export function itemFromRecord(record: unknown): Item {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new Error('expected an object');
  }
  const { id, ...data } = record as Record<string, unknown>;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id).length === 0) {
    throw new Error('id: expected a non-empty string or number');
  }
  if (String(id).length > 256) throw new Error('id: at most 256 characters');
  if (JSON.stringify(data).length > MAX_ITEM_BYTES) throw new Error('item larger than 64 KiB');
  return { id: String(id), data };
}

/**
 * The elements of a JSON array as they arrive, without holding the whole upload: splits the
 * stream at top-level commas (tracking strings and nesting), then parses each element alone.
 */
export async function* jsonArrayRows(stream: Readable): AsyncGenerator<ParsedRow> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  let element = '';
  let row = 0;
  const flush = function* (): Generator<ParsedRow> {
    const text = element.trim();
    element = '';
    if (text === '') return;
    row += 1;
    try {
      yield { row, item: itemFromRecord(JSON.parse(text)) };
    } catch (error) {
      yield { row, error: (error as Error).message };
    }
  };
  for await (const chunk of stream) {
    for (const char of String(chunk)) {
      if (!started) {
        if (char === '[') started = true;
        else if (!/\s/.test(char)) throw new Error('expected a JSON array of items');
        continue;
      }
      if (inString) {
        element += char;
        if (escaped) escaped = false;
        else if (char === '\\') escaped = true;
        else if (char === '"') inString = false;
        continue;
      }
      if (char === '"') inString = true;
      else if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        if (depth === 0) {
          yield* flush();
          return;
        }
        depth -= 1;
      } else if (char === ',' && depth === 0) {
        yield* flush();
        continue;
      }
      element += char;
      if (element.length > MAX_ITEM_BYTES * 2)
        throw new Error(`row ${row + 1}: item larger than 64 KiB`);
    }
  }
  throw new Error('the JSON array is not closed');
}

/** One item per line (NDJSON); blank lines are skipped. */
export async function* ndjsonRows(stream: Readable): AsyncGenerator<ParsedRow> {
  let buffer = '';
  let row = 0;
  const parse = (line: string): ParsedRow => {
    row += 1;
    try {
      return { row, item: itemFromRecord(JSON.parse(line)) };
    } catch (error) {
      return { row, error: (error as Error).message };
    }
  };
  for await (const chunk of stream) {
    buffer += String(chunk);
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield parse(line);
    }
  }
  if (buffer.trim()) yield parse(buffer.trim());
}

/** RFC 4180 records (quoted fields, doubled quotes, CRLF or LF), as they arrive. */
export async function* csvRecords(stream: Readable): AsyncGenerator<string[]> {
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let afterQuote = false;
  for await (const chunk of stream) {
    for (const char of String(chunk)) {
      if (quoted) {
        if (char === '"') {
          quoted = false;
          afterQuote = true;
        } else field += char;
        continue;
      }
      if (char === '"') {
        // A quote right after a closing quote is an escaped quote inside the field.
        if (afterQuote) field += '"';
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (char === ',') {
        record.push(field);
        field = '';
      } else if (char === '\n') {
        record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        field = '';
        if (record.length > 1 || record[0] !== '') yield record;
        record = [];
      } else field += char;
    }
  }
  if (quoted) throw new Error('a quoted CSV field is not closed');
  if (field !== '' || record.length > 0) {
    record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    yield record;
  }
}

/**
 * Items from CSV with a header row. The `id` column is required. A column named like a
 * number or boolean filter field is converted; `specs.weight` columns nest; empty cells are left
 * out.
 */
export async function* csvRows(
  stream: Readable,
  filterFields: FilterField[],
): AsyncGenerator<ParsedRow> {
  const types = new Map(filterFields.map((field) => [field.filter_key, field.field_type]));
  let header: string[] | undefined;
  let row = 0;
  for await (const record of csvRecords(stream)) {
    if (!header) {
      header = record.map((name) => name.trim());
      if (!header.includes('id')) throw new Error('the CSV header has no id column');
      continue;
    }
    row += 1;
    try {
      if (record.length !== header.length) {
        throw new Error(`expected ${header.length} fields, found ${record.length}`);
      }
      const object: Record<string, unknown> = {};
      for (const [index, name] of header.entries()) {
        const text = record[index] ?? '';
        if (text === '') continue;
        const value = convert(text, types.get(name), name);
        const path = name.split('.');
        let target = object;
        for (const part of path.slice(0, -1)) {
          target = (target[part] ??= {}) as Record<string, unknown>;
        }
        target[path[path.length - 1] as string] = value;
      }
      yield { row, item: itemFromRecord(object) };
    } catch (error) {
      yield { row, error: (error as Error).message };
    }
  }
  if (!header) throw new Error('the CSV is empty');
}

function convert(text: string, type: string | undefined, name: string): unknown {
  if (type === 'number') {
    const value = Number(text);
    if (!Number.isFinite(value)) throw new Error(`${name}: expected a number, found ${text}`);
    return value;
  }
  if (type === 'boolean') {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
    throw new Error(`${name}: expected true or false, found ${text}`);
  }
  return text;
}

/** The content types an import reads, by the parser that reads them. */
const PARSERS: Record<
  string,
  (stream: Readable, filterFields: FilterField[]) => AsyncGenerator<ParsedRow>
> = {
  'application/json': jsonArrayRows,
  'application/x-ndjson': ndjsonRows,
  'application/jsonl': ndjsonRows,
  'text/csv': csvRows,
};

/**
 * The rows of an upload of `contentType` (parameters such as `charset` ignored); undefined for a
 * type no parser reads.
 */
export function uploadRows(
  contentType: string,
  stream: Readable,
  filterFields: FilterField[],
): AsyncGenerator<ParsedRow> | undefined {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const parse = PARSERS[type];
  if (!parse) return undefined;
  stream.setEncoding('utf8');
  return parse(stream, filterFields);
}

/** Items written per statement during an import. */
const IMPORT_BATCH = 500;
/** Row errors an import answers in full; the count covers the rest. */
const MAX_REPORTED_ERRORS = 100;

/** What an import did: rows imported, rows refused, and the first refusals with their reasons. */
export interface ImportReport {
  imported: number;
  failed: number;
  errors: RowError[];
}

/**
 * Upserts the valid rows into the collection in batches; invalid rows are counted and reported.
 * A malformed upload (not a bad row, the stream itself) keeps what came before and answers 400,
 * naming how far it got.
 */
export async function importItems(
  store: CollectionStore,
  collection: StoredCollection,
  rows: AsyncIterable<ParsedRow>,
): Promise<ImportReport> {
  let imported = 0;
  let failed = 0;
  const errors: RowError[] = [];
  let batch: Item[] = [];
  const flush = async () => {
    // A later row with the same id replaces an earlier one, as a second import would.
    const unique = [...new Map(batch.map((entry) => [entry.id, entry])).values()];
    await store.upsertItems(collection, unique);
    imported += batch.length;
    batch = [];
  };
  try {
    for await (const row of rows) {
      if ('error' in row) {
        failed += 1;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row: row.row, error: row.error });
        continue;
      }
      batch.push(row.item);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
  } catch (error) {
    await flush();
    throw new HttpError(400, `${(error as Error).message} (after ${imported} imported rows)`);
  }
  await flush();
  return { imported, failed, errors };
}
