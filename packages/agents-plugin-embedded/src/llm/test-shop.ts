// A small shop for the LLM adapter's tests: three tools with JSON Schema parameters, short
// instructions, and conversation states built as a voice session holds them. The tests check the
// adapter (grammar-constrained calls, tool choice, streaming, caches), not a product scenario.

import { llm } from '@livekit/agents';
import type { JsonSchema } from './json-schema.js';

/** The shop assistant's instructions. */
export const SHOP_INSTRUCTIONS = [
  'You are the voice assistant of an outdoor gear shop. Help visitors find products and manage their cart.',
  'Your replies are spoken aloud: use one or two short plain sentences.',
  'Use the tools instead of guessing; only mention products a tool returned, by name.',
].join('\n');

/** A tool of the shop: what it does, and the JSON Schema of its arguments. */
export interface ShopTool {
  description: string;
  parameters: JsonSchema;
}

/** The shop's tools, by name. */
export const SHOP_TOOLS: Readonly<Record<string, ShopTool>> = {
  search_products: {
    description: 'Search the catalogue and show the results to the visitor.',
    parameters: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'What the visitor is looking for, in a few words.',
        },
        max_price: { type: 'number', description: 'Highest price in dollars.' },
      },
      required: ['query'],
    },
  },
  add_to_cart: {
    description: "Add a product to the visitor's cart.",
    parameters: {
      type: 'object',
      properties: {
        item_id: { type: 'string', description: 'The id of a product a search returned.' },
        quantity: { type: 'integer', minimum: 1, description: 'How many (default 1).' },
      },
      required: ['item_id'],
    },
  },
  show_cart: {
    description: "Show the visitor's cart and what is in it.",
    parameters: { type: 'object', properties: {} },
  },
};

/** The tools as agents-framework function tools; `execute` answers a canned result. */
export function shopToolContext(): llm.ToolContext {
  return new llm.ToolContext(
    Object.entries(SHOP_TOOLS).map(([name, tool]) =>
      llm.tool({
        name,
        description: tool.description,
        parameters: tool.parameters,
        execute: async () => ({ ok: true }),
      }),
    ),
  );
}

const SHOES = [
  { id: 'shoe-101', name: 'Trail Runner 2 shoes', price: 129 },
  { id: 'shoe-102', name: 'Summit hiking boots', price: 189 },
  { id: 'shoe-103', name: 'Ridgeline approach shoes', price: 149 },
];

/** The conversation states a test turn can follow: new, or after a search for shoes. */
export type ShopState = 'fresh' | 'shoes';

/** A chat context in the given state, ready for the visitor's next utterance (or none). */
export function shopChat(state: ShopState, utterance?: string): llm.ChatContext {
  const chat = llm.ChatContext.empty();
  chat.addMessage({ role: 'system', content: SHOP_INSTRUCTIONS });
  if (state === 'shoes') {
    chat.addMessage({ role: 'user', content: 'Do you have shoes for trail running?' });
    chat.insert(
      llm.FunctionCall.create({
        callId: 'call_search',
        name: 'search_products',
        args: JSON.stringify({ query: 'trail running shoes' }),
      }),
    );
    chat.insert(
      llm.FunctionCallOutput.create({
        callId: 'call_search',
        name: 'search_products',
        output: JSON.stringify({ items: SHOES }),
        isError: false,
      }),
    );
    chat.addMessage({
      role: 'assistant',
      content:
        'I found the Trail Runner 2 shoes, the Summit hiking boots and the Ridgeline approach shoes.',
    });
  }
  if (utterance !== undefined) chat.addMessage({ role: 'user', content: utterance });
  return chat;
}
