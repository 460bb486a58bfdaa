import type { Readable } from 'node:stream';
import { HttpError } from '../errors.js';
import { hasUnsafeSegment, UNSAFE_KEY_REASON, unsafeKeyPath } from '../unsafe-keys.js';
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
/**
 * The most text one row may take before it is parsed: twice an item's limit, for the escapes and
 * quoting the text spends on it. A longer row is refused without being held whole.
 */
export const MAX_ROW_CHARACTERS = MAX_ITEM_BYTES * 2;
const longerThanLimit = (what: string) =>
  `${what} is longer than ${MAX_ROW_CHARACTERS} characters (an item is at most 64 KiB)`;

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
  // Stored items are read back and walked by field paths: a key that reaches the prototype is no
  // field, wherever it is nested.
  const unsafe = unsafeKeyPath(data);
  if (unsafe !== undefined) throw new Error(`field ${unsafe}: ${UNSAFE_KEY_REASON}`);
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

/**
 * One item per line (NDJSON); blank lines are skipped. Each chunk is searched for line ends once,
 * and a line longer than {@link MAX_ROW_CHARACTERS} is dropped as it streams and answered as an
 * error of its row.
 */
export async function* ndjsonRows(stream: Readable): AsyncGenerator<ParsedRow> {
  let parts: string[] = [];
  let length = 0;
  let tooLong = false;
  let row = 0;
  const take = (part: string) => {
    if (tooLong) return;
    length += part.length;
    if (length > MAX_ROW_CHARACTERS) {
      tooLong = true;
      parts = [];
    } else parts.push(part);
  };
  const endLine = (): ParsedRow | undefined => {
    const line = parts.join('').trim();
    const refused = tooLong;
    parts = [];
    length = 0;
    tooLong = false;
    if (refused) {
      row += 1;
      return { row, error: longerThanLimit(`row ${row}`) };
    }
    if (!line) return undefined;
    row += 1;
    try {
      return { row, item: itemFromRecord(JSON.parse(line)) };
    } catch (error) {
      return { row, error: (error as Error).message };
    }
  };
  for await (const chunk of stream) {
    const text = String(chunk);
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      take(text.slice(start, end));
      start = end + 1;
      const parsed = endLine();
      if (parsed) yield parsed;
    }
    take(text.slice(start));
  }
  const last = endLine();
  if (last) yield last;
}

/**
 * RFC 4180 records (quoted fields, doubled quotes, CRLF or LF), as they arrive. A record longer
 * than {@link MAX_ROW_CHARACTERS} is dropped as it streams (its quotes still followed, to find
 * where it ends) and yielded as `null`.
 */
export async function* csvRecords(stream: Readable): AsyncGenerator<string[] | null> {
  let field = '';
  let record: string[] = [];
  let length = 0;
  let tooLong = false;
  let quoted = false;
  let afterQuote = false;
  const append = (char: string) => {
    if (tooLong) return;
    length += 1;
    if (length > MAX_ROW_CHARACTERS) {
      tooLong = true;
      field = '';
      record = [];
    } else field += char;
  };
  const endField = () => {
    if (!tooLong) record.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    field = '';
  };
  for await (const chunk of stream) {
    for (const char of String(chunk)) {
      if (quoted) {
        if (char === '"') {
          quoted = false;
          afterQuote = true;
        } else append(char);
        continue;
      }
      if (char === '"') {
        // A quote right after a closing quote is an escaped quote inside the field.
        if (afterQuote) append('"');
        quoted = true;
        afterQuote = false;
        continue;
      }
      afterQuote = false;
      if (char === ',') {
        endField();
        length += 1;
      } else if (char === '\n') {
        endField();
        if (tooLong) yield null;
        else if (record.length > 1 || record[0] !== '') yield record;
        record = [];
        length = 0;
        tooLong = false;
      } else append(char);
    }
  }
  if (quoted) throw new Error('a quoted CSV field is not closed');
  if (tooLong) yield null;
  else if (field !== '' || record.length > 0) {
    endField();
    yield record;
  }
}

/**
 * Items from CSV with a header row. The `id` column is required. A column named like a
 * number or boolean filter field is converted; `specs.weight` columns nest; empty cells are left
 * out. A column whose path has a `__proto__`, `constructor` or `prototype` segment is refused
 * (400): assigning through it would change every object's prototype.
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
      if (record === null) throw new Error(longerThanLimit('the CSV header'));
      header = record.map((name) => name.trim());
      const unsafe = header.find(hasUnsafeSegment);
      if (unsafe !== undefined) throw new HttpError(400, `column ${unsafe}: ${UNSAFE_KEY_REASON}`);
      if (!header.includes('id')) throw new Error('the CSV header has no id column');
      continue;
    }
    row += 1;
    if (record === null) {
      yield { row, error: longerThanLimit(`row ${row}`) };
      continue;
    }
    try {
      if (record.length !== header.length) {
        throw new Error(`expected ${header.length} fields, found ${record.length}`);
      }
      yield { row, item: itemFromRecord(nest(header, record, types)) };
    } catch (error) {
      yield { row, error: (error as Error).message };
    }
  }
  if (!header) throw new Error('the CSV is empty');
}

/**
 * A row's cells as an object, `specs.weight` columns nested. The objects have no prototype, so no
 * column name can reach one (the header is checked too).
 */
function nest(
  header: string[],
  record: string[],
  types: Map<string, string>,
): Record<string, unknown> {
  const object: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [index, name] of header.entries()) {
    const text = record[index] ?? '';
    if (text === '') continue;
    const value = convert(text, types.get(name), name);
    const path = name.split('.');
    let target = object;
    for (const [depth, part] of path.slice(0, -1).entries()) {
      const next = Object.hasOwn(target, part) ? target[part] : undefined;
      if (next !== undefined && (next === null || typeof next !== 'object'))
        throw new Error(`${name}: column ${path.slice(0, depth + 1).join('.')} holds a value`);
      target = (next ?? (target[part] = Object.create(null))) as Record<string, unknown>;
    }
    target[path[path.length - 1] as string] = value;
  }
  return object;
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

/**
 * The content types an import reads, by the parser that reads them. A map: the type is the
 * client's, and `constructor` must not find a function on an object's prototype.
 */
const PARSERS = new Map<
  string,
  (stream: Readable, filterFields: FilterField[]) => AsyncGenerator<ParsedRow>
>([
  ['application/json', jsonArrayRows],
  ['application/x-ndjson', ndjsonRows],
  ['application/jsonl', ndjsonRows],
  ['text/csv', csvRows],
]);

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
  const parse = PARSERS.get(type);
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
 * A malformed upload (not a bad row, the stream itself) keeps what came before and answers
 * `malformedStatus` (400 unless told), naming how far it got. A refusal the parser answers itself
 * (an `HttpError`, such as a forbidden CSV column) keeps its status and message.
 */
export async function importItems(
  store: CollectionStore,
  collection: StoredCollection,
  rows: AsyncIterable<ParsedRow>,
  malformedStatus = 400,
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
    if (error instanceof HttpError) throw error;
    throw new HttpError(
      malformedStatus,
      `${(error as Error).message} (after ${imported} imported rows)`,
    );
  }
  await flush();
  return { imported, failed, errors };
}
