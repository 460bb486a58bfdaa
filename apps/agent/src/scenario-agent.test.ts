import { initializeLogger, voice } from '@livekit/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@svc/protocol/agent';
import { conversationApi } from './api-client.js';
import { configPayloadFor, instructionsFor, scenarioAgent } from './scenario-agent.js';
import { recordingChannel, startTestApi, TEST_AGENT_KEY } from './test-support.js';

// Dialogue logic with the agents framework's FakeLLM and session.run: no room, no audio. The
// tools run against the real Platform API (the seeded demo); the page is the recording channel.
initializeLogger({ pretty: false, level: 'warn' });

type Script = (input: string) => Omit<voice.testing.FakeLLMResponse, 'input'> | undefined;
/** The framework's FakeLLM, answering by a function of its input instead of a fixed table. */
class ScriptedLLM extends voice.testing.FakeLLM {
  constructor(private readonly script: Script) {
    super();
  }
  override lookup(input: string) {
    const response = this.script(input);
    return response && { input, type: 'llm' as const, ttft: 0, duration: 0, ...response };
  }
}

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(async () => api?.close());

async function setUp(
  script: Script,
  page: Record<string, (request: unknown) => unknown> = {},
  lastUiActivity = () => Date.now(),
) {
  const { id } = await api.conversation();
  const client = conversationApi({ apiUrl: api.url, agentKey: TEST_AGENT_KEY, conversationId: id });
  const runtime: RuntimeConfig = await client.config();
  const visitor = recordingChannel(page);
  const ended: string[] = [];
  const agent = scenarioAgent(
    runtime,
    {
      api: client,
      channel: visitor.channel,
      collections: runtime.collections,
      limit: runtime.scenario.limit ?? 5,
      onEnd: (reason) => ended.push(reason),
      lastUiActivity,
    },
    false,
  );
  const session = new voice.AgentSession({ llm: new ScriptedLLM(script) });
  await session.start({ agent });
  return { session, visitor, ended, client, runtime };
}

