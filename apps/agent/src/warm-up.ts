// A job process's first turn is the first time it runs the framework's reply pipeline (the
// session's scheduling, a generation, a tool call and its output, the chat context), the intent
// router and the reply templates (whose first `Intl` formatter loads the locale's data): V8
// compiles all of it then, and the first typed turn of a conversation took 90-130 ms against
// 25-40 ms for the same words later in it. An idle process runs one scripted conversation through
// the same pipeline, router and templates before any visitor arrives: in process, with no room,
// no model and no network.
import { llm, voice } from '@livekit/agents';
import { quietFrameworkLog } from './framework-log.js';
import type { Collection } from '@svc/protocol';
import { RoutedLLM, routerCatalog, type RoutedTool } from './router/index.js';

const COLLECTION: Collection = {
  id: 1,
  name: 'Products',
  description: 'Outdoor gear',
  company_id: 1,
  search_fields: [{ name: 'name', index_type: 'text' }],
  filter_fields: [
    {
      name: 'Category',
      filter_key: 'category',
      field_type: 'enum',
      role: 'category',
      enum_options: [{ value: 'Tents', label: 'Tents' }],
    },
    { name: 'Price', filter_key: 'price', field_type: 'number', role: 'price' },
  ],
};

const FOUND = {
  collection_id: COLLECTION.id,
  count: 2,
  items: [
    { id: '1', name: 'North Peak Solo Tent', category: 'Tents', price: 199 },
    { id: '2', name: 'Summit Dome Tent', category: 'Tents', price: 249.5 },
  ],
};

/** The turns the warm-up types: a routed search with a filter, a reference, what the shop has. */
const TURNS = [
  'do you have any tents under 300 dollars',
  'show me the first one',
  'what do you sell',
];

/**
 * Runs a short typed conversation with tool calls through an in-process `AgentSession` whose LLM
 * is the intent router in front of an LLM that answers nothing (the router answers every turn).
 * Resolves with whether every turn was answered; never rejects (a warm-up never stops the process
 * from serving).
 */
export async function warmUpReplyPipeline(): Promise<boolean> {
  const tools: RoutedTool[] = [
    { name: 'search_products', operation: 'search', collection: COLLECTION },
    { name: 'show_product', operation: 'display', collection: COLLECTION },
  ];
  const catalog = routerCatalog({
    language: 'en-US',
    tools,
    collections: [COLLECTION],
    itemNames: FOUND.items.map((item) => item.name),
  });
  const model = new RoutedLLM(new voice.testing.FakeLLM(), {
    catalog,
    style: {
      language: 'en-US',
      spoken: false,
      offer: catalog.offer,
    },
    lookup: () => Promise.resolve([]),
  });
  const parameters = (properties: Record<string, unknown>) =>
    ({ type: 'object', properties, additionalProperties: true }) as never;
  const agent = new voice.Agent({
    instructions: 'You help visitors of a shop.',
    tools: {
      search_products: llm.tool({
        description: 'Searches the catalogue.',
        parameters: parameters({ query: { type: 'string' } }),
        execute: () => Promise.resolve({ ok: true, shown_on_page: true, result: FOUND }),
      }),
      show_product: llm.tool({
        description: 'Shows one item.',
        parameters: parameters({ item_id: { type: 'string' } }),
        execute: () => Promise.resolve({ ok: true, shown_on_page: true, result: FOUND.items[0] }),
      }),
    },
  });
  quietFrameworkLog();
  const session = new voice.AgentSession({ llm: model });
  try {
    await session.start({ agent });
    for (const userInput of TURNS) await session.run({ userInput }).wait();
    const answers = session.history.items.filter(
      (item) => item.type === 'message' && item.role === 'assistant',
    );
    return answers.length >= TURNS.length;
  } catch {
    // Nothing depends on it but the first turn's speed.
    return false;
  } finally {
    await session.close().catch(() => undefined);
  }
}
