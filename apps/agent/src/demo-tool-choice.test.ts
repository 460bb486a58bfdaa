import { initializeLogger, llm } from '@livekit/agents';
import { LlamaLLM, validateJson, type JsonSchema } from '@svc/agents-plugin-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationApi } from './api-client.js';
import { instructionsFor } from './scenario-agent.js';
import { recordingChannel, startTestApi, TEST_AGENT_KEY } from './test-support.js';
import { buildTools } from './tools.js';

// The embedded LLM's tool choice on the seeded demo scenario as the agent runs it: its
// instructions and the tools the agent builds from its features and collection, with their JSON
// Schemas. The model and node-llama-cpp are the ones `npm run setup` installs. No tool runs: the
// turns are scored on what the model decided.
initializeLogger({ pretty: false, level: 'warn' });

/** A search for trail shoes as a voice session holds it, with the ids the model may pick from. */
const SHOES = [
  { id: 'shoe-101', name: 'Trail Runner 2 shoes', price: 129 },
  { id: 'shoe-102', name: 'Summit hiking boots', price: 189 },
  { id: 'shoe-103', name: 'Ridgeline approach shoes', price: 149 },
];

let api: Awaited<ReturnType<typeof startTestApi>>;
let instructions = '';
let tools: llm.FunctionTool[] = [];
const model = new LlamaLLM();

beforeAll(async () => {
  api = await startTestApi();
  const { id } = await api.conversation(undefined, 'audio');
  const client = conversationApi({ apiUrl: api.url, agentKey: TEST_AGENT_KEY, conversationId: id });
  const runtime = await client.config();
  instructions = instructionsFor(runtime, true);
  tools = buildTools(runtime.scenario.features ?? [], {
    api: client,
    channel: recordingChannel().channel,
    collections: runtime.collections,
    limit: runtime.scenario.limit ?? 5,
    onEnd: () => undefined,
    lastUiActivity: () => Date.now(),
  });
  await model.load();
}, 120_000);

afterAll(async () => {
  await LlamaLLM.unloadAll();
  await api?.close();
});

/** The demo conversation, fresh or after a search for shoes, then the visitor's utterance. */
function demoChat(state: 'fresh' | 'shoes', utterance: string): llm.ChatContext {
  const chat = llm.ChatContext.empty();
  chat.addMessage({ role: 'system', content: instructions });
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
  chat.addMessage({ role: 'user', content: utterance });
  return chat;
}

/** The calls of one turn (text is left out: only the decision is scored). */
async function calls(stream: ReturnType<LlamaLLM['chat']>): Promise<llm.FunctionCall[]> {
  const collected: llm.FunctionCall[] = [];
  for await (const chunk of stream) collected.push(...(chunk.delta?.toolCalls ?? []));
  return collected;
}

// Generous: the first turn evaluates the whole demo prompt on two cores shared with other test files.
describe('the embedded LLM on the demo scenario', { timeout: 300_000 }, () => {
  it('adds the trail runner shoes to the cart, with arguments valid against the tool', async () => {
    const toolCtx = new llm.ToolContext(tools);
    const result = await calls(
      model.chat({ chatCtx: demoChat('shoes', 'Add the trail runner shoes to my cart.'), toolCtx }),
    );
    expect(result.map((call) => call.name)).toEqual(['add_to_cart']);
    const args = JSON.parse(result[0]!.args) as Record<string, unknown>;
    expect(args.item_id).toBe('shoe-101');
    const addToCart = toolCtx.functionTools.add_to_cart!;
    const schema = llm.toJsonSchema(addToCart.parameters, false) as unknown as JsonSchema;
    expect(validateJson(schema, args)).toEqual([]);
  });

  it('shows the cart when a call is required', async () => {
    const result = await calls(
      model.chat({
        chatCtx: demoChat('fresh', 'Show me what is in my cart.'),
        toolCtx: new llm.ToolContext(tools),
        toolChoice: 'required',
      }),
    );
    expect(result.map((call) => call.name)).toEqual(['show_cart']);
  });
});
