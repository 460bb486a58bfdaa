// The router's rule table: rules in priority order, each scenario's table made of its own
// features' rules, the words of tools the router does not own left to the model, and templates
// that answer only the calls the router made. On the demo scenario served by the real API.
import { initializeLogger, llm, voice } from '@livekit/agents';
import { startTestApi, type ListeningTestApi } from '@svc/api/testing';
import { FEATURE_TYPES } from '@svc/protocol';
import type { FeatureSnapshot, RuntimeConfig, ToolSnapshot } from '@svc/protocol/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationApi, type ConversationApi } from '../api-client.js';
import {
  decideUtterance,
  itemLookup,
  routedTools,
  routerCatalog,
  rulesFor,
  scenarioTable,
  withRouter,
  type RouterDecision,
} from './index.js';
import { conversationContext } from './context.js';
import type { ItemLookup } from './intents.js';

let api: ListeningTestApi;
let client: ConversationApi;
let shop: RuntimeConfig;

beforeAll(async () => {
  initializeLogger({ pretty: false, level: 'warn' });
  api = await startTestApi({ listen: true });
  const conversation = await api.openConversation({ mode: 'text' });
  client = conversationApi({
    apiUrl: api.url,
    agentKey: api.agentKey ?? '',
    conversationId: conversation.id,
  });
  shop = await client.config();
});

afterAll(async () => {
  await api?.close();
});

/** A salon's receptionist: its own page tools for bookings, and an end of the call. */
function receptionist(): RuntimeConfig {
  const booking = (name: string, description: string): ToolSnapshot => ({
    name,
    type: 'frontend',
    description,
    settings: { operation: 'custom' },
    parameters: { type: 'object', properties: { day: { type: 'string' } } },
  });
  const features: FeatureSnapshot[] = [
    {
      name: 'Appointments',
      type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
      settings: {},
      tools: [
        booking('book_appointment', 'Books an appointment at the salon.'),
        booking('cancel_booking', 'Cancels an appointment.'),
      ],
    },
    {
      name: 'End',
      type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
      settings: {},
      tools: [{ name: 'end_conversation', type: 'server' }],
    },
  ];
  return { ...shop, collections: [], item_names: [], scenario: { ...shop.scenario, features } };
}

/** The demo shop with one more page tool of its own, which the router does not own. */
function shopWithDelivery(): RuntimeConfig {
  const features: FeatureSnapshot[] = [
    ...(shop.scenario.features ?? []),
    {
      name: 'Delivery',
      type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
      settings: {},
      tools: [
        {
          name: 'delivery_estimate',
          type: 'frontend',
          description: 'Tells when an order ships to a country.',
          settings: { operation: 'custom' },
          parameters: { type: 'object', properties: { country: { type: 'string' } } },
        },
      ],
    },
  ];
  return { ...shop, scenario: { ...shop.scenario, features } };
}

/**
 * What the router of a scenario decides for a first utterance: the route's tool and the rule.
 * `instructions`: what the conversation holds besides the visitor's words (none by default);
 * `lookup`: how the collection finds items (the test API's, by default).
 */
async function decide(
  runtime: RuntimeConfig,
  text: string,
  instructions?: string,
  lookup: ItemLookup = itemLookup(client, 5),
) {
  const tools = routedTools(runtime);
  const catalog = routerCatalog({
    language: runtime.conversation.language,
    tools,
    collections: runtime.collections,
    itemNames: runtime.item_names ?? [],
  });
  const { route, rule } = await decideUtterance(
    text,
    conversationContext(
      instructions === undefined ? [] : [{ type: 'message', role: 'system', text: instructions }],
      () => undefined,
    ),
    catalog,
    lookup,
    scenarioTable(runtime, tools),
  );
  return { tool: route?.kind === 'tool' ? route.tool.name : route?.kind, rule };
}

