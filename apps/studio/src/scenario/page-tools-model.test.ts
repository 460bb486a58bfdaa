import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addArgument,
  argumentRows,
  callOnTestPage,
  pageToolErrors,
  removeArgument,
  setArgument,
  type PageTool,
} from './page-tools-model';

const tool: PageTool = {
  name: 'book_visit',
  type: 'frontend',
  description: 'Book a visit.',
  parameters: {
    type: 'object',
    properties: { date: { type: 'string' }, guests: { type: 'integer', minimum: 1 } },
    required: ['date'],
  },
};
const draft = (tools: PageTool[]) => ({ features: [{ type: 'page:tools:custom', tools }] });

describe("the page-tools editor's checks", () => {
  it('names what the API would refuse, under each field', () => {
    expect(pageToolErrors(draft([tool]))).toEqual({});
    expect(
      pageToolErrors(
        draft([
          { ...tool, description: ' ', rpc_timeout_s: 60 },
          {
            ...tool,
            name: 'move_visit',
            frontend_method: 'book_visit',
            parameters: { type: 'object', properties: { day: { type: 'date' } } },
          },
        ]),
      ),
    ).toEqual({
      'features.0.tools.0.description':
        'Description is required: the model reads it to know when to call the tool',
      'features.0.tools.0.rpc_timeout_s': 'Timeout must be between 0.5 and 30 seconds',
      'features.0.tools.1.parameters': expect.stringMatching(
        /^properties\.day\.type: must be one of string, /,
      ),
      'features.0.tools.1.frontend_method': 'book_visit is already the page method of tool 1',
    });
    expect(pageToolErrors(draft([]))).toEqual({
      'features.0.tools': 'Add at least one tool the page runs',
    });
  });
});

describe("the arguments' table", () => {
  it('renames an argument in place, its required mark following it', () => {
    const schema = tool.parameters ?? {};
    const [date] = argumentRows(schema);
    const renamed = setArgument(schema, 0, { ...date!, name: 'day' });
    expect(renamed).toEqual({
      type: 'object',
      properties: { day: { type: 'string' }, guests: { type: 'integer', minimum: 1 } },
      required: ['day'],
    });
    expect(argumentRows(renamed).map((row) => [row.name, row.required])).toEqual([
      ['day', true],
      ['guests', false],
    ]);
  });

  it('a new type gives a plain schema of it; added and removed arguments', () => {
    const schema = tool.parameters ?? {};
    const [, guests] = argumentRows(schema);
    expect(setArgument(schema, 1, { ...guests!, type: 'array' }).properties).toMatchObject({
      guests: { type: 'array', items: { type: 'string' } },
    });
    const added = addArgument(schema);
    expect(Object.keys(added.properties as object)).toEqual(['date', 'guests', 'argument_3']);
    expect(removeArgument(schema, 0)).toEqual({
      type: 'object',
      properties: { guests: { type: 'integer', minimum: 1 } },
      required: [],
    });
  });
});

describe('the test page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers OK with the handler's value and ERROR with its failure, on the tool's method", async () => {
    const calls: string[] = [];
    const ok = await callOnTestPage(
      { ...tool, frontend_method: 'agenda_book' },
      { date: '2026-12-03' },
      async (request) => ({ visit: 'V-7', for: request.args }),
      (call) => calls.push(call.method),
    );
    expect(calls).toEqual(['agenda_book']);
    expect(ok.response).toEqual({
      requestId: ok.request.requestId,
      code: 'OK',
      data: { visit: 'V-7', for: { date: '2026-12-03' } },
    });
    const failed = await callOnTestPage(
      tool,
      {},
      () => Promise.reject(new Error('that day is full')),
      () => undefined,
    );
    expect(failed.response).toMatchObject({ code: 'ERROR', data: 'that day is full' });
  });

  it("answers TIMEOUT once the tool's budget runs out, and aborts the handler", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const call = callOnTestPage(
      { ...tool, rpc_timeout_s: 2 },
      {},
      (_request, given) => {
        signal = given;
        return new Promise(() => undefined);
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect((await call).response).toMatchObject({
      code: 'TIMEOUT',
      data: 'no answer within 2000 ms',
    });
    expect(signal?.aborted).toBe(true);
  });
});