describe('the scenario agent with FakeLLM', () => {
  it('searches on the words alone, and says so, when no item meets every filter the model set', async () => {
    let toolOutput = '';
    const { session } = await setUp((input) => {
      if (input === 'Any tents?') {
        return {
          toolCalls: [
            { name: 'search_products', args: { query: 'tent', max_price: 1, in_stock: true } },
          ],
        };
      }
      if (input.includes('"collection_id"')) {
        toolOutput = input;
        return { content: 'Here are our tents.' };
      }
      return undefined;
    });
    await session.run({ userInput: 'Any tents?' }).wait();
    const output = JSON.parse(toolOutput) as {
      result: { count: number; items: { name?: string }[]; note?: string };
    };
    expect(output.result.count).toBeGreaterThan(0);
    expect(output.result.items.every((item) => /tent/i.test(String(item.name)))).toBe(true);
    expect(output.result.note).toMatch(/Nothing matched every filter \(price, in_stock\)/);
  });

  it('answers a kind that holds nothing with the words asked for as empty, never with other items', async () => {
    let toolOutput = '';
    const { session } = await setUp((input) => {
      if (input === 'Tents with a merino lining?') {
        return {
          toolCalls: [
            {
              name: 'search_products',
              args: { query: 'merino', category: 'tents', max_price: 1000 },
            },
          ],
        };
      }
      if (input.includes('"collection_id"')) {
        toolOutput = input;
        return { content: 'We have no tent like that.' };
      }
      return undefined;
    });
    await session.run({ userInput: 'Tents with a merino lining?' }).wait();
    const output = JSON.parse(toolOutput) as {
      result: { count: number; items: unknown[]; note?: string };
    };
    expect(output.result.count).toBe(0);
    expect(output.result.items).toEqual([]);
    expect(output.result.note).toBe('Nothing in tents matches the words "merino".');
  });

  it('searches the real catalogue through the agent API, shows it on the page, and answers from the result', async () => {
    let toolOutput = '';
    const { session, visitor } = await setUp(
      (input) => {
        if (input === 'Do you have waterproof tents?') {
          return {
            toolCalls: [{ name: 'search_products', args: { query: 'tent', waterproof: true } }],
          };
        }
        if (input.includes('"shown_on_page":true')) {
          toolOutput = input;
          return { content: 'I found some waterproof tents for you.' };
        }
        return undefined;
      },
      {
        search_products: (request) => ({
          requestId: (request as { requestId: string }).requestId,
          code: 'SUCCESS',
          data: { shown: true },
        }),
      },
    );
    const result = await session.run({ userInput: 'Do you have waterproof tents?' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: 'search_products' });
    result.expect.nextEvent().isFunctionCallOutput();
    result.expect.nextEvent().isMessage({ role: 'assistant' });
    const output = JSON.parse(toolOutput) as {
      result: { items: { id: string; category: string; waterproof: boolean }[] };
    };
    expect(output.result.items.length).toBeGreaterThan(0);
    expect(output.result.items.length).toBeLessThanOrEqual(5);
    for (const item of output.result.items)
      expect(item).toMatchObject({ category: 'tents', waterproof: true });
    // The page got the tool RPC with the arguments and the data to show.
    expect(visitor.calls).toEqual([
      {
        method: 'search_products',
        payload: expect.objectContaining({
          tool: 'search_products',
          args: expect.objectContaining({ query: 'tent', result: expect.anything() }),
        }),
      },
    ]);
    await session.close();
  });

  it('asks the page whether the visitor is looking (svc__ui_activity_check) before it shows a panel', async () => {
    let toolOutput = '';
    const { session, visitor } = await setUp(
      (input) => {
        if (input === 'Show me tents') {
          return { toolCalls: [{ name: 'search_products', args: { query: 'tent' } }] };
        }
        if (input.includes('"shown_on_page":true')) {
          toolOutput = input;
          return { content: 'The tents are on your screen when you come back.' };
        }
        return undefined;
      },
      {
        svc__ui_activity_check: () => ({ active: false, visible: false, last_activity_at: null }),
        search_products: (request) => ({
          requestId: (request as { requestId: string }).requestId,
          code: 'SUCCESS',
        }),
      },
      // No ui:activity for a minute: the agent cannot assume the visitor sees the page.
      () => Date.now() - 60_000,
    );
    await session.run({ userInput: 'Show me tents' }).wait();
    expect(visitor.calls.map((call) => call.method)).toEqual([
      'svc__ui_activity_check',
      'search_products',
    ]);
    // The model knows the visitor is not looking, so it can say so.
    expect(JSON.parse(toolOutput)).toMatchObject({ shown_on_page: true, visitor_looking: false });
    await session.close();
  });

  it('puts an item in the visitor cart, and a page without the handler is a readable result, not a crash', async () => {
    let toolOutput = '';
    const { session, client } = await setUp((input) => {
      if (input === 'Add TH-TEN-001 twice')
        return {
          toolCalls: [{ name: 'add_to_cart', args: { item_id: 'TH-TEN-001', quantity: 2 } }],
        };
      if (input.startsWith('{')) {
        toolOutput = input;
        return { content: 'Done, two of them are in your cart.' };
      }
      return undefined;
    });
    const result = await session.run({ userInput: 'Add TH-TEN-001 twice' }).wait();
    result.expect.nextEvent().isFunctionCall({ name: 'add_to_cart' });
    result.expect.nextEvent().isFunctionCallOutput();
    result.expect.nextEvent().isMessage({ role: 'assistant' });
    expect(JSON.parse(toolOutput)).toMatchObject({
      shown_on_page: false,
      page_error: 'the page has no handler for this tool',
      result: { total_quantity: 2 },
    });
    const cart = await client.cart.get('cart');
    expect(cart.items).toEqual([expect.objectContaining({ item_id: 'TH-TEN-001', quantity: 2 })]);
    await session.close();
  });

  it('page answers ERROR, TIMEOUT and CANCELLED go back to the model as readable results', async () => {
    for (const code of ['ERROR', 'TIMEOUT', 'CANCELLED']) {
      let toolOutput = '';
      const { session } = await setUp(
        (input) => {
          if (input === 'compare')
            return {
              toolCalls: [
                { name: 'compare_products', args: { item_ids: ['TH-TEN-001', 'TH-TEN-002'] } },
              ],
            };
          if (input.startsWith('{')) {
            toolOutput = input;
            return { content: 'ok' };
          }
          return undefined;
        },
        { compare_products: () => ({ code, data: { reason: 'panel closed' } }) },
      );
      await session.run({ userInput: 'compare' }).wait();
      expect(JSON.parse(toolOutput), code).toMatchObject({
        shown_on_page: false,
        page_error: `${code}: {"reason":"panel closed"}`,
        // The comparison still reaches the model: its items (the table rows are the page's).
        result: { items: expect.any(Array) },
      });
      await session.close();
    }
  });

  it('a bad argument from the model (an unknown item) is a result the model can recover from', async () => {
    let toolOutput = '';
    const { session } = await setUp((input) => {
      if (input === 'show item nope')
        return { toolCalls: [{ name: 'show_product', args: { item_id: 'NOPE' } }] };
      if (input.startsWith('{')) {
        toolOutput = input;
        return { content: 'Sorry, I could not find it.' };
      }
      return undefined;
    });
    await session.run({ userInput: 'show item nope' }).wait();
    expect(JSON.parse(toolOutput)).toEqual({
      ok: false,
      error: 'show_product failed: unknown item NOPE',
    });
    await session.close();
  });

  it('the end tool asks the conversation to end with its reason', async () => {
    const { session, ended } = await setUp((input) => {
      if (input === "That's all, goodbye")
        return {
          content: 'Goodbye!',
          toolCalls: [{ name: 'end_conversation', args: { reason: 'visitor said goodbye' } }],
        };
      if (input.startsWith('{')) return { content: '' };
      return undefined;
    });
    await session.run({ userInput: "That's all, goodbye" }).wait();
    expect(ended).toEqual(['visitor said goodbye']);
    await session.close();
  });
});