describe('the rule table', () => {
  it('runs in priority order, one id a rule, and names the rule that decided', async () => {
    const table = rulesFor(routedTools(shop).map((tool) => tool.operation));
    const priorities = table.map((rule) => rule.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(new Set(table.map((rule) => rule.id)).size).toBe(table.length);
    expect(await decide(shop, 'do you have any tents')).toEqual({
      tool: 'search_products',
      rule: 'search.new',
    });
    // Small talk outranks the parting a recognizer's "bye there" (for "hi there") would be.
    expect(await decide(shop, 'Bye there.')).toEqual({ tool: undefined, rule: 'talk.small' });
    expect(await decide(shop, 'thanks, goodbye')).toEqual({
      tool: 'end_conversation',
      rule: 'end.parting',
    });
  });

  it('gives a scenario without shop features no shop rule: its requests reach the model', async () => {
    const salon = receptionist();
    const operations = new Set(
      rulesFor(routedTools(salon).map((tool) => tool.operation)).flatMap((rule) => rule.operations),
    );
    expect([...operations]).toEqual(['end']);
    for (const text of ['cancel my last booking', 'the first available slot on Monday'])
      expect((await decide(salon, text)).tool, text).toBeUndefined();
    // The shop would have told the visitor that nothing was shown yet.
    expect((await decide(shop, 'the first one on Monday')).tool).toBe('reply');
    expect((await decide(salon, 'that is all, bye')).tool).toBe('end_conversation');
  });

  it('hands a turn that says words of a tool it does not own to the model', async () => {
    const text = 'show me tents that ship to Canada';
    expect((await decide(shop, text)).tool).toBe('search_products');
    expect(await decide(shopWithDelivery(), text)).toEqual({
      tool: undefined,
      rule: 'model.unowned-tool',
    });
    // Words of no tool of its own still route.
    expect((await decide(shopWithDelivery(), 'do you have any tents')).tool).toBe(
      'search_products',
    );
  });

  it('says it does not know a question none of whose words anything holds, in any scenario', async () => {
    const salon =
      'You are the receptionist of a barber shop. Opening hours: Monday to Saturday 9:00 to 18:00. A haircut costs 20 pounds.';
    const notKnown = { tool: 'reply', rule: 'answer.nothing-held' };
    for (const [runtime, instructions] of [
      [shop, shop.scenario.prompt ?? ''],
      [receptionist(), salon],
    ] as const)
      for (const asked of [
        'where is your head office?',
        'do you sponsor local events?',
        // "It" with nothing shown points at no item.
        'can I swap it if it breaks?',
        'who founded the company?',
      ])
        expect(await decide(runtime, asked, instructions), asked).toEqual(notKnown);
    // A word of the instructions keeps the question the model's, which reads them: "shut" is
    // nowhere, "Saturday" is.
    expect((await decide(receptionist(), 'when do you shut on Saturday?', salon)).tool).toBe(
      undefined,
    );
    expect(
      await decide(
        receptionist(),
        'can I pay in instalments?',
        `${salon} You can pay in three instalments.`,
      ),
    ).not.toEqual(notKnown);
    // A word of the catalogue, a request put as a question, small talk: not such a question.
    for (const asked of [
      'what would keep my feet warm at night?',
      'have you got anything for the winter?',
      'how are you today?',
    ])
      expect(await decide(shop, asked, shop.scenario.prompt ?? ''), asked).not.toEqual(notKnown);
    // Where items are searched, the collection reads the words by meaning first: what it finds
    // something for is a need ("where could we doze off after dusk?"), not a question nothing holds.
    const prompt = shop.scenario.prompt ?? '';
    const stay = 'where could we doze off after dusk?';
    expect((await decide(shop, stay, prompt, async () => [])).rule).toBe('answer.nothing-held');
    const shelter = { id: 'T-1', name: 'Trail Shelter', fields: {} };
    expect((await decide(shop, stay, prompt, async () => [shelter])).rule).toBeUndefined();
    // What or which asks for a value by a name of the visitor's own, or for an item by a need.
    expect(await decide(receptionist(), 'what number do I dial for you?', salon)).not.toEqual(
      notKnown,
    );
    // Not a question: a statement of what the visitor wants goes on as before.
    expect(await decide(receptionist(), 'I would like gift wrapping', salon)).not.toEqual(notKnown);
  });

  it('ends on a parting that is the point of the turn, not on one before a request', async () => {
    expect((await decide(shop, "I'm done with tents, show me backpacks")).tool).not.toBe(
      'end_conversation',
    );
    expect((await decide(shop, "I'm done, thanks")).tool).toBe('end_conversation');
  });
});

/** What the router decides for `text` once a search for `shown` has shown its items. */
async function decideAfterSearch(shown: string, text: string) {
  const tools = routedTools(shop);
  const catalog = routerCatalog({
    language: shop.conversation.language,
    tools,
    collections: shop.collections,
    itemNames: shop.item_names ?? [],
  });
  const collection = shop.collections[0];
  if (!collection) throw new Error('the demo shop has no collection');
  const items = await client.search(collection.id, shown, {}, 5);
  const output = JSON.stringify({ ok: true, shown_on_page: true, result: { items } });
  const context = conversationContext(
    [
      { type: 'message', role: 'user', text: shown },
      { type: 'function_call', callId: 'c1', name: 'search_products', args: '{}' },
      {
        type: 'function_call_output',
        callId: 'c1',
        name: 'search_products',
        output,
        isError: false,
      },
    ],
    (name) => tools.find((tool) => tool.name === name)?.operation,
  );
  const { route, rule } = await decideUtterance(
    text,
    context,
    catalog,
    itemLookup(client, 5),
    scenarioTable(shop, tools),
  );
  return { route, rule, items };
}

describe('what a turn says besides a reference', () => {
  it('leaves a reference with words the router cannot read to the model, not the display', async () => {
    for (const text of ['nah, leave it', 'gift wrap the second one']) {
      const { route } = await decideAfterSearch('headlamp', text);
      expect(route?.kind === 'tool' ? route.tool.name : undefined, text).not.toBe('show_product');
    }
    const { route, items } = await decideAfterSearch('headlamp', 'the second one');
    expect(route).toMatchObject({
      tool: { name: 'show_product' },
      args: { item_id: items[1]?.id },
    });
  });

  it('reads a count of the item pointed at as an order of that many', async () => {
    const { route, rule, items } = await decideAfterSearch('headlamp', 'four of the first one');
    expect(rule).toBe('cart.add');
    expect(route).toMatchObject({
      tool: { name: 'add_to_cart' },
      args: { item_id: items[0]?.id, quantity: 4 },
    });
  });
});

/** The shop's tools as the framework holds them. */
const toolContext = () =>
  Object.fromEntries(
    routedTools(shop).map((routed) => [
      routed.name,
      llm.tool({
        description: routed.name,
        parameters: { type: 'object', properties: {}, additionalProperties: true } as never,
        execute: async () => undefined,
      }),
    ]),
  ) as never;

describe('RoutedLLM templates', () => {
  /** A search result of two tents, as the page answers one. */
  const FOUND = JSON.stringify({
    ok: true,
    shown_on_page: true,
    result: {
      count: 2,
      items: [
        { id: 'tent-1', name: 'Ridge Tent', price: 120 },
        { id: 'tent-2', name: 'Summit Tent', price: 240 },
      ],
    },
  });

  /** The text and decisions of one turn whose last entry is the result of call `callId`. */
  async function answer(
    model: llm.LLM,
    decisions: RouterDecision[],
    callId: string,
  ): Promise<{ text: string; by: string[] }> {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'do you have any tents' });
    chatCtx.insert(
      llm.FunctionCall.create({ callId, name: 'search_products', args: '{"category":"tents"}' }),
    );
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId,
        name: 'search_products',
        output: FOUND,
        isError: false,
      }),
    );
    let text = '';
    decisions.length = 0;
    for await (const chunk of model.chat({ chatCtx, toolCtx: toolContext() }))
      text += chunk.delta?.content ?? '';
    return { text, by: decisions.map((decision) => decision.by) };
  }

  it("answer the router's own calls, never a call the model made", async () => {
    const persona = 'Two tents, friend: the Ridge and the Summit.';
    const decisions: RouterDecision[] = [];
    const model = withRouter(
      new voice.testing.FakeLLM([{ input: FOUND, type: 'llm', content: persona }]),
      shop,
      client,
      { spoken: false, limit: 5, onDecision: (decision) => decisions.push(decision) },
    );
    // The model's own call: its reply is the model's, in the scenario's persona.
    expect(await answer(model, decisions, 'call_0')).toEqual({ text: persona, by: ['llm'] });

    // The router's call: it is remembered, its result gets the template, named by its rule.
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'do you have any tents' });
    let callId = '';
    for await (const chunk of model.chat({ chatCtx, toolCtx: toolContext() }))
      for (const call of chunk.delta?.toolCalls ?? []) callId = call.callId;
    expect(decisions.at(-1)).toMatchObject({ by: 'router', rule: 'search.new' });
    const routed = await answer(model, decisions, callId);
    expect(routed.by).toEqual(['template']);
    expect(routed.text).toMatch(/^I found 2/);
    expect(decisions.at(-1)?.rule).toBe('search.new');
  });
});

