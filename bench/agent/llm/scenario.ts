// The demo scenario of the tool-choice evaluation: Trailhead, an outdoor gear shop. Its tools as
// raw JSON Schemas, a small catalogue, and the conversation states an utterance is said in (a
// fresh conversation, after a search, with items in the cart), built as agents-framework chat
// contexts the way a voice session holds them.

import { llm } from '@livekit/agents';

/** The scenario's instructions. */
export const TRAILHEAD_INSTRUCTIONS =
  'You are the voice assistant of Trailhead, an outdoor gear shop. Help visitors find products, show them, compare them, manage their cart, and end the conversation politely when they are done. Keep answers short.';

/** Product categories the search can filter on. */
export const CATEGORIES = [
  'footwear',
  'tents',
  'sleeping-bags',
  'backpacks',
  'clothing',
  'lighting',
  'cooking',
] as const;

const itemId = { type: 'string', description: 'The id of a product, as given in search results.' };

/** The scenario's tools: name, description and JSON Schema of the arguments. */
export const TRAILHEAD_TOOLS = {
  search_products: {
    description:
      'Search the catalogue for products the visitor asks for or wants to buy, optionally by category and highest price. Not for greetings, small talk or questions about the shop.',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for, in a few words.' },
        filters: {
          type: 'object',
          properties: {
            category: { type: 'string', enum: [...CATEGORIES] },
            max_price: { type: 'number', description: 'Highest price in dollars.' },
          },
        },
      },
      required: ['query'],
    },
  },
  show_product: {
    description: 'Show one product from the search results in detail on the page.',
    parameters: { type: 'object', properties: { item_id: itemId }, required: ['item_id'] },
  },
  compare_products: {
    description: 'Show two or three products from the search results side by side.',
    parameters: {
      type: 'object',
      properties: { item_ids: { type: 'array', items: itemId, minItems: 2, maxItems: 3 } },
      required: ['item_ids'],
    },
  },
  add_to_cart: {
    description: "Put a product into the visitor's cart.",
    parameters: {
      type: 'object',
      properties: {
        item_id: itemId,
        quantity: { type: 'integer', minimum: 1, description: 'How many (default 1).' },
      },
      required: ['item_id'],
    },
  },
  remove_from_cart: {
    description: "Take a product out of the visitor's cart.",
    parameters: { type: 'object', properties: { item_id: itemId }, required: ['item_id'] },
  },
  show_cart: {
    description: "Show the visitor's cart: what is in it and the total.",
    parameters: { type: 'object', properties: {} },
  },
  end_conversation: {
    description:
      'End the conversation as soon as the visitor says goodbye, or thanks you and says they are done or that is all.',
    parameters: {
      type: 'object',
      properties: { reason: { type: 'string', description: 'Why, in a few words.' } },
    },
  },
} as const satisfies Record<string, { description: string; parameters: Record<string, unknown> }>;

/** A tool name of the scenario. */
export type TrailheadTool = keyof typeof TRAILHEAD_TOOLS;

/** The tools as agents-framework function tools; `execute` answers canned results. */
export function trailheadToolContext(): llm.ToolContext {
  const tools = Object.entries(TRAILHEAD_TOOLS).map(([name, tool]) =>
    llm.tool({
      name,
      description: tool.description,
      parameters: tool.parameters as unknown as Record<string, unknown>,
      execute: async () => ({ ok: true }),
    }),
  );
  return new llm.ToolContext(tools);
}

const SHOES = [
  { id: 'shoe-101', name: 'Trail Runner 2 shoes', price: 129 },
  { id: 'shoe-102', name: 'Summit hiking boots', price: 189 },
  { id: 'shoe-103', name: 'Ridgeline approach shoes', price: 149 },
];
const TENTS = [
  { id: 'tent-201', name: 'Ridge 2-person tent', price: 249 },
  { id: 'tent-202', name: 'Basecamp 4-person tent', price: 399 },
];
const CART = [
  { id: 'shoe-101', name: 'Trail Runner 2 shoes', quantity: 1, price: 129 },
  { id: 'lamp-401', name: 'Beam 300 headlamp', quantity: 1, price: 39 },
];

/** The conversation states an evaluation utterance can follow. */
export type ContextName = 'fresh' | 'shoes' | 'tents' | 'cart' | 'shoes-result';

let callCounter = 0;

function call(ctx: llm.ChatContext, name: string, args: unknown, output: unknown): void {
  const callId = `call_${++callCounter}`;
  ctx.insert(llm.FunctionCall.create({ callId, name, args: JSON.stringify(args) }));
  ctx.insert(
    llm.FunctionCallOutput.create({ callId, name, output: JSON.stringify(output), isError: false }),
  );
}

/** A chat context in the given state, ready for the visitor's next utterance (or none). */
export function trailheadChat(state: ContextName, utterance?: string): llm.ChatContext {
  const ctx = llm.ChatContext.empty();
  ctx.addMessage({ role: 'system', content: TRAILHEAD_INSTRUCTIONS });
  if (state === 'shoes' || state === 'cart' || state === 'shoes-result') {
    ctx.addMessage({ role: 'user', content: 'Do you have shoes for trail running?' });
    call(ctx, 'search_products', { query: 'trail running shoes' }, { items: SHOES });
    if (state !== 'shoes-result') {
      ctx.addMessage({
        role: 'assistant',
        content:
          'I found the Trail Runner 2 shoes, the Summit hiking boots and the Ridgeline approach shoes.',
      });
    }
  }
  if (state === 'tents') {
    ctx.addMessage({ role: 'user', content: 'I need a tent.' });
    call(
      ctx,
      'search_products',
      { query: 'tent', filters: { category: 'tents' } },
      { items: TENTS },
    );
    ctx.addMessage({
      role: 'assistant',
      content: 'We have the Ridge 2-person tent and the Basecamp 4-person tent.',
    });
  }
  if (state === 'cart') {
    ctx.addMessage({ role: 'user', content: 'Add the trail runners to my cart.' });
    call(ctx, 'add_to_cart', { item_id: 'shoe-101' }, { ok: true, cart: CART });
    ctx.addMessage({
      role: 'assistant',
      content: 'Done: your cart has the Trail Runner 2 shoes and the Beam 300 headlamp.',
    });
  }
  if (utterance !== undefined) ctx.addMessage({ role: 'user', content: utterance });
  return ctx;
}
