import type { llm } from '@livekit/agents';
import { compactToolOutput } from '@svc/agents-plugin-embedded';
import { TIMINGS, type Collection } from '@svc/protocol';
import type { FeatureSnapshot } from '@svc/protocol/agent';
import { describe, expect, it } from 'vitest';
import type { ConversationApi } from './api-client.js';
import { recordingChannel } from './test-support.js';
import { buildTools } from './tools.js';

// A page tool's call as the agent sends it, against the recording channel (the Transport seam).
// The worker test (page-tools.test.ts) runs the same tools on a real room.

const BOOKING_FEATURE: FeatureSnapshot = {
  name: 'Appointments',
  type: 'booking:appointments',
  settings: {},
  tools: [
    {
      name: 'book_appointment',
      type: 'frontend',
      settings: { operation: 'custom' },
      parameters: { type: 'object', properties: { note: { type: 'string' } } },
    },
  ],
};

/** The page's booking handler answering SUCCESS. */
const confirms = (request: unknown) => ({
  requestId: (request as { requestId: string }).requestId,
  code: 'SUCCESS',
  data: { confirmation: 'A-1042' },
});

/** Runs the booking tool as the framework does, against the page's handler. */
async function book(
  args: Record<string, unknown>,
  handler: (request: unknown) => unknown = confirms,
) {
  const page = recordingChannel({ book_appointment: handler });
  const [tool] = buildTools([BOOKING_FEATURE], {
    // A custom tool only calls the page: the agent's API is never asked.
    api: {} as ConversationApi,
    channel: page.channel,
    collections: [],
    limit: 5,
    onEnd: () => undefined,
    lastUiActivity: () => 0,
  });
  const execute = (tool as llm.FunctionTool).execute as (
    args: Record<string, unknown>,
    options: { toolCallId: string; abortSignal: AbortSignal },
  ) => Promise<unknown>;
  const result = await execute(args, {
    toolCallId: 'call-1',
    abortSignal: new AbortController().signal,
  });
  return { result, calls: page.calls };
}

describe('a page tool call', () => {
  it("arguments over the Transport's RPC payload limit are not sent, and the model is told why", async () => {
    const { result, calls } = await book({ note: 'x'.repeat(TIMINGS.MAX_RPC_PAYLOAD_BYTES) });
    expect(calls).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      shown_on_page: false,
      error: expect.stringMatching(
        /^book_appointment did not go through: the call is \d+ bytes, over the 15360-byte RPC payload limit$/,
      ),
    });
  });

  it('arguments within the limit reach the page as the model gave them', async () => {
    const { result, calls } = await book({ note: 'window seat' });
    expect(calls).toEqual([
      {
        method: 'book_appointment',
        payload: expect.objectContaining({
          tool: 'book_appointment',
          args: { note: 'window seat' },
        }),
      },
    ]);
    expect(result).toEqual({ ok: true, shown_on_page: true, result: { confirmation: 'A-1042' } });
  });

  it("a page handler that throws an RpcError: its message is the model's reason", async () => {
    const { result } = await book({ note: 'window seat' }, () => {
      // What the Transport delivers when a page's handler throws `new RpcError(1500, message)`.
      throw Object.assign(new Error('that slot is taken'), { code: 1500 });
    });
    expect(result).toMatchObject({
      ok: false,
      error: 'book_appointment did not go through: the page reported an error: that slot is taken',
    });
  });
});

/**
 * Runs a catalogue feature's one page tool as the framework does, against `api` and a page that
 * answers SUCCESS: what the model gets, and what the page was sent.
 */