describe('two requests in one turn', () => {
  /** A page's answer: the envelope around `result`. */
  const page = (result: unknown) => JSON.stringify({ ok: true, shown_on_page: true, result });
  const LAMPS = { count: 1, items: [{ id: 'lamp-1', name: 'Trail Headlamp', price: 30 }] };
  const CART = { items: [{ id: 'lamp-1', name: 'Trail Headlamp', price: 30, quantity: 1 }] };

  /** The calls and words of one step of the turn. */
  async function step(model: llm.LLM, chatCtx: llm.ChatContext) {
    const toolCtx = toolContext();
    const calls: llm.FunctionCall[] = [];
    let text = '';
    for await (const chunk of model.chat({ chatCtx, toolCtx })) {
      calls.push(...(chunk.delta?.toolCalls ?? []));
      text += chunk.delta?.content ?? '';
    }
    return { calls, text };
  }

  /** Records a call of the step and the page's answer to it. */
  function answered(chatCtx: llm.ChatContext, call: llm.FunctionCall, result: unknown) {
    chatCtx.insert(call);
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId: call.callId,
        name: call.name,
        output: page(result),
        isError: false,
      }),
    );
  }

  /** A conversation that has shown headlamps (`shown`) and put the first in the cart. */
  function withLampInCart(shown: unknown = LAMPS): llm.ChatContext {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'show me headlamps' });
    answered(
      chatCtx,
      llm.FunctionCall.create({ callId: 'c1', name: 'search_products', args: '{}' }),
      shown,
    );
    chatCtx.addMessage({ role: 'assistant', content: 'I found 1 headlamp.' });
    chatCtx.addMessage({ role: 'user', content: 'add the first one' });
    answered(
      chatCtx,
      llm.FunctionCall.create({
        callId: 'c2',
        name: 'add_to_cart',
        args: '{"item_id":"lamp-1"}',
      }),
      CART,
    );
    chatCtx.addMessage({ role: 'assistant', content: 'Added.' });
    return chatCtx;
  }

  it('does the first, then the second once the first has answered, and says both', async () => {
    const decisions: RouterDecision[] = [];
    const model = withRouter(new voice.testing.FakeLLM([]), shop, client, {
      spoken: false,
      limit: 5,
      onDecision: (decision) => decisions.push(decision),
    });
    const chatCtx = withLampInCart();
    chatCtx.addMessage({
      role: 'user',
      content: 'take the headlamp out and then look for tents instead',
    });

    // Only the removal at first: a search beside it could run before it, or fill the page first.
    const first = await step(model, chatCtx);
    expect(first.calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['remove_from_cart', { item_id: 'lamp-1' }],
    ]);
    answered(chatCtx, first.calls[0]!, { items: [] });

    // The removal answered: the second request is read now, and searched.
    const second = await step(model, chatCtx);
    expect(second.calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['search_products', { category: 'tents' }],
    ]);
    expect(decisions.at(-1)).toMatchObject({ by: 'router', rule: 'search.new' });
    answered(chatCtx, second.calls[0]!, {
      count: 2,
      items: [
        { id: 'tent-1', name: 'Ridge Tent', price: 120 },
        { id: 'tent-2', name: 'Summit Tent', price: 240 },
      ],
    });

    // One reply for the turn: the removal's, then the search's.
    const reply = await step(model, chatCtx);
    expect(reply.calls).toEqual([]);
    expect(reply.text).toMatch(/^I removed it from your cart\. I found 2 tents\./);
    expect(decisions.at(-1)?.by).toBe('template');
  });

  it('swaps what was just added: out first, then the other in, and says both', async () => {
    const model = withRouter(new voice.testing.FakeLLM([]), shop, client, {
      spoken: false,
      limit: 5,
    });
    const chatCtx = withLampInCart({
      count: 2,
      items: [LAMPS.items[0], { id: 'lamp-2', name: 'Ridge Headlamp', price: 45 }],
    });
    chatCtx.addMessage({ role: 'user', content: 'no, the other one' });

    const first = await step(model, chatCtx);
    expect(first.calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['remove_from_cart', { item_id: 'lamp-1' }],
    ]);
    answered(chatCtx, first.calls[0]!, { items: [] });
    const second = await step(model, chatCtx);
    expect(second.calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['add_to_cart', { item_id: 'lamp-2' }],
    ]);
    answered(chatCtx, second.calls[0]!, {
      items: [{ id: 'lamp-2', name: 'Ridge Headlamp', price: 45, quantity: 1 }],
    });
    const reply = await step(model, chatCtx);
    expect(reply.calls).toEqual([]);
    expect(reply.text).toMatch(/^I removed it from your cart\. I added .*Ridge Headlamp/);
  });

  it('keeps one request when the words after "and" ask nothing of their own', async () => {
    const { route } = await decideUtterance(
      'show me tents and sleeping bags',
      conversationContext([], () => undefined),
      routerCatalog({
        language: shop.conversation.language,
        tools: routedTools(shop),
        collections: shop.collections,
        itemNames: shop.item_names ?? [],
      }),
      itemLookup(client, 5),
      scenarioTable(shop, routedTools(shop)),
    );
    expect(route?.kind === 'tool' ? route.tool.name : route?.kind).toBe('search_products');
    const decided = await decide(shop, 'add the first one and then I am done');
    expect(decided.tool).not.toBe('end_conversation');
  });
});