describe('the instructions', () => {
  it("pin the reply language to the conversation's, by its name in English, pack or not", async () => {
    const { id } = await api.conversation();
    const client = conversationApi({
      apiUrl: api.url,
      agentKey: TEST_AGENT_KEY,
      conversationId: id,
    });
    const runtime: RuntimeConfig = await client.config();
    const inLanguage = (language: string) =>
      instructionsFor({ ...runtime, conversation: { ...runtime.conversation, language } }, true);
    for (const [language, name] of [
      ['fr-FR', 'French'],
      ['es-ES', 'Spanish'],
      ['de-DE', 'German'],
      // No pack: the router and templates are English's, the model still answers in the language.
      ['it-IT', 'Italian'],
      ['pt_BR', 'Portuguese'],
    ]) {
      const instructions = inLanguage(language as string);
      expect(instructions).toContain(`Always answer in ${name}.`);
      expect(instructions).toContain(
        `reply in ${name}; say item names exactly as the tools give them.`,
      );
    }
    const english = inLanguage('en-US');
    expect(english).toContain('Always answer in English.');
    expect(english).not.toContain('another language');
    // A tag no runtime can name is said as written.
    expect(inLanguage('zz-ZZ')).toContain('Always answer in zz-ZZ.');
  });

  it('hold no line of one kind of business, and tell the model to say what it does not know', async () => {
    const { id } = await api.conversation();
    const client = conversationApi({
      apiUrl: api.url,
      agentKey: TEST_AGENT_KEY,
      conversationId: id,
    });
    const runtime: RuntimeConfig = await client.config();
    const salon = instructionsFor(
      {
        ...runtime,
        scenario: { ...runtime.scenario, prompt: 'You are the receptionist of a salon.' },
      },
      true,
    );
    expect(salon).not.toMatch(/cart|shop|product/i);
    expect(salon).toContain(
      'when they do not say, tell the visitor you do not know and what you can do instead.',
    );
  });
});

describe("the page's config", () => {
  it('carries neither the voice settings nor any credential the agent received', () => {
    const runtime = {
      conversation: { id: 'c-1', language: 'en-US' },
      company_id: 7,
      restore_state: {},
      collections: [],
      scenario: {
        voice: { llm: { provider: 'openai', credential: 'acme-llm' } },
        features: [],
      },
      credentials: { 'acme-llm': { provider: 'openai', api_key: 'sk-acme-secret' } },
    } as unknown as RuntimeConfig;
    const sent = JSON.stringify(configPayloadFor(runtime));
    expect(sent).not.toContain('sk-acme-secret');
    expect(sent).not.toContain('acme-llm');
  });

  it("carries a webhook tool's name but not its backend's address or headers", () => {
    const webhook = {
      method: 'POST',
      url: 'https://internal-api.clinic.example/book',
      headers: { 'x-api-key': '{{secret:clinic-key}}' },
    };
    const runtime = {
      conversation: { id: 'c-1', language: 'en-US' },
      company_id: 7,
      restore_state: {},
      collections: [],
      scenario: {
        features: [
          {
            name: 'Clinic',
            type: 'webhook:tools:custom',
            settings: {},
            tools: [{ name: 'book', type: 'server', settings: { operation: 'custom', webhook } }],
          },
        ],
      },
    } as unknown as RuntimeConfig;
    const payload = configPayloadFor(runtime);
    expect(payload.features[0]?.tools).toEqual([
      { name: 'book', type: 'server', settings: { operation: 'custom' } },
    ]);
    expect(JSON.stringify(payload)).not.toContain('internal-api');
    expect(JSON.stringify(payload)).not.toContain('clinic-key');
  });
});