async function runPageTool(
  feature: { name: string; type: string; tool: string },
  collection: Collection,
  api: Partial<ConversationApi>,
  args: Record<string, unknown>,
): Promise<{ result: Record<string, unknown>; sent: string }> {
  const page = recordingChannel({
    [feature.tool]: (request) => ({
      requestId: (request as { requestId: string }).requestId,
      code: 'SUCCESS',
    }),
  });
  const [tool] = buildTools(
    [
      {
        name: feature.name,
        type: feature.type,
        settings: { collection_id: collection.id },
        tools: [{ name: feature.tool, type: 'frontend' }],
      } as FeatureSnapshot,
    ],
    {
      api: api as ConversationApi,
      channel: page.channel,
      collections: [collection],
      limit: 5,
      onEnd: () => undefined,
      lastUiActivity: () => Date.now(),
    },
  );
  const execute = (tool as llm.FunctionTool).execute as (
    args: Record<string, unknown>,
    options: { toolCallId: string; abortSignal: AbortSignal },
  ) => Promise<Record<string, unknown>>;
  const result = await execute(args, {
    toolCallId: 'call-2',
    abortSignal: new AbortController().signal,
  });
  return { result, sent: JSON.stringify(page.calls) };
}

/** A collection of books whose card shows a title and a price. */
const BOOKS = {
  id: 3,
  company_id: 1,
  name: 'Books',
  description: 'Second-hand books.',
  view: { template: 'product-card', mapping: { title: '{{title}}', price: '{{price}} EUR' } },
};

describe('a search result for the model', () => {
  it('names the fields a reply needs: the card view and what the visitor asked about; the page gets whole items', async () => {
    const collection = {
      ...BOOKS,
      filter_fields: [
        { name: 'Pages', filter_key: 'pages', field_type: 'number' },
        { name: 'Genre', filter_key: 'genre', field_type: 'enum' },
      ],
    };
    const item = {
      id: 'b-1',
      data: { title: 'Dune', price: 9, pages: 412, genre: 'sf', blurb: 'Sand.' },
    };
    const { result, sent } = await runPageTool(
      { name: 'Search', type: 'collection:items:search', tool: 'show_results' },
      collection,
      { search: async () => [item] },
      { query: 'dune', max_pages: 500 },
    );
    expect(result.reply_fields).toEqual(['title', 'price', 'pages']);
    // Its items are the catalogue's: told apart by their short fields, for the model only.
    expect(result.catalogue_items).toBe(true);
    expect(sent).toContain('Sand.');
    expect(sent).not.toContain('reply_fields');
    expect(sent).not.toContain('catalogue_items');
  });
});

describe('a cart for the model', () => {
  it("names the fields a reply about the cart needs: each line's count and its item's card; the page gets whole lines", async () => {
    const cart = {
      name: 'cart',
      items: [
        {
          collection_id: 3,
          item_id: 'b-1',
          quantity: 2,
          added_at: '2026-12-02T11:58:03.123Z',
          data: { title: 'Dune', price: 9, pages: 412, blurb: 'Sand.' },
        },
      ],
      total_quantity: 2,
      updated_at: '2026-12-02T11:58:03.123Z',
    };
    const { result, sent } = await runPageTool(
      { name: 'Cart', type: 'bucket:list:crud', tool: 'add_to_cart' },
      BOOKS,
      { cart: { add: async () => cart } as unknown as ConversationApi['cart'] },
      { item_id: 'b-1', quantity: 2 },
    );
    expect(result.reply_fields).toEqual(['title', 'price', 'quantity']);
    expect(result.catalogue_items).toBe(true);
    expect(sent).toContain('Sand.');
    expect(sent).not.toContain('reply_fields');
  });
});

describe('a comparison for the model', () => {
  it("reads the compared items once: the page's table rows go to the page alone", async () => {
    const collection = { id: 3, company_id: 1, name: 'Books', description: 'Second-hand books.' };
    const comparison = {
      collection_id: 3,
      items: [
        { id: 'b-1', data: { title: 'Dune', pages: 412 } },
        { id: 'b-2', data: { title: 'Emma', pages: 474 } },
      ],
      rows: [
        { field: 'title', values: ['Dune', 'Emma'] },
        { field: 'pages', values: [412, 474] },
      ],
    };
    const { result, sent } = await runPageTool(
      { name: 'Compare', type: 'collection:items:comparison', tool: 'compare_books' },
      collection,
      { compare: async () => comparison as never },
      { item_ids: ['b-1', 'b-2'] },
    );
    expect(result.result).toEqual({ collection_id: 3, items: comparison.items });
    expect(result.catalogue_items).toBe(true);
    expect(sent).toContain('"rows"');
  });
});

