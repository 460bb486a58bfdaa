// The demo scenario of the tool-choice evaluation: the seeded Trailhead shop as the agent runs
// it (its instructions and the tools the agent builds from its features and collection, with
// their JSON Schemas), a small canned catalogue, and the conversation states an utterance is said
// in (a fresh conversation, after a search, with items in the cart), built as agents-framework
// chat contexts the way a voice session holds them.

import { llm } from '@livekit/agents';
import {
  buildTools,
  demoRuntime,
  instructionsFor,
  type ConversationApi,
  type VisitorChannel,
} from '@svc/agent/testing';

const runtime = demoRuntime('audio');

/** The scenario's instructions, as the agent gives them to the model in a voice session. */
export const TRAILHEAD_INSTRUCTIONS = instructionsFor(runtime, true);

/** Never called: the benchmark scores the model's decision, it does not run tools. */
const notRun = () => Promise.reject(new Error('the benchmark does not run tools'));

/** The agent's tools for the demo scenario. */
function demoTools(): llm.FunctionTool[] {
  return buildTools(runtime.scenario.features ?? [], {
    api: new Proxy({}, { get: () => notRun }) as unknown as ConversationApi,
    channel: new Proxy({}, { get: () => notRun }) as unknown as VisitorChannel,
    collections: runtime.collections,
    limit: runtime.scenario.limit ?? 5,
    onEnd: () => undefined,
    lastUiActivity: () => 0,
  });
}

/** The scenario's tools: name, description and JSON Schema of the arguments. */
export const TRAILHEAD_TOOLS: Record<string, { description: string; parameters: unknown }> =
  Object.fromEntries(
    demoTools().map((tool) => [
      tool.name,
      { description: tool.description, parameters: tool.parameters },
    ]),
  );

/** The tools as agents-framework function tools; `execute` answers canned results. */
export function trailheadToolContext(): llm.ToolContext {
  const tools = Object.entries(TRAILHEAD_TOOLS).map(([name, tool]) =>
    llm.tool({
      name,
      description: tool.description,
      parameters: tool.parameters as Record<string, unknown>,
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
    call(ctx, 'search_products', { query: 'tent', category: 'tents' }, { items: TENTS });
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
