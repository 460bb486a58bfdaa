import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import {
  csvRecords,
  csvRows,
  jsonArrayRows,
  MAX_ROW_CHARACTERS,
  ndjsonRows,
  uploadRows,
  type ParsedRow,
} from './import.js';

/** A stream that delivers `text` in chunks of `size` characters, to cross every boundary. */
const chunked = (text: string, size = 3) =>
  Readable.from(
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
      text.slice(i * size, i * size + size),
    ),
  );
const collect = async <T>(rows: AsyncGenerator<T>) => {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
};

describe('jsonArrayRows', () => {
  it('splits a streamed array into items, with per-row errors, across chunk boundaries', async () => {
    const text = JSON.stringify([
      { id: 'a', name: 'Tent, "big" [2p]', tags: ['x', { y: '}' }] },
      { id: 7, price: 3 },
      { name: 'no id' },
      'not an object',
      { id: 'b' },
    ]);
    const rows = await collect(jsonArrayRows(chunked(text)));
    expect(rows).toEqual<ParsedRow[]>([
      { row: 1, item: { id: 'a', data: { name: 'Tent, "big" [2p]', tags: ['x', { y: '}' }] } } },
      { row: 2, item: { id: '7', data: { price: 3 } } },
      { row: 3, error: 'id: expected a non-empty string or number' },
      { row: 4, error: 'expected an object' },
      { row: 5, item: { id: 'b', data: {} } },
    ]);
  });

  it('rejects what is not an array, and an array that never closes', async () => {
    await expect(collect(jsonArrayRows(chunked('{"id":1}')))).rejects.toThrow(/JSON array/);
    await expect(collect(jsonArrayRows(chunked('[{"id":1},')))).rejects.toThrow(/not closed/);
    expect(await collect(jsonArrayRows(chunked('  []  ')))).toEqual([]);
  });

  it('reports a malformed element as that row', async () => {
    const rows = await collect(jsonArrayRows(chunked('[{"id":1}, {"id": }, {"id":2}]')));
    expect(rows.map((row) => ('error' in row ? 'error' : row.item.id))).toEqual([
      '1',
      'error',
      '2',
    ]);
  });
});

describe('ndjsonRows', () => {
  it('one item a line; blank lines skipped; a bad line is its own error', async () => {
    const rows = await collect(ndjsonRows(chunked('{"id":"a"}\n\n{oops}\r\n{"id":"b","n":1}')));
    expect(rows).toEqual([
      { row: 1, item: { id: 'a', data: {} } },
      { row: 2, error: expect.stringMatching(/JSON/) },
      { row: 3, item: { id: 'b', data: { n: 1 } } },
    ]);
  });
});

describe('csv', () => {
  it('reads RFC 4180 records: quotes, doubled quotes, commas and newlines in fields, CRLF', async () => {
    const records = await collect(
      csvRecords(chunked('a,b\r\n"x, ""y""","multi\nline"\r\nlast,\n', 2)),
    );
    expect(records).toEqual([
      ['a', 'b'],
      ['x, "y"', 'multi\nline'],
      ['last', ''],
    ]);
  });

  it('converts number and boolean filter columns, nests dotted columns, and reports rows that do not fit', async () => {
    const csv = [
      'id,name,price,waterproof,specs.weight',
      'B-1,Boot,180,yes,900',
      'B-2,Runner,cheap,no,',
      'B-3,Sandal,40,maybe,200',
      'B-4,Short row',
      ',Nameless,10,no,1',
    ].join('\n');
    const fields = [
      { name: 'Price', filter_key: 'price', field_type: 'number' },
      { name: 'Waterproof', filter_key: 'waterproof', field_type: 'boolean' },
    ];
    const rows = await collect(csvRows(chunked(csv, 5), fields));
    expect(rows).toEqual([
      {
        row: 1,
        item: {
          id: 'B-1',
          data: { name: 'Boot', price: 180, waterproof: true, specs: { weight: '900' } },
        },
      },
      { row: 2, error: 'price: expected a number, found cheap' },
      { row: 3, error: 'waterproof: expected true or false, found maybe' },
      { row: 4, error: 'expected 5 fields, found 2' },
      { row: 5, error: 'id: expected a non-empty string or number' },
    ]);
  });

  it('needs a header with an id column', async () => {
    await expect(collect(csvRows(chunked('name,price\nBoot,3'), []))).rejects.toThrow(
      /no id column/,
    );
    await expect(collect(csvRows(chunked(''), []))).rejects.toThrow(/empty/);
  });
});