describe('a search that finds nothing as asked', () => {
  const books = {
    id: 3,
    company_id: 1,
    name: 'Books',
    description: 'Second-hand books.',
    view: { template: 'product-card', mapping: { title: '{{title}}' } },
    filter_fields: [
      {
        name: 'Genre',
        filter_key: 'genre',
        field_type: 'enum' as const,
        role: 'category' as const,
      },
      { name: 'Pages', filter_key: 'pages', field_type: 'number' as const },
    ],
  };
  const shelf = [
    { id: 'b-1', data: { title: 'Dune', genre: 'sf', pages: 412 } },
    { id: 'b-2', data: { title: 'Emma', genre: 'classics', pages: 474 } },
    { id: 'b-3', data: { title: 'Persuasion', genre: 'classics', pages: 249 } },
  ];
  /** The API's search over `shelf`: words match titles, filters match fields. */
  const api = {
    search: async (
      _collection: number,
      query: string | undefined,
      filters: Record<string, unknown>,
    ) =>
      shelf.filter(
        ({ data }) =>
          (!query || query.split(' ').some((word) => data.title.toLowerCase().includes(word))) &&
          (filters.genre === undefined || data.genre === filters.genre) &&
          (filters.pages === undefined || data.pages <= (filters.pages as { max: number }).max),
      ),
  } as unknown as ConversationApi;

  async function search(args: Record<string, unknown>) {
    const { result } = await runPageTool(
      { name: 'Search', type: 'collection:items:search', tool: 'show_results' },
      books,
      api,
      args,
    );
    return result.result as { items: { id: string }[]; note?: string };
  }

  it('answers empty when a kind has none of the words asked for, and says so: never the kind’s other items, never another kind’s', async () => {
    const result = await search({ query: 'dune', genre: 'classics' });
    expect(result.items).toEqual([]);
    expect(result.note).toBe('Nothing in classics matches the words "dune".');
  });

  it('drops a filter of another role before the kind', async () => {
    const result = await search({ query: 'emma', genre: 'classics', max_pages: 100 });
    expect(result.items.map((item) => item.id)).toEqual(['b-2']);
    expect(result.note).toMatch(/\(pages\)/);
  });

  it('answers a kind that holds nothing as empty', async () => {
    const result = await search({ query: 'dune', genre: 'poetry' });
    expect(result.items).toEqual([]);
  });
});

describe('the knowledge feature', () => {
  it('brings the model a search_knowledge tool whose result is the API’s passages with their document titles, shown whole', async () => {
    const asked: string[] = [];
    // Longer than a catalogue description is shown: the answer sits at the end.
    const text =
      'Riverside Family Clinic is open Monday to Friday from 8:00 and on Saturday from 9:00 to 13:00; on weekdays it closes at 18:30.';
    const found = {
      ok: true,
      result: { passages: [{ document: 'Opening hours', text }] },
      note: 'Answer only from these passages, in a sentence or two. If they do not answer the question, say you do not know.',
    };
    const tools = buildTools(
      [
        {
          name: 'Clinic knowledge',
          type: 'knowledge:documents:search',
          settings: { document_ids: [1] },
          tools: [],
        },
      ],
      {
        api: {
          searchKnowledge: async (query: string) => {
            asked.push(query);
            return found;
          },
        } as unknown as ConversationApi,
        channel: recordingChannel({}).channel,
        collections: [],
        limit: 5,
        onEnd: () => undefined,
        lastUiActivity: () => 0,
      },
    );
    expect(tools.map((tool) => (tool as unknown as { name: string }).name)).toEqual([
      'search_knowledge',
    ]);
    const execute = (tools[0] as llm.FunctionTool).execute as (
      args: Record<string, unknown>,
      options: { toolCallId: string; abortSignal: AbortSignal },
    ) => Promise<unknown>;
    const options = { toolCallId: 'call-1', abortSignal: new AbortController().signal };
    const result = await execute({ query: 'When do you close?' }, options);
    expect(result).toMatchObject(found);
    expect(JSON.parse(compactToolOutput(JSON.stringify(result), 1000))).toEqual(found);
    expect(asked).toEqual(['When do you close?']);
    expect(await execute({ query: ' ' }, options)).toMatchObject({ ok: false });
  });
});