describe('RoutedLLM and a knowledge base', () => {
  const QUESTION = 'is there somewhere to park near you';
  const PASSAGES = JSON.stringify({
    ok: true,
    result: { passages: [{ document: 'Finding us', text: 'Parking is free behind the clinic.' }] },
  });
  const ANSWER = 'Yes: parking is free behind the clinic.';

  /**
   * A clinic's receptionist: an end of the call and, when `documents`, its documents; on a hosted
   * model unless `embedded`.
   */
  function clinic(documents: boolean, embedded = false): RuntimeConfig {
    const features: FeatureSnapshot[] = [
      {
        name: 'End',
        type: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
        settings: {},
        tools: [{ name: 'end_conversation', type: 'server' }],
      },
      ...(documents
        ? [
            {
              name: 'Clinic documents',
              type: FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
              settings: { document_ids: [1] },
              tools: [],
            },
          ]
        : []),
    ];
    const voice = {
      ...shop.scenario.voice,
      llm: { provider: embedded ? 'embedded' : 'openai' },
    } as NonNullable<RuntimeConfig['scenario']['voice']>;
    return {
      ...shop,
      collections: [],
      item_names: [],
      scenario: { ...shop.scenario, features, voice },
    };
  }

  const toolContext = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        llm.tool({
          description: name,
          parameters: { type: 'object', properties: {}, additionalProperties: true } as never,
          execute: async () => undefined,
        }),
      ]),
    ) as never;

  /** One pass of the model over `chatCtx`: its text, its tool calls, the decisions made. */
  async function pass(model: llm.LLM, chatCtx: llm.ChatContext, tools: string[]) {
    let text = '';
    const calls: llm.FunctionCall[] = [];
    for await (const chunk of model.chat({ chatCtx, toolCtx: toolContext(tools) })) {
      text += chunk.delta?.content ?? '';
      calls.push(...(chunk.delta?.toolCalls ?? []));
    }
    return { text, calls };
  }

  it('searches the documents with the visitor’s words before the model answers a turn no rule owns', async () => {
    const decisions: RouterDecision[] = [];
    const model = withRouter(
      new voice.testing.FakeLLM([
        { input: PASSAGES, type: 'llm', content: ANSWER },
        { input: QUESTION, type: 'llm', content: 'I believe so.' },
      ]),
      clinic(true),
      client,
      { spoken: false, limit: 5, onDecision: (decision) => decisions.push(decision) },
    );
    const tools = ['end_conversation', 'search_knowledge'];
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: QUESTION });
    const first = await pass(model, chatCtx, tools);
    expect(first.text).toBe('');
    expect(first.calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['search_knowledge', { query: QUESTION }],
    ]);
    // The model answers the turn: the search only brought it what to answer from.
    expect(decisions).toMatchObject([{ by: 'llm', rule: 'knowledge.first' }]);

    const [call] = first.calls;
    chatCtx.insert(call!);
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId: call!.callId,
        name: call!.name,
        output: PASSAGES,
        isError: false,
      }),
    );
    decisions.length = 0;
    // No template speaks over the passages: the model answers from them.
    expect(await pass(model, chatCtx, tools)).toEqual({ text: ANSWER, calls: [] });
    expect(decisions.map((decision) => decision.by)).toEqual(['llm']);
  });

  /** The router's reply to its own search, found `result`, on the embedded model. */
  async function readOut(result: unknown) {
    const decisions: RouterDecision[] = [];
    const model = withRouter(
      new voice.testing.FakeLLM([{ input: QUESTION, type: 'llm', content: 'Yes, of course.' }]),
      clinic(true, true),
      client,
      { spoken: true, limit: 5, onDecision: (decision) => decisions.push(decision) },
    );
    const tools = ['end_conversation', 'search_knowledge'];
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: QUESTION });
    const [call] = (await pass(model, chatCtx, tools)).calls;
    expect(call?.name).toBe('search_knowledge');
    chatCtx.insert(call!);
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId: call!.callId,
        name: call!.name,
        output: JSON.stringify({ ok: true, result }),
        isError: false,
      }),
    );
    return { ...(await pass(model, chatCtx, tools)), decisions };
  }

  it('reads the business’s own words out on the embedded model, never the model’s belief', async () => {
    const passage = { document: 'Finding us', text: 'Parking is free behind the clinic.' };
    const answers = await readOut({ passages: [passage], confident: true });
    expect(answers.text).toBe('Parking is free behind the clinic.');
    // The router's turn from the search on: no model time, nothing the model could add.
    expect(answers.decisions).toMatchObject([
      { by: 'router', rule: 'knowledge.first', tool: 'search_knowledge' },
      { by: 'template', rule: 'knowledge.first' },
    ]);
    const near = await readOut({ passages: [passage], confident: false });
    expect(near.text).toBe(
      'I don\'t have anything on exactly that. The closest I have is from "Finding us": Parking is free behind the clinic.',
    );
    const none = await readOut({ passages: [], confident: false });
    expect(none.text).toMatch(/^I'm sorry, I don't have any information about that\./);
  });

  it('says it does not know instead of the embedded model’s outright answer from belief', async () => {
    /** The embedded model's reply to the question, as the visitor gets it, and the decisions. */
    async function heard(reply: string) {
      const decisions: RouterDecision[] = [];
      const model = withRouter(
        new voice.testing.FakeLLM([{ input: QUESTION, type: 'llm', content: reply }]),
        clinic(false, true),
        client,
        { spoken: true, limit: 5, onDecision: (decision) => decisions.push(decision) },
      );
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({
        role: 'system',
        content:
          'You are the receptionist of a family clinic, open from 8:00 to 18:00 on weekdays.',
      });
      chatCtx.addMessage({ role: 'user', content: QUESTION });
      return { ...(await pass(model, chatCtx, ['end_conversation'])), decisions };
    }
    // Nothing the model was given says where to park.
    const belief = await heard('Yes, there is free parking behind the building. See you soon!');
    expect(belief.text).toMatch(/^I'm sorry, I don't have any information about that\./);
    expect(belief.decisions.map((decision) => [decision.by, decision.rule])).toEqual([
      ['llm', undefined],
      ['template', 'answer.unheld'],
    ]);
    // Not an outright answer, or one about what it was given: the model's words, whole.
    const unsure = 'I am not sure about parking, sorry. Please ask at the desk.';
    expect((await heard(unsure)).text).toBe(unsure);
    const held = 'Yes, we are open from 8:00 on weekdays. See you soon!';
    expect((await heard(held)).text).toBe(held);
    // A statement about what it was not given, however it opens: the agent does not know.
    const statement = await heard('Parking is free behind the building. See you soon!');
    expect(statement.text).toMatch(/^I'm sorry, I don't have any information about that\./);
    // After a sentence the prompt holds, a made-up one: the reply ends before it.
    const hours = 'We are open from 8:00 on weekdays. See you soon!';
    expect((await heard(`${hours} Parking is free near the clinic.`)).text).toBe(hours);
  });

  it('says it does not know instead of the embedded model’s search for what the catalogue does not hold', async () => {
    // The demo shop in Spanish on the embedded model: its collection is searched by its words.
    const spanish: RuntimeConfig = {
      ...shop,
      conversation: { ...shop.conversation, language: 'es-ES' },
      scenario: {
        ...shop.scenario,
        voice: {
          ...shop.scenario.voice,
          llm: { provider: 'embedded' },
        } as NonNullable<RuntimeConfig['scenario']['voice']>,
      },
    };
    const asked = '¿tenéis descuento para estudiantes?';
    async function searched(args: Record<string, unknown>) {
      const decisions: RouterDecision[] = [];
      const model = withRouter(
        new voice.testing.FakeLLM([
          { input: asked, type: 'llm', toolCalls: [{ name: 'search_products', args }] },
        ]),
        spanish,
        client,
        { spoken: false, limit: 5, onDecision: (decision) => decisions.push(decision) },
      );
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({ role: 'user', content: asked });
      return { ...(await pass(model, chatCtx, ['search_products'])), decisions };
    }
    const outside = await searched({ query: 'descuentos estudiantes', category: 'tents' });
    expect(outside.calls).toEqual([]);
    expect(outside.text).toMatch(/^Lo siento, no tengo información sobre eso\./);
    expect(outside.decisions.at(-1)).toMatchObject({
      by: 'template',
      rule: 'answer.outside-catalogue',
    });
    // A word of the catalogue: the model's search goes ahead.
    const inside = await searched({ query: 'tent' });
    expect(inside.calls.map((call) => call.name)).toEqual(['search_products']);
  });

  it('searches the documents for any question, and leaves small talk and the business’s own tools to the model', async () => {
    const booking: FeatureSnapshot = {
      name: 'Booking',
      type: FEATURE_TYPES.PAGE_TOOLS_CUSTOM,
      settings: {},
      tools: [
        {
          name: 'book_visit',
          type: 'frontend',
          description: 'Book a visit to the clinic',
          parameters: { type: 'object', properties: { day: { type: 'string' } } },
        },
      ],
    };
    const withEnd = clinic(true, true);
    const documentsOnly = {
      ...withEnd,
      scenario: {
        ...withEnd.scenario,
        features: [
          ...(withEnd.scenario.features ?? []).filter(
            (feature) => feature.type === FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
          ),
          booking,
        ],
      },
    };
    for (const runtime of [withEnd, documentsOnly]) {
      const first = async (text: string) => {
        const model = withRouter(
          new voice.testing.FakeLLM([{ input: text, type: 'llm', content: 'Hello there!' }]),
          runtime,
          client,
          { spoken: false, limit: 5 },
        );
        const chatCtx = llm.ChatContext.empty();
        chatCtx.addMessage({ role: 'user', content: text });
        const { text: said, calls } = await pass(model, chatCtx, [
          'end_conversation',
          'search_knowledge',
          'book_visit',
        ]);
        return { said, searched: calls.map((call) => call.name) };
      };
      // Open questions: the documents', not the model's, whatever the scenario routes besides.
      expect(await first('what time do you close on saturdays')).toEqual({
        said: '',
        searched: ['search_knowledge'],
      });
      expect(await first('hi there')).toEqual({ said: 'Hello there!', searched: [] });
    }
    const bookingModel = withRouter(
      new voice.testing.FakeLLM([
        { input: 'book a visit for friday', type: 'llm', content: 'Which time on Friday?' },
      ]),
      documentsOnly,
      client,
      { spoken: false, limit: 5 },
    );
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'book a visit for friday' });
    expect((await pass(bookingModel, chatCtx, ['search_knowledge', 'book_visit'])).text).toBe(
      'Which time on Friday?',
    );
  });

  it('leaves the turn to the model as it is when the scenario has no documents', async () => {
    const model = withRouter(
      new voice.testing.FakeLLM([{ input: QUESTION, type: 'llm', content: 'I believe so.' }]),
      clinic(false),
      client,
      { spoken: false, limit: 5 },
    );
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: QUESTION });
    expect(await pass(model, chatCtx, ['end_conversation'])).toEqual({
      text: 'I believe so.',
      calls: [],
    });
  });
});