describe('keys that reach the prototype', () => {
  afterEach(() => {
    // Only a regression gets here; later tests must not inherit its damage.
    delete (Object.prototype as Record<string, unknown>)['admin_id'];
  });

  it('refuses a CSV column with a __proto__, constructor or prototype segment, naming it, and pollutes nothing', async () => {
    for (const column of [
      '__proto__.admin_id',
      'constructor.prototype.admin_id',
      'specs.prototype',
    ]) {
      const rows = collect(csvRows(chunked(`id,${column}\nk1,7\n`), []));
      await expect(rows).rejects.toBeInstanceOf(HttpError);
      await expect(collect(csvRows(chunked(`id,${column}\nk1,7\n`), []))).rejects.toMatchObject({
        status: 400,
        message: `column ${column}: __proto__, constructor and prototype are not field names`,
      });
    }
    expect(({} as Record<string, unknown>)['admin_id']).toBeUndefined();
  });

  it('refuses a JSON or NDJSON item with such a key at any depth as an error of its row', async () => {
    const json =
      '[{"id":"a","__proto__":{"admin_id":1}},{"id":"b","specs":{"constructor":1}},{"id":"c"}]';
    expect(await collect(jsonArrayRows(chunked(json)))).toEqual([
      {
        row: 1,
        error: 'field __proto__: __proto__, constructor and prototype are not field names',
      },
      {
        row: 2,
        error: 'field specs.constructor: __proto__, constructor and prototype are not field names',
      },
      { row: 3, item: { id: 'c', data: {} } },
    ]);
    const ndjson = '{"id":"a","list":[{"prototype":true}]}\n{"id":"b"}\n';
    expect(await collect(ndjsonRows(chunked(ndjson)))).toEqual([
      {
        row: 1,
        error: 'field list.0.prototype: __proto__, constructor and prototype are not field names',
      },
      { row: 2, item: { id: 'b', data: {} } },
    ]);
    expect(({} as Record<string, unknown>)['admin_id']).toBeUndefined();
  });

  it('reads no content type off a prototype', () => {
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      expect(uploadRows(type, Readable.from([]), [])).toBeUndefined();
  });
});

describe('row size', () => {
  const long = 'x'.repeat(MAX_ROW_CHARACTERS + 1);

  it('refuses an NDJSON line over the limit as an error naming its row; the rows around it import', async () => {
    const text = `{"id":"a"}\n{"id":"b","name":"${long}"}\n{"id":"c"}\n{"id":"d","name":"${long}"}`;
    const rows = await collect(ndjsonRows(chunked(text, 4096)));
    const error = `is longer than ${MAX_ROW_CHARACTERS} characters (an item is at most 64 KiB)`;
    expect(rows).toEqual([
      { row: 1, item: { id: 'a', data: {} } },
      { row: 2, error: `row 2 ${error}` },
      { row: 3, item: { id: 'c', data: {} } },
      { row: 4, error: `row 4 ${error}` },
    ]);
  });

  it('refuses a CSV record over the limit as an error naming its row, following quotes to its end', async () => {
    const text = `id,name\na,short\nb,"${long},\n${long}"\nc,after\n`;
    expect(await collect(csvRecords(chunked(text, 4096)))).toEqual([
      ['id', 'name'],
      ['a', 'short'],
      null,
      ['c', 'after'],
    ]);
    expect(await collect(csvRows(chunked(text, 4096), []))).toEqual([
      { row: 1, item: { id: 'a', data: { name: 'short' } } },
      {
        row: 2,
        error: `row 2 is longer than ${MAX_ROW_CHARACTERS} characters (an item is at most 64 KiB)`,
      },
      { row: 3, item: { id: 'c', data: { name: 'after' } } },
    ]);
    await expect(collect(csvRows(chunked(`id,${long}\n`, 4096), []))).rejects.toThrow(
      /the CSV header is longer than/,
    );
  });
});
