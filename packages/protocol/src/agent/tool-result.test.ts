import { describe, expect, it } from 'vitest';
import { parseItemList } from '../content/parse.js';
import { readToolOutput } from './tool-result.js';

describe('readToolOutput', () => {
  it("reads a tool output's JSON into the envelope, whose result the content parser then reads", () => {
    const output = JSON.stringify({
      ok: true,
      result: { items: [{ id: 'B-1', data: { name: 'Boot' } }], limit: 5 },
      reply_fields: ['name'],
    });
    const read = readToolOutput(output);
    expect(read.ok && read.value.ok).toBe(true);
    const items = read.ok ? parseItemList(read.value.result) : read;
    expect(items).toEqual({
      ok: true,
      value: { items: [{ id: 'B-1', data: { name: 'Boot' } }], limit: 5 },
    });
  });

  it('reports an output that is not JSON, or not the envelope, instead of guessing', () => {
    expect(readToolOutput('shown')).toMatchObject({ ok: false, error: /^\(root\): invalid JSON/ });
    expect(readToolOutput('{"items":[]}')).toEqual({
      ok: false,
      error: 'ok: required field is missing',
    });
  });
});
