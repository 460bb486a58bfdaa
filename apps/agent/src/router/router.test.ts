// The intent router and its reply templates on the real demo scenario, with the catalogue served
// by the real Platform API (in-process, demo seed): multi-turn references resolve against what
// the API really answered.
import { DEFAULT_API_CONNECT_OPTIONS, initializeLogger, llm, voice } from '@livekit/agents';
import { demoProducts, startTestApi, type ListeningTestApi } from '@svc/api/testing';
import type { RuntimeConfig } from '@svc/protocol/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationApi, type ConversationApi } from '../api-client.js';
import type { ChatEntry } from '../chat-entries.js';
import {
  itemLookup,
  routedTools,
  routerReply,
  routerCatalog,
  routeUtterance,
  toolReplies,
  toolReply,
  withRouter,
  RoutedLLM,
  type RouterDecision,
} from './index.js';
import { templatesFor } from '@svc/languages/replies';
import { acknowledging } from '../model-host/acknowledgement.js';
import { conversationContext, toolResultOf, type SeenItem } from './context.js';
import type { RouterCatalog } from './catalog.js';
import { readAs, routerTable, type ItemLookup, type Route } from './intents.js';

let api: ListeningTestApi;
let client: ConversationApi;
let runtime: RuntimeConfig;
let catalog: RouterCatalog;
let lookup: ItemLookup;

beforeAll(async () => {
  initializeLogger({ pretty: false, level: 'warn' });
  api = await startTestApi({ listen: true });
  const conversation = await api.openConversation({ mode: 'text' });
  client = conversationApi({
    apiUrl: api.url,
    agentKey: api.agentKey ?? '',
    conversationId: conversation.id,
  });
  runtime = await client.config();
  catalog = routerCatalog({
    language: runtime.conversation.language,
    tools: routedTools(runtime),
    collections: runtime.collections,
    itemNames: runtime.item_names,
  });
  lookup = itemLookup(client, 5);
});

afterAll(async () => {
  await api?.close();
});

/** A conversation driven turn by turn: routes, runs the routed tool against the API, records. */
class Dialogue {
  readonly entries: ChatEntry[] = [];
  #calls = 0;
  readonly #catalog: RouterCatalog;

  /** On the demo scenario's catalogue, or on one with other tools. */
  constructor(tools?: RouterCatalog) {
    this.#catalog = tools ?? catalog;
  }

  operation(name: string) {
    return this.#catalog.tools.find((tool) => tool.name === name)?.operation;
  }

  async say(text: string): Promise<Route | undefined> {
    const context = conversationContext(this.entries, (name) => this.operation(name));
    const route = await routeUtterance(text, context, this.#catalog, lookup);
    this.entries.push({ type: 'message', role: 'user', text });
    // The route's calls, then the call it makes once they answered (a swap's addition).
    for (let step = route?.kind === 'tool' ? route : undefined; step; step = step.next)
      for (const callArgs of [step.args, ...(step.also ?? [])])
        await this.run(step.tool.name, callArgs);
    return route;
  }

  /** Runs a tool as the agent would (the API side), and records call and result. */
  async run(name: string, args: Record<string, unknown>): Promise<string> {
    const operation = this.operation(name);
    const collectionId = runtime.collections[0]?.id ?? 0;
    const id = String(args.item_id ?? '');
    let result: unknown;
    if (operation === 'search') {
      const tool = catalog.tools.find((candidate) => candidate.name === name)!;
      const { filtersFromArgs } = await import('../tools.js');
      const items = await client.search(
        collectionId,
        typeof args.query === 'string' ? args.query : undefined,
        filtersFromArgs(tool.collection, args),
        5,
      );
      result = {
        collection_id: collectionId,
        count: items.length,
        items: items.map((item) => ({ id: item.id, ...item.data })),
      };
    } else if (operation === 'display') result = await client.display(collectionId, id);
    else if (operation === 'compare')
      result = await client.compare(collectionId, (args.item_ids as string[]).map(String));
    else if (operation === 'cart_add')
      result = await client.cart.add(
        'cart',
        collectionId,
        id,
        typeof args.quantity === 'number' ? args.quantity : undefined,
      );
    else if (operation === 'cart_set')
      result = await client.cart.set('cart', collectionId, id, Number(args.quantity));
    else if (operation === 'cart_remove')
      result = await client.cart.remove('cart', collectionId, id);
    else if (operation === 'cart_list') result = await client.cart.get('cart');
    const output = JSON.stringify({ ok: true, shown_on_page: true, result });
    const callId = `call_${(this.#calls += 1)}`;
    this.entries.push({ type: 'function_call', callId, name, args: JSON.stringify(args) });
    this.entries.push({ type: 'function_call_output', callId, name, output, isError: false });
    return output;
  }

  /** The items the last tool result listed. */
  lastItems(): SeenItem[] {
    const last = [...this.entries].reverse().find((entry) => entry.type === 'function_call_output');
    if (last?.type !== 'function_call_output') return [];
    const { itemsOf, toolResultOf } = contextHelpers;
    return itemsOf(toolResultOf(last.output)?.result);
  }
}

const contextHelpers = await import('./context.js');

const tool = (route: Route | undefined) => (route?.kind === 'tool' ? route.tool.name : route?.kind);
const args = (route: Route | undefined) => (route?.kind === 'tool' ? route.args : undefined);
const price = (item: SeenItem | undefined) => Number(item?.fields.price);

describe('the intent router on the demo scenario', () => {
  it('searches by category and filter words, amounts spoken or written', async () => {
    const dialogue = new Dialogue();
    const tents = await dialogue.say('Do you have any tents?');
    expect(tool(tents)).toBe('search_products');
    expect(args(tents)).toMatchObject({ category: 'tents' });
    const boots = await dialogue.say(
      'do you have waterproof hiking boots under a hundred and fifty dollars',
    );
    expect(args(boots)).toMatchObject({ query: 'hiking boots', waterproof: true, max_price: 150 });
    const written = await dialogue.say('any backpacks below $80?');
    expect(args(written)).toMatchObject({ category: 'backpacks', max_price: 80 });
  });

  it('resolves "the second one", "the first two", "the cheaper one" and "it" to what was shown', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some sleeping bags');
    const shown = dialogue.lastItems();
    expect(shown.length).toBeGreaterThanOrEqual(3);

    const second = await dialogue.say('tell me more about the second one');
    expect(tool(second)).toBe('show_product');
    expect(args(second)).toEqual({ item_id: shown[1]?.id });

    // A fact its card shows is asked of the item in focus, or of the one named by position.
    for (const question of ['how much is it', 'is it waterproof', 'what does it weigh']) {
      const fact = await dialogue.say(question);
      expect(tool(fact), question).toBe('show_product');
      expect(args(fact), question).toEqual({ item_id: shown[1]?.id });
    }
    expect(args(await dialogue.say('how much is the first one'))).toEqual({
      item_id: shown[0]?.id,
    });
    // A yes-or-no filter said of several ("what about waterproof ones") narrows the search.
    expect(tool(await dialogue.say('what about waterproof ones'))).toBe('search_products');
    // Asking for items is a search, whatever fact it names.
    expect(tool(await new Dialogue().say('is there a waterproof flashlight'))).toBe(
      'search_products',
    );

    const compare = await dialogue.say('compare the first two');
    expect(tool(compare)).toBe('compare_products');
    expect(args(compare)).toEqual({ item_ids: [shown[0]?.id, shown[1]?.id] });

    const cheaper = price(shown[0]) <= price(shown[1]) ? shown[0] : shown[1];
    const add = await dialogue.say('put the cheaper one in my cart');
    expect(tool(add)).toBe('add_to_cart');
    expect(args(add)).toEqual({ item_id: cheaper?.id });

    const remove = await dialogue.say('actually remove it from my cart');
    expect(tool(remove)).toBe('remove_from_cart');
    expect(args(remove)).toEqual({ item_id: cheaper?.id });

    expect(tool(await dialogue.say("what's in my cart?"))).toBe('show_cart');
  });

  it('compares "the two lightest tents" as a first request: the lightest of the whole catalogue', async () => {
    const lightest = demoProducts()
      .filter((product) => product.category === 'tents')
      .sort((a, b) => a.weight_g - b.weight_g)
      .slice(0, 2)
      .map((product) => product.id);
    for (const words of [
      'compare the two lightest tents',
      'can you compare the 2 lightest tents',
    ]) {
      const dialogue = new Dialogue();
      const route = await dialogue.say(words);
      expect(tool(route), words).toBe('compare_products');
      expect(args(route)?.item_ids, words).toEqual(lightest);
    }
  });

  it('reads a cart request through the usual mishearings ("at the ... to my car")', async () => {
    const dialogue = new Dialogue();
    const route = await dialogue.say('At the Pine Hollow Headlamp to my car.');
    expect(tool(route)).toBe('add_to_cart');
    const added = dialogue.lastItems().find((item) => item.id === args(route)?.item_id);
    expect(added?.name).toBe('Pine Hollow Headlamp');
    expect(tool(await dialogue.say("What's in my car?"))).toBe('show_cart');
  });

  it('a new subject is a new search, not a pick among what is shown', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me tents');
    const route = await dialogue.say('show me the cheapest sleeping bag');
    expect(tool(route)).toBe('search_products');
    expect(args(route)).toMatchObject({ category: 'sleeping-bags' });
  });

  it('reads spoken follow-ups: a lead-in, a split verb, "as well", a brand, a question about the cart', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me sleeping bags');
    const shown = dialogue.lastItems();
    expect(shown.length).toBeGreaterThanOrEqual(3);

    // A question for the top of a ranking shows that item, lead-in or not.
    const lightest = await dialogue.say('Next, which one is the lightest?');
    expect(tool(lightest)).toBe('show_product');
    const weights = shown.map((item) => Number(item.fields.weight_g));
    expect(args(lightest)).toEqual({ item_id: shown[weights.indexOf(Math.min(...weights))]?.id });

    // A stray verb before a comparison of positions does not make it an addition.
    const compare = await dialogue.say('Add, compare the first and the third.');
    expect(tool(compare)).toBe('compare_products');
    expect(args(compare)).toEqual({ item_ids: [shown[0]?.id, shown[2]?.id] });

    await dialogue.say('show me sleeping bags');
    const again = dialogue.lastItems();
    const brand = String(again[1]?.fields.brand ?? '');
    expect(again.filter((item) => item.fields.brand === brand)).toHaveLength(1);
    const byBrand = await dialogue.say(`show me the ${brand} one`);
    expect(tool(byBrand)).toBe('show_product');
    expect(args(byBrand)).toEqual({ item_id: again[1]?.id });

    expect(args(await dialogue.say('add the first one to my cart'))).toEqual({
      item_id: again[0]?.id,
    });
    const asWell = await dialogue.say('and the second one as well');
    expect(tool(asWell)).toBe('add_to_cart');
    expect(args(asWell)).toEqual({ item_id: again[1]?.id });
    // A kind nobody was shown is no "same again": it is looked for.
    const newKind = await dialogue.say('and a tent as well, a cheap one');
    expect(tool(newKind)).toBe('search_products');
    expect(args(newKind)).toMatchObject({ category: 'tents' });
    // Nor is a kind that is shown, said without a definite word: any one of it is looked for;
    // with the definite word it is the one shown.
    const lights = new Dialogue();
    await lights.say('show me your lighting under 30 dollars');
    const kinds = lights.lastItems().map((item) => item.name.split(' ').at(-1)?.toLowerCase());
    const single = kinds.findIndex(
      (kind, index) => index > 0 && kinds.filter((other) => other === kind).length === 1,
    );
    expect(single, 'a kind only one shown light is').toBeGreaterThan(0);
    for (const [said, expected] of [
      [`and a ${kinds[single]} as well, something cheap`, 'search_products'],
      ['and the cheapest one too', 'add_to_cart'],
    ] as const) {
      const added = new Dialogue();
      await added.say('show me your lighting under 30 dollars');
      await added.say('add the first one to my cart');
      expect(tool(await added.say(said)), said).toBe(expected);
    }

    // Questions about the cart, heard whole or not, show it; they add nothing.
    expect(tool(await dialogue.say('What do I have in my cart?'))).toBe('show_cart');
    expect(tool(await dialogue.say('Watch in my cart.'))).toBe('show_cart');
    expect(tool(await dialogue.say("Don't buy."))).not.toBe('add_to_cart');

    const out = await dialogue.say(`take the ${brand} one out`);
    expect(tool(out)).toBe('remove_from_cart');
    expect(args(out)).toEqual({ item_id: again[1]?.id });
  });

  it('removes every cart line of a kind said in the plural, or "both", in one turn', async () => {
    // The tests share the visitor's cart: this one starts from an empty one.
    await client.cart.clear('cart');
    const dialogue = new Dialogue();
    await dialogue.say('show me some sleeping bags');
    const bags = dialogue.lastItems();
    await dialogue.say('add the first one to my cart');
    await dialogue.say('and the second one as well');
    await dialogue.say('do you have any tents');
    const tents = dialogue.lastItems();
    await dialogue.say('add the first one to my cart');
    // One of a kind in the cart: the singular names it, the plural takes every one of them.
    const out = await dialogue.say('take the sleeping bags out of my cart');
    expect(tool(out)).toBe('remove_from_cart');
    expect([args(out), ...(out?.kind === 'tool' ? (out.also ?? []) : [])]).toEqual([
      { item_id: bags[0]?.id },
      { item_id: bags[1]?.id },
    ]);
    const cart = await client.cart.get('cart');
    expect(cart.items.map((line) => line.item_id)).toEqual([tents[0]?.id]);
    // "Them both" with a cart of two: both lines.
    await dialogue.say('add the second one to my cart');
    const both = await dialogue.say('remove them both from my cart');
    expect([args(both), ...(both?.kind === 'tool' ? (both.also ?? []) : [])]).toEqual([
      { item_id: tents[0]?.id },
      { item_id: tents[1]?.id },
    ]);
    expect((await client.cart.get('cart')).items).toEqual([]);
  });

  it('leaves a removal that names a kind the one-line cart does not hold to the LLM', async () => {
    await client.cart.clear('cart');
    const dialogue = new Dialogue();
    await dialogue.say('do you have head lamps');
    await dialogue.say('add the first one to my cart');
    expect(await dialogue.say('remove the tent from my cart')).toBeUndefined();
    expect(tool(await dialogue.say('remove it from my cart'))).toBe('remove_from_cart');
  });

  it('takes nothing out of a cart it knows is empty, whatever the page shows', async () => {
    await client.cart.clear('cart');
    const dialogue = new Dialogue();
    await dialogue.say('do you have head lamps');
    await dialogue.say('add the first one to my cart');
    expect(tool(await dialogue.say('take it out of my cart'))).toBe('remove_from_cart');
    expect((await client.cart.get('cart')).items).toEqual([]);
    // The list is still on the page; the cart answer said the cart is empty.
    const out = await dialogue.say('take the second one out');
    expect(tool(out)).not.toBe('remove_from_cart');
  });

  it('joins a compound the recognizer split, and finds the cart after "in" without "my"', async () => {
    const dialogue = new Dialogue();
    const boots = await dialogue.say('I need some water-proof hiking boots.');
    expect(tool(boots)).toBe('search_products');
    expect(args(boots)).toMatchObject({ waterproof: true });

    await dialogue.say('do you have head lamps');
    const lamps = dialogue.lastItems();
    expect(lamps.map((item) => item.fields.category)).toContain('lighting');
    const cheapest = [...lamps].sort((a, b) => price(a) - price(b))[0];
    // "Put" heard as "but", "my" lost: the destination still says where it goes.
    const put = await dialogue.say('But the cheapest headlamp in basket.');
    expect(tool(put)).toBe('add_to_cart');
    expect(args(put)).toEqual({ item_id: cheapest?.id });
  });

  it('narrows the last search by a filter, and starts afresh on a new kind of item', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('have you got a green fleece jacket');
    const red = await dialogue.say('what about red ones');
    expect(tool(red)).toBe('search_products');
    expect(args(red)).toEqual({ query: 'fleece jacket', color: 'red' });
    const cheap = await dialogue.say('anything under 60 dollars?');
    expect(args(cheap)).toEqual({ query: 'fleece jacket', color: 'red', max_price: 60 });
    const packs = await dialogue.say('how about backpacks');
    expect(args(packs)).toEqual({ category: 'backpacks' });
  });

  it('reads a description said of "one" as of the kind being looked at', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me your sleeping bags under 200 dollars');
    const described = await dialogue.say('is there one that packs down really small');
    expect(tool(described)).toBe('search_products');
    // The kind stays; the price bound was of the last list, not of this description.
    expect(args(described)).toMatchObject({ category: 'sleeping-bags' });
    expect(args(described)).not.toHaveProperty('max_price');
    // Without "one", a description is a search of its own.
    const fresh = await dialogue.say('something that packs down really small');
    expect(args(fresh)).not.toHaveProperty('category');
  });

  it('narrows to a kind with "just", and compares the item in focus with one by position', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('what do you have from north peak');
    const narrowed = await dialogue.say('only the tents');
    expect(tool(narrowed)).toBe('search_products');
    expect(args(narrowed)).toEqual({ brand: 'North Peak', category: 'tents' });
    const shown = dialogue.lastItems();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    await dialogue.say('tell me about the second one');
    const compared = await dialogue.say('compare it to the first one');
    expect(tool(compared)).toBe('compare_products');
    expect(args(compared)).toEqual({ item_ids: [shown[1]?.id, shown[0]?.id] });
  });

  it('points at one item by "how about", a ranking alone, or a brand that holds a colour word', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('i would like a kettle');
    const kettles = dialogue.lastItems();
    expect(kettles.length).toBeGreaterThanOrEqual(3);
    const last = await dialogue.say('how about the last one?');
    expect(tool(last)).toBe('show_product');
    expect(args(last)).toEqual({ item_id: kettles.at(-1)?.id });
    const cheapest = [...kettles].sort((a, b) => price(a) - price(b))[0];
    const pick = await dialogue.say('the cheapest one, please');
    expect(tool(pick)).toBe('show_product');
    expect(args(pick)).toEqual({ item_id: cheapest?.id });
    // "Red Cedar" is a brand before "red" is a colour; the one kettle of a brand that is not
    // shown is the catalogue's.
    const cedar = demoProducts().filter(
      (product) => product.brand === 'Red Cedar' && product.name.endsWith('Kettle'),
    );
    expect(cedar).toHaveLength(1);
    const byBrand = await dialogue.say("let's see the one made by red cedar");
    expect(tool(byBrand)).toBe('show_product');
    expect(args(byBrand)).toEqual({ item_id: cedar[0]?.id });
    // After a search of two words the brand has other items matching one of them.
    await dialogue.say('do you have a camp kettle');
    const again = await dialogue.say('i want the one by red cedar');
    expect(tool(again)).toBe('show_product');
    expect(args(again)).toEqual({ item_id: cedar[0]?.id });
  });

  it('compares two shown items named by brand, "ones" misheard as "once" too', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me rain jackets');
    const shown = dialogue.lastItems();
    const brands = shown
      .map((item) => String(item.fields.brand))
      .filter((brand, _, all) => all.filter((other) => other === brand).length === 1);
    expect(brands.length).toBeGreaterThanOrEqual(2);
    const [first, second] = brands as [string, string];
    const idOf = (brand: string) => shown.find((item) => item.fields.brand === brand)?.id;
    const route = await dialogue.say(`compare the ${second} and the ${first} once`);
    expect(tool(route)).toBe('compare_products');
    expect(args(route)).toEqual({ item_ids: [idOf(second), idOf(first)] });
  });

  it('searches a need said in words the catalogue does not know with all its words', async () => {
    // Only "water" is a word of the items: the others say what for, for the collection's search to
    // read by meaning.
    const need = await new Dialogue().say('I need something to carry water on a long run');
    expect(tool(need)).toBe('search_products');
    expect(args(need)).toEqual({ query: 'water long run' });
    // A word that ends an item's name names that kind: the other words are said about it.
    expect(args(await new Dialogue().say('a stove would do nicely'))).toEqual({ query: 'stove' });
    // Every word the catalogue's: the search is what was named.
    expect(args(await new Dialogue().say('show me a camp kettle'))).toEqual({
      query: 'camp kettle',
    });
    // A kind named among words the router reads nothing in: the words go whole, with the kind's,
    // to be read by meaning among that kind's items.
    expect(args(await new Dialogue().say('show me tents for the weekend'))).toEqual({
      category: 'tents',
      query: 'tents weekend',
    });
    expect(args(await new Dialogue().say('a frying pan for cooking pancakes'))).toEqual({
      category: 'cooking',
      query: 'frying pan cooking pancakes',
    });
    // A word the language reads only inside a phrase ("hang" of "hang up") is the visitor's own.
    expect(args(await new Dialogue().say('lighting that I could hang up'))).toEqual({
      category: 'lighting',
      query: 'lighting hang up',
    });
    // Around a kind, words of the language's requests describe nothing: the kind is the search.
    expect(args(await new Dialogue().say('show me tents, but only green ones'))).toEqual({
      category: 'tents',
      color: 'green',
    });
  });

  it('narrows the search under way by a filter said alone', async () => {
    const dialogue = new Dialogue();
    expect(args(await dialogue.say('show me some tents'))).toEqual({ category: 'tents' });
    const narrowed = await dialogue.say('a green one');
    expect(tool(narrowed)).toBe('search_products');
    expect(args(narrowed)).toEqual({ category: 'tents', color: 'green' });
    // With no search under way, a colour alone is not a search.
    expect(await new Dialogue().say('a green one')).toBeUndefined();
  });

  it('shows the one shown item "the <colour> one" names; "a <colour> one" narrows', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some tents');
    const shown = dialogue.lastItems();
    const colours = shown.map((item) => String(item.fields.color));
    const single = colours.find((colour) => colours.filter((c) => c === colour).length === 1);
    expect(single, 'a colour only one shown tent has').toBeDefined();
    const picked = await dialogue.say(`the ${single} one please`);
    expect(tool(picked)).toBe('show_product');
    expect(args(picked)).toEqual({ item_id: shown[colours.indexOf(single!)]?.id });
    // Said without a definite word, any tent of that colour will do: the search narrows.
    for (const said of [`a ${single} one`, `one in ${single}`]) {
      const again = new Dialogue();
      await again.say('show me some tents');
      const narrowed = await again.say(said);
      expect(tool(narrowed), said).toBe('search_products');
      expect(args(narrowed), said).toEqual({ category: 'tents', color: single });
    }
    // With words the rules do not read around it, the definite one is still that tent: no
    // narrower search; the model hears what is wanted of it.
    const other = new Dialogue();
    await other.say('show me some tents');
    const wanted = `I reckon my sister would love the ${single} one for her trip`;
    expect(await other.say(wanted), wanted).toBeUndefined();
  });

  it('takes a pick out of a comparison on the page as the choice; a question about it shows it', async () => {
    for (const [said, expected] of [
      ['the cheaper one please', 'add_to_cart'],
      ["I'd go with the lighter of the two", 'add_to_cart'],
      ['the cheaper one?', 'show_product'],
      ['tell me more about the lighter one', 'show_product'],
    ] as const) {
      const dialogue = new Dialogue();
      await dialogue.say('show me some tents');
      await dialogue.say('compare the first two');
      const compared = dialogue.lastItems();
      const ranking = said.includes('cheaper')
        ? price
        : (item: SeenItem) => Number(item.fields.weight_g);
      const picked = [...compared].sort((a, b) => ranking(a) - ranking(b))[0];
      const route = await dialogue.say(said);
      expect(tool(route), said).toBe(expected);
      expect(args(route), said).toEqual({ item_id: picked?.id });
    }
  });

  it('swaps the item just added for "the other one" of a pair, or one a ranking picks', async () => {
    await client.cart.clear('cart');
    const dialogue = new Dialogue();
    await dialogue.say('show me some tents');
    await dialogue.say('compare the first two');
    const [first, second] = dialogue.lastItems();
    await dialogue.say('add the first one to my cart');
    // "The other one" of the pair: the second goes in, once the first is out.
    const swapped = await dialogue.say('no, the other one');
    expect(tool(swapped)).toBe('remove_from_cart');
    expect(args(swapped)).toEqual({ item_id: first?.id });
    expect(swapped?.kind === 'tool' && swapped.next?.tool.name).toBe('add_to_cart');
    expect(swapped?.kind === 'tool' && swapped.next?.args).toEqual({ item_id: second?.id });
    const lines = (await client.cart.get('cart')).items.map((line) => line.item_id);
    expect(lines).toEqual([second?.id]);
    // "Show me the other one" of the pair, with the second in mind: the first.
    expect(args(await dialogue.say('show me the other one'))).toEqual({ item_id: first?.id });
    // A verb of swapping and a ranking over the list shown.
    const listed = new Dialogue();
    await listed.say('show me some backpacks');
    const packs = listed.lastItems();
    await listed.say('add the first one to my cart');
    const cheapest = [...packs.slice(1)].sort((a, b) => price(a) - price(b))[0];
    const cheaper = await listed.say('swap it for the cheapest one');
    expect(args(cheaper)).toEqual({ item_id: packs[0]?.id });
    expect(cheaper?.kind === 'tool' && cheaper.next?.args).toEqual({ item_id: cheapest?.id });
    // A correction that asks for something else is that request, not a swap.
    const other = new Dialogue();
    await other.say('show me some tents');
    await other.say('compare the first and the third');
    await other.say('add the cheaper one to my cart');
    const taken = await other.say('no, actually remove it and look for a tarp instead');
    expect(tool(taken)).toBe('remove_from_cart');
    expect(taken?.kind === 'tool' && taken.next).toBeUndefined();
    // Without a correction or a swap it is an addition of its own, and a question is no swap.
    expect(tool(await listed.say('and the second one as well'))).toBe('add_to_cart');
    expect(tool(await listed.say('no, the third one?'))).not.toBe('remove_from_cart');
    await client.cart.clear('cart');
  });

  it('adds the one a ranking picks among the shown items ("add the cheapest one")', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some backpacks');
    const shown = dialogue.lastItems();
    const cheapest = [...shown].sort((a, b) => price(a) - price(b))[0];
    const added = await dialogue.say('add the cheapest one');
    expect(tool(added)).toBe('add_to_cart');
    expect(args(added)).toEqual({ item_id: cheapest?.id });
  });

  it('adds a count of "those" as the item in focus, and leaves it when only a list is shown', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some backpacks');
    const second = dialogue.lastItems()[1];
    await dialogue.say('the second one');
    const added = await dialogue.say('two of those please');
    expect(tool(added)).toBe('add_to_cart');
    expect(args(added)).toEqual({ item_id: second?.id, quantity: 2 });
    // A count of times: "twice" is two.
    expect(args(await dialogue.say('add it twice'))).toEqual({ item_id: second?.id, quantity: 2 });
    const listed = new Dialogue();
    await listed.say('show me some backpacks');
    expect(await listed.say('two of those please')).toBeUndefined();
  });

  it('changes the count of the item just added when the visitor says the new count', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some headlamps');
    const first = dialogue.lastItems()[0]?.id;
    expect(args(await dialogue.say('add the first one to my cart'))).toEqual({ item_id: first });
    // The demo scenario has no tool that sets a count: the difference goes in...
    expect(args(await dialogue.say('make it three'))).toEqual({ item_id: first, quantity: 2 });
    // ...or, for fewer, the item goes out and in again with the new count.
    const fewer = await dialogue.say('actually, two');
    expect(tool(fewer)).toBe('remove_from_cart');
    expect(fewer?.kind === 'tool' ? args(fewer.next) : undefined).toEqual({
      item_id: first,
      quantity: 2,
    });
    // "More" adds as many again; a count with no word of a change is left as it was read.
    expect(args(await dialogue.say('add two more'))).toEqual({ item_id: first, quantity: 2 });
    expect(tool(await dialogue.say('make it two of the second one'))).not.toBe('remove_from_cart');
    // A scenario with a tool that sets a count sets it.
    const withSet: RuntimeConfig = {
      ...runtime,
      scenario: {
        ...runtime.scenario,
        features: (runtime.scenario.features ?? []).map((feature) =>
          feature.tools?.some((candidate) => candidate.name === 'add_to_cart')
            ? {
                ...feature,
                tools: [
                  ...feature.tools,
                  {
                    name: 'set_cart_quantity',
                    type: 'frontend',
                    settings: { operation: 'cart_set' },
                  },
                ],
              }
            : feature,
        ),
      },
    };
    const setting = new Dialogue(
      routerCatalog({
        language: withSet.conversation.language,
        tools: routedTools(withSet),
        collections: withSet.collections,
        itemNames: withSet.item_names,
      }),
    );
    await setting.say('show me some headlamps');
    await setting.say('add the first one to my cart');
    const set = await setting.say('no, make it four');
    expect(tool(set)).toBe('set_cart_quantity');
    expect(args(set)).toEqual({ item_id: first, quantity: 4 });
  });

  it('orders an item pointed at by a word of taking said after it, with or without a count', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some lanterns');
    const lightest = [...dialogue.lastItems()].sort(
      (a, b) => Number(a.fields.weight_g) - Number(b.fields.weight_g),
    )[0];
    const ordered = await dialogue.say('the lightest lantern will do, three of them');
    expect(tool(ordered)).toBe('add_to_cart');
    expect(args(ordered)).toEqual({ item_id: lightest?.id, quantity: 3 });
    const chosen = new Dialogue();
    await chosen.say('show me some lanterns');
    const second = chosen.lastItems()[1];
    const taken = await chosen.say('the second one is perfect');
    expect(tool(taken)).toBe('add_to_cart');
    expect(args(taken)).toEqual({ item_id: second?.id });
    // Said first, the word answers the agent's last reply; the rest says what to do.
    const shown = new Dialogue();
    await shown.say('show me some lanterns');
    expect(tool(await shown.say('perfect, show me the second one'))).toBe('show_product');
    // A question about the item is not a choice of it.
    const asked = new Dialogue();
    await asked.say('show me some lanterns');
    expect(tool(await asked.say('is the second one good for winter?'))).not.toBe('add_to_cart');
  });

  it('adds the shown item of the colour named, and never the one in focus when another kind is named', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some lanterns');
    const [first] = dialogue.lastItems();
    await dialogue.say('show me the first one');
    const other = await dialogue.say('add a sleeping bag to my cart');
    expect(tool(other) === 'add_to_cart' && args(other)?.item_id === first?.id).toBe(false);
    expect(args(await dialogue.say('add the lantern to my cart'))).toEqual({ item_id: first?.id });
    const coloured = new Dialogue();
    await coloured.say('show me tents');
    const green = coloured.lastItems().find((item) => item.fields.color === 'green');
    await coloured.say('show me the first one');
    const added = await coloured.say('put the green one in my cart');
    expect(tool(added)).toBe('add_to_cart');
    expect(args(added)).toEqual({ item_id: green?.id });
    // The kind of the item in focus is that item, not the first of its kind shown.
    const focused = new Dialogue();
    await focused.say('show me tents');
    const second = focused.lastItems()[1];
    await focused.say('show me the second one');
    expect(args(await focused.say('add the tent to my cart'))).toEqual({ item_id: second?.id });
  });

  it('orders the item a visitor says they go with', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some lanterns');
    const third = dialogue.lastItems()[2];
    const going = await dialogue.say("I'll go with the third one");
    expect(tool(going)).toBe('add_to_cart');
    expect(args(going)).toEqual({ item_id: third?.id });
    // Whether something goes with another thing is a question, not a choice.
    const matching = new Dialogue();
    await matching.say('show me some lanterns');
    await matching.say('show me the first one');
    expect(tool(await matching.say('does it go with my tent?'))).not.toBe('add_to_cart');
  });

  it('searches the number a tent is for as the names write it, and not a count or a duration', async () => {
    const forTwo = await new Dialogue().say('any tents for two people?');
    expect(tool(forTwo)).toBe('search_products');
    expect(args(forTwo)).toEqual({ category: 'tents', query: 'two' });
    // A description read by meaning keeps the number too.
    const described = new Dialogue();
    await described.say('show me a solo tent');
    const bigger = args(await described.say('hmm, something bigger for two people'));
    expect(bigger?.query).toContain('two');
    // A word that opens a turn says nothing of what is meant.
    expect(bigger?.query).not.toContain('hmm');
    expect(args(await new Dialogue().say('show me two tents'))).not.toHaveProperty('query');
    expect(args(await new Dialogue().say('a tent for two nights'))?.query ?? '').not.toContain(
      'two',
    );
  });

  it('turns a ranking around when "less" or "least" stands beside its word', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some backpacks');
    const byPrice = [...dialogue.lastItems()].sort(
      (a, b) => Number(a.fields.price) - Number(b.fields.price),
    );
    const least = await dialogue.say('the least expensive one please');
    expect(tool(least)).toBe('show_product');
    expect(args(least)).toEqual({ item_id: byPrice[0]?.id });
    const most = new Dialogue();
    await most.say('show me some backpacks');
    expect(args(await most.say('the most expensive one please'))).toEqual({
      item_id: byPrice.at(-1)?.id,
    });
  });

  it('adds the item a ranking picks among what is shown when its kind is said in the singular', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some backpacks');
    const cheapest = [...dialogue.lastItems()].sort(
      (a, b) => Number(a.fields.price) - Number(b.fields.price),
    )[0];
    const added = await dialogue.say('add the cheapest backpack');
    expect(tool(added)).toBe('add_to_cart');
    expect(args(added)).toEqual({ item_id: cheapest?.id });
  });

  it('shows the first shown item of a colour several shown items have, for a definite singular', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('can I see some lanterns');
    const shown = dialogue.lastItems();
    const colours = shown.map((item) => String(item.fields.color));
    const shared = colours.find((colour, index) => colours.indexOf(colour) !== index);
    expect(shared, 'two shown lanterns of one colour').toBeDefined();
    const first = shown.find((item) => item.fields.color === shared);
    const picked = await dialogue.say(`the ${shared} one please`);
    expect(tool(picked)).toBe('show_product');
    expect(args(picked)).toEqual({ item_id: first?.id });
    // "A red one" asks for any: the search narrows, no item is picked.
    const any = new Dialogue();
    await any.say('can I see some lanterns');
    expect(tool(await any.say(`a ${shared} one please`))).not.toBe('show_product');
    // Only an item that is all the words say: a colour and a kind nobody was shown is no pick.
    const mixed = new Dialogue();
    await mixed.say('can I see some lanterns');
    expect(tool(await mixed.say(`show me the ${shared} stove`))).not.toBe('show_product');
  });

  it('shows no item for a reference that says "everything": it picks no one item', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some tents');
    await dialogue.say('the first one');
    const said = await dialogue.say('that is everything, thank you');
    expect(tool(said)).not.toBe('show_product');
  });

  it('reads a contraction typed without its apostrophe as the contraction', async () => {
    for (const [typed, written] of [
      ['whats in my cart', "what's in my cart"],
      ['thats all for today', "that's all for today"],
      ['i dont need a tent, show me backpacks', "i don't need a tent, show me backpacks"],
    ] as const) {
      const route = await new Dialogue().say(typed);
      expect(route, typed).toBeDefined();
      expect(route, typed).toEqual(await new Dialogue().say(written));
    }
  });

  it('says it does not know a question about what nothing holds, and only such a question', async () => {
    const stoves = new Dialogue();
    await stoves.say('show me camp stoves');
    await stoves.say('the first one');
    // Nothing of the item, the catalogue, the router or the conversation holds renting or use
    // indoors: "I don't know" at once, not the item shown again nor the model's guess.
    for (const asked of [
      'can I rent it for a weekend?',
      'is it safe to use indoors?',
      // No word for the item: with items on the page, a question is about them.
      'is rental possible for a weekend?',
    ])
      expect(await stoves.say(asked), asked).toEqual({ kind: 'reply', reply: 'not_known' });
    // A field of the items (by its label or its role), a request put as a question, a ranking:
    // what the data holds.
    for (const asked of [
      'what colours does it come in?',
      'is it in stock?',
      'how heavy is it?',
      'have you got anything for cold feet?',
      'which one is the lightest?',
      // A question that asks what or which asks for something else: a need.
      'what would keep my feet warm at night?',
    ])
      expect(await stoves.say(asked), asked).not.toEqual({ kind: 'reply', reply: 'not_known' });
    // What the instructions hold is the model's to answer.
    const rented = new Dialogue();
    rented.entries.push({
      type: 'message',
      role: 'system',
      text: 'Stoves can be rented for a weekend at 10 dollars.',
    });
    await rented.say('show me camp stoves');
    await rented.say('the first one');
    expect(await rented.say('can I rent it for a weekend?')).not.toEqual({
      kind: 'reply',
      reply: 'not_known',
    });
  });

  it('asks for a kind of item through a garbled question, and says what the shop sells', async () => {
    const dialogue = new Dialogue();
    const stoves = await dialogue.say('Do yourself, camp stoves?');
    expect(tool(stoves)).toBe('search_products');
    expect(String(args(stoves)?.query)).toMatch(/^camp stoves?$/);
    // "Which" and a kind nobody has shown ask for that kind, the search phrase misheard.
    const bags = await new Dialogue().say('Which sleeping bags, you said?');
    expect(tool(bags)).toBe('search_products');
    // Two words or more it reads nothing in beside the kind: a question about the business.
    const business = await new Dialogue().say('what happens to the tents you take back');
    expect(tool(business)).not.toBe('search_products');
    const offer = await dialogue.say('what sort of things do you guys sell');
    expect(offer).toEqual({ kind: 'reply', reply: 'catalogue' });
    // "Do you sell" is also how a search is asked: without a kind, colour or amount it asks what
    // the shop has (the LLM took 4-5 s to say it).
    for (const asked of ['what do you sell', 'what kind of stuff do you sell', 'what do you have'])
      expect(await new Dialogue().say(asked), asked).toEqual({ kind: 'reply', reply: 'catalogue' });
    expect(args(await new Dialogue().say('what do you have in blue'))).toEqual({ color: 'blue' });
    expect(args(await new Dialogue().say('what tents do you sell'))).toEqual({
      category: 'tents',
    });
    expect(args(await new Dialogue().say('what do you have under 50 dollars'))).toEqual({
      max_price: 50,
    });
    const reply = routerReply('catalogue', {
      language: 'en-US',
      spoken: true,
      offer: catalog.offer,
    });
    expect(reply).toMatch(
      /^We have footwear, tents, sleeping bags, .+\. What are you looking for\?$/,
    );
    // A question about what is shown stays the model's.
    expect(await dialogue.say('is it waterproof')).toBeUndefined();
    expect(tool(await dialogue.say('And a nice day.'))).toBe('end_conversation');
    expect(tool(await dialogue.say('nice day for a hike, do you have tents'))).toBe(
      'search_products',
    );
  });

  it('ends on goodbye, and leaves small talk and open questions to the LLM', async () => {
    const dialogue = new Dialogue();
    expect(tool(await dialogue.say('thanks, goodbye'))).toBe('end_conversation');
    expect(tool(await dialogue.say("that's all I need, bye"))).toBe('end_conversation');
    // Small talk is the scenario's persona's to answer: the model gets it.
    expect(await dialogue.say('hello there')).toBeUndefined();
    // Recognizers hear "hi there" as "bye there"; nobody says goodbye that way.
    expect(await dialogue.say('Bye there.')).toBeUndefined();
    expect(await dialogue.say('thank you')).toBeUndefined();
    for (const asked of ['how are you', 'hey, how are you doing'])
      expect(await dialogue.say(asked), asked).toBeUndefined();
    expect(await dialogue.say('which is better for rocky trails')).toBeUndefined();
    // Positions when nothing was shown point at nothing: the visitor is told, at once.
    const fresh = new Dialogue();
    expect(await fresh.say('compare the first and the second')).toEqual({
      kind: 'reply',
      reply: 'nothing_shown',
    });
    expect(await fresh.say('show me the last one')).toEqual({
      kind: 'reply',
      reply: 'nothing_shown',
    });
    expect(await fresh.say('which one is cheaper')).toEqual({
      kind: 'reply',
      reply: 'nothing_shown',
    });
    expect(await fresh.say('put it in my cart')).toEqual({ kind: 'reply', reply: 'nothing_shown' });
    // A word of buying that points at no item asks the shop something else: the model's.
    expect(await fresh.say('could you ship an order to Norway')).toBeUndefined();
    // The cheapest the shop has is a search, not a pick among what is shown.
    expect(await fresh.say("what's the cheapest thing you have")).not.toEqual({
      kind: 'reply',
      reply: 'nothing_shown',
    });
    // A kind named with the position is a request of its own.
    expect(await fresh.say('show me the first tent')).not.toEqual({
      kind: 'reply',
      reply: 'nothing_shown',
    });
    expect(await dialogue.say('tell me a joke')).toBeUndefined();
    // "goodbye" inside a cart request is not an end.
    expect(tool(await dialogue.say('add it to my cart and then goodbye'))).not.toBe(
      'end_conversation',
    );
  });
});

describe('a request the model named, read by its feature', () => {
  /** What `operation`'s reader makes of `text` in the dialogue as it stands. */
  async function read(dialogue: Dialogue, operation: Parameters<typeof readAs>[0], text: string) {
    const context = conversationContext(dialogue.entries, (name) => dialogue.operation(name));
    return readAs(operation, text, context, catalog, lookup, routerTable(catalog));
  }

  it('adds, shows, lists and removes what the words point at, and nothing when they point at none', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some headlamps');
    const shown = dialogue.lastItems();
    await dialogue.say('tell me about the second one');
    expect(args(await read(dialogue, 'cart_add', 'yes please, that one'))).toEqual({
      item_id: shown[1]?.id,
    });
    const cheapest = [...shown].sort((a, b) => price(a) - price(b))[0];
    expect(args(await read(dialogue, 'cart_add', 'two of the cheapest for me'))).toEqual({
      item_id: cheapest?.id,
      quantity: 2,
    });
    // No word points at an item: the item in focus is not added by default.
    expect(await read(dialogue, 'cart_add', 'could you ship an order to Norway')).toBe(undefined);
    expect(args(await read(dialogue, 'display', 'the third one sounds nice'))).toEqual({
      item_id: shown[2]?.id,
    });
    // The cart is read only from words about it: the model named it for a delivery question.
    expect(tool(await read(dialogue, 'cart_list', 'remind me of my basket'))).toBe('show_cart');
    expect(tool(await read(dialogue, 'cart_list', 'and the total?'))).toBe('show_cart');
    expect(await read(dialogue, 'cart_list', 'how long does shipping take')).toBe(undefined);
    // The end is never read from a guess.
    expect(await read(dialogue, 'end', "right, I'm sorted, ta")).toBe(undefined);
    // A removal takes out only what the cart holds: nothing was added in this conversation yet.
    expect(await read(dialogue, 'cart_remove', 'scrap that')).toBe(undefined);
    await dialogue.say('add it to my cart');
    expect(args(await read(dialogue, 'cart_remove', 'scrap that'))).toEqual({
      item_id: shown[1]?.id,
    });
  });

  it('takes out of the cart only what the words say: a new count, some of a line, or the line', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me some headlamps');
    const first = dialogue.lastItems()[0]?.id;
    expect(args(await dialogue.say('add five of the first one to my cart'))).toEqual({
      item_id: first,
      quantity: 5,
    });
    // The conversation's cart may hold some already: five or more now.
    const held = Number(dialogue.lastItems().find((line) => line.id === first)?.fields.quantity);
    expect(held).toBeGreaterThanOrEqual(5);
    // Named a removal by the model, figures with no word of removal say the count now wanted, the
    // last one said: the line goes out and comes back with it (the demo sets no count).
    const fewer = await read(
      dialogue,
      'cart_remove',
      'my sister got 2 for her birthday, so 3 of that one',
    );
    expect(tool(fewer)).toBe('remove_from_cart');
    expect(fewer?.kind === 'tool' ? args(fewer.next) : undefined).toEqual({
      item_id: first,
      quantity: 3,
    });
    // A word of removal and one figure: that many come off.
    const off = await dialogue.say('remove 2 of that one from the cart');
    expect(tool(off)).toBe('remove_from_cart');
    expect(off?.kind === 'tool' ? args(off.next) : undefined).toEqual({
      item_id: first,
      quantity: held - 2,
    });
    // Figures that leave the line nothing to keep are the model's, never the whole line out.
    expect(await read(dialogue, 'cart_remove', `we are ${held + 4} now`)).toBe(undefined);
    // No figure: the line goes.
    const gone = await read(dialogue, 'cart_remove', 'scrap that');
    expect(args(gone)).toEqual({ item_id: first });
    expect(gone?.kind === 'tool' ? gone.next : undefined).toBe(undefined);
  });

  it('searches only words it reads all of, and compares only items the words point at', async () => {
    const dialogue = new Dialogue();
    expect(args(await read(dialogue, 'search', 'tents under 200 dollars'))).toEqual({
      category: 'tents',
      max_price: 200,
    });
    // A question about the business that names a kind is no search for it.
    expect(await read(dialogue, 'search', 'do you fix broken zips on tents')).toBe(undefined);
    await dialogue.say('show me some sleeping bags');
    const shown = dialogue.lastItems();
    expect(await read(dialogue, 'compare', 'which is the warmest')).toBe(undefined);
    expect(args(await read(dialogue, 'compare', 'the first and the third side by side'))).toEqual({
      item_ids: [shown[0]?.id, shown[2]?.id],
    });
  });
});

describe('reply templates', () => {
  it('say "no" to "is it waterproof?" of an item that is not, and only when asked', () => {
    const result = {
      ok: true,
      result: { item_id: 'tent-9', data: { name: 'Trail Tent', price: 120, waterproof: false } },
    };
    const style = { language: 'en-US', spoken: true, roles: { price: { key: 'price' } } };
    const display = (request: string) =>
      toolReply({ operation: 'display', args: {}, result, isError: false, request }, style);
    expect(display('is it waterproof')).toBe(
      "Here is the Trail Tent. It costs 120 dollars and it isn't waterproof.",
    );
    expect(display('show me the second one')).toBe('Here is the Trail Tent. It costs 120 dollars.');
  });

  it('answers a kind that has none of the words asked for as empty, naming both', () => {
    const output = JSON.stringify({
      ok: true,
      shown_on_page: true,
      result: { collection_id: 1, count: 0, items: [] },
    });
    const reply = toolReply(
      {
        operation: 'search',
        args: { category: 'sleeping-bags', query: 'stove' },
        result: toolResultOf(output),
        isError: false,
        request: 'a sleeping bag with a stove',
      },
      { language: 'en-US', spoken: true, roles: catalog.roles, kindNames: catalog.kindNames },
    );
    expect(reply).toBe('I have no stove in sleeping bags.');
  });

  it('answer tool results in a sentence the page backs up', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('do you have any tents');
    const search = dialogue.entries.at(-1) as Extract<ChatEntry, { type: 'function_call_output' }>;
    const first = dialogue.lastItems()[0];
    const reply = toolReply(
      {
        operation: 'search',
        args: { category: 'tents' },
        result: toolResultOf(search.output),
        isError: false,
        request: 'do you have any tents',
      },
      { language: 'en-US', spoken: true, roles: catalog.roles },
    );
    expect(reply).toContain('tents');
    expect(reply).toContain(first?.name);
    const add = await dialogue.run('add_to_cart', { item_id: first?.id });
    expect(
      toolReply(
        {
          operation: 'cart_add',
          args: { item_id: first?.id },
          result: toolResultOf(add),
          isError: false,
          request: 'add it',
        },
        { language: 'en-US', spoken: false, roles: catalog.roles },
      ),
    ).toMatch(new RegExp(`added the ${first?.name} to your cart`));
    // French has its templates; a language that has none leaves the reply to the LLM.
    expect(
      toolReply(
        {
          operation: 'search',
          args: {},
          result: toolResultOf(search.output),
          isError: false,
          request: '',
        },
        { language: 'fr-FR', spoken: true, roles: catalog.roles },
      ),
    ).toMatch(
      new RegExp(`^J’ai trouvé \\d+ résultats\\. Le premier est ${first?.name}, à \\d+ euros`),
    );
    expect(
      toolReply(
        {
          operation: 'search',
          args: {},
          result: toolResultOf(search.output),
          isError: false,
          request: '',
        },
        { language: 'it-IT', spoken: true },
      ),
    ).toBeUndefined();
    // Two removals of one step are one sentence, with what the cart holds after both.
    const second = dialogue.lastItems()[0];
    await dialogue.run('add_to_cart', { item_id: second?.id });
    const removal = (output: string) => ({
      operation: 'cart_remove' as const,
      args: {},
      result: toolResultOf(output),
      isError: false,
      request: 'take them both out',
    });
    const style = { language: 'en-US', spoken: false };
    const left = await client.cart.get('cart');
    const outputs = [];
    for (const line of left.items)
      outputs.push(await dialogue.run('remove_from_cart', { item_id: line.item_id }));
    expect(toolReplies(outputs.map(removal), style)).toBe(
      outputs.length === 2
        ? 'I removed both from your cart. Your cart is empty now.'
        : `I removed all ${outputs.length} from your cart. Your cart is empty now.`,
    );
    expect(toolReplies([removal(add)], style)).toBe(toolReply(removal(add), style));
  });
});

describe('RoutedLLM', () => {
  /** Collects a stream's text and tool calls. */
  async function drain(stream: llm.LLMStream) {
    let text = '';
    const calls: { name: string; args: string }[] = [];
    for await (const chunk of stream) {
      text += chunk.delta?.content ?? '';
      for (const call of chunk.delta?.toolCalls ?? [])
        calls.push({ name: call.name, args: call.args });
    }
    return { text, calls };
  }

  /** The routed tools and one of the business's own, with arguments of `parameters`. */
  function withOwnTool(name: string, description: string, parameters: object): never {
    return {
      ...(routedToolContext() as Record<string, unknown>),
      [name]: llm.tool({
        description,
        parameters: parameters as never,
        execute: async () => undefined,
      }),
    } as never;
  }

  /** The scenario's routed tools as the framework holds them, each doing nothing. */
  function routedToolContext(): never {
    return Object.fromEntries(
      routedTools(runtime).map((routed) => [
        routed.name,
        llm.tool({
          description: routed.name,
          parameters: { type: 'object', properties: {} } as never,
          execute: async () => undefined,
        }),
      ]),
    ) as never;
  }

  /** The scenario's routed tools as the framework holds them, each answering with `run`. */
  function routedToolsDoing(run: (name: string, args: Record<string, unknown>) => unknown) {
    return Object.fromEntries(
      routedTools(runtime).map((routed) => [
        routed.name,
        llm.tool({
          description: routed.name,
          parameters: { type: 'object', properties: {}, additionalProperties: true } as never,
          execute: async (args: Record<string, unknown>) => run(routed.name, args),
        }),
      ]),
    );
  }

  /** The router of the demo scenario, typed, with `chooser`, telling `decisions`. */
  function routedWithChooser(
    inner: llm.LLM,
    chooser: ConstructorParameters<typeof RoutedLLM>[1]['chooser'],
    decisions: RouterDecision[],
    lookupWith: ItemLookup = lookup,
  ) {
    return new RoutedLLM(inner, {
      catalog,
      style: { language: 'en-US', spoken: false },
      lookup: lookupWith,
      chooser,
      onDecision: (decision) => decisions.push(decision),
    });
  }

  /** A chat context of one visitor's turn. */
  function turn(text: string) {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: text });
    return chatCtx;
  }

  it('answers routed turns without the inner LLM, and passes the rest to it', async () => {
    const inner = new voice.testing.FakeLLM([
      { input: 'tell me a joke', type: 'llm', content: 'Why did the tent blush?' },
    ]);
    const decisions: string[] = [];
    const model = withRouter(inner, runtime, client, {
      spoken: true,
      limit: 5,
      onDecision: (decision) => decisions.push(decision.by),
    });
    const toolCtx = routedToolContext();
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: 'do you have any tents' });
    const routed = await drain(model.chat({ chatCtx, toolCtx }));
    expect(routed.calls).toEqual([
      { name: 'search_products', args: JSON.stringify({ category: 'tents' }) },
    ]);

    const open = llm.ChatContext.empty();
    open.addMessage({ role: 'user', content: 'tell me a joke' });
    expect((await drain(model.chat({ chatCtx: open, toolCtx }))).text).toBe(
      'Why did the tent blush?',
    );
    expect(decisions).toEqual(['router', 'llm']);
  });

  it('reads a spoken turn that goes on after a pause with the turn before it, once', async () => {
    const model = withRouter(new voice.testing.FakeLLM([]), runtime, client, {
      spoken: true,
      limit: 5,
    });
    const toolCtx = routedToolContext();
    /** The visitor's first half, what it looked up, the answer they spoke over, the rest. */
    const conversation = (restFrom: number) => {
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({
        role: 'user',
        content: 'Show me your backpacks.',
        metrics: { startedSpeakingAt: 100, stoppedSpeakingAt: 101.4 },
      });
      chatCtx.insert([
        llm.FunctionCall.create({
          callId: 'first',
          name: 'search_products',
          args: '{"category":"backpacks"}',
        }),
        llm.FunctionCallOutput.create({
          callId: 'first',
          name: 'search_products',
          output: '{"items":[]}',
          isError: false,
        }),
      ]);
      chatCtx.addMessage({ role: 'assistant', content: 'I found', interrupted: true });
      chatCtx.addMessage({
        role: 'user',
        content: 'in red',
        metrics: { startedSpeakingAt: restFrom, stoppedSpeakingAt: restFrom + 0.6 },
      });
      return chatCtx;
    };
    const whole = await drain(model.chat({ chatCtx: conversation(102.2), toolCtx }));
    expect(whole.calls).toEqual([
      { name: 'search_products', args: JSON.stringify({ category: 'backpacks', color: 'red' }) },
    ]);
    // After a silence longer than a request holds, the words are a turn of their own.
    const alone = await drain(model.chat({ chatCtx: conversation(104), toolCtx }));
    expect(alone.calls).not.toEqual(whole.calls);
  });

  it('asks the chooser for a turn no rule reads, and routes what it names through the slot readers', async () => {
    const asked: string[] = [];
    const tokens: (number | undefined)[] = [];
    const chooser = (action: string, delayMs = 0) => ({
      answerJson: async (question: { prompt: string; maxTokens?: number }) => {
        asked.push(question.prompt);
        tokens.push(question.maxTokens);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return JSON.stringify({ action });
      },
    });
    const decisions: RouterDecision[] = [];
    const routed = (inner: llm.LLM, answers: ReturnType<typeof chooser>) =>
      routedWithChooser(inner, answers, decisions);
    const toolCtx = routedToolContext();

    // Named and read: the cart is shown, by the router, with the rule that says who chose.
    const inner = new voice.testing.FakeLLM([
      { input: 'remind me of my basket', type: 'llm', content: 'The model guessed.' },
      { input: 'my brother visits next week', type: 'llm', content: 'Not that I know of.' },
    ]);
    const listed = await drain(
      routed(inner, chooser('cart')).chat({ chatCtx: turn('remind me of my basket'), toolCtx }),
    );
    expect(listed.calls).toEqual([{ name: 'show_cart', args: '{}' }]);
    expect(decisions.at(-1)).toMatchObject({
      by: 'router',
      rule: 'chosen.cart_list',
      tool: 'show_cart',
    });
    expect(asked).toEqual(['Nothing is on the page yet.\nVisitor: "remind me of my basket"']);

    // "talk": the model answers, and the turn records that the chooser handed it over.
    const talked = await drain(
      routed(inner, chooser('talk')).chat({
        chatCtx: turn('my brother visits next week'),
        toolCtx,
      }),
    );
    expect(talked).toEqual({ text: 'Not that I know of.', calls: [] });
    expect(decisions.at(-1)).toMatchObject({ by: 'llm', rule: 'chosen.talk' });

    // A turn a rule reads, or one a guard hands to the model, never waits for a choice.
    asked.length = 0;
    await drain(
      routed(inner, chooser('add')).chat({ chatCtx: turn('do you have any tents'), toolCtx }),
    );
    expect(decisions.at(-1)).toMatchObject({ by: 'router', tool: 'search_products' });
    expect(asked).toEqual([]);

    // Warmed once the scenario's prompt is: the instructions are evaluated before any turn.
    tokens.length = 0;
    await routed(inner, chooser('talk')).warmChooser();
    // The choice of a request, then that of a need's category (the demo shop has categories).
    expect(asked).toEqual(['Nothing is on the page yet.\nVisitor: "hello"', 'Visitor: "hello"']);
    // Evaluated, not answered: one token is generated.
    expect(tokens).toEqual([1, 1]);

    // Spoken through an acknowledging LLM, a slow choice is covered by its acknowledgement, once.
    const slow = routed(acknowledging(inner, 'en-US', 20), chooser('cart', 200));
    const covered = await drain(slow.chat({ chatCtx: turn('remind me of my basket'), toolCtx }));
    expect(covered).toEqual({ text: 'One moment. ', calls: [{ name: 'show_cart', args: '{}' }] });
  });

  it('places a need said in words the catalogue does not know in the category the model names', async () => {
    const asked: string[] = [];
    const placing = (category: string) => ({
      answerJson: async (question: { instructions: string; prompt: string }) => {
        asked.push(question.prompt);
        // Each category with the kinds of item it holds, brands left out; one with none bare.
        expect(question.instructions).toContain(
          'Categories: Footwear (Winter Boot, Camp Sandal); Tents (Dome Tent);',
        );
        expect(question.instructions).toContain(
          'Backpacks; Clothing (Wool Socks, Rain Jacket); Lighting; Cooking.',
        );
        return JSON.stringify({ category });
      },
    });
    const decisions: RouterDecision[] = [];
    // What the collection's search finds for the need: wool socks among the clothing, nothing
    // among the lights (the test API reads no meaning).
    const searched: Record<string, unknown>[] = [];
    // Asked for a category's cheapest and dearest with no words, a few items of it.
    const held: Record<string, string[]> = {
      footwear: ['Summit Winter Boot', 'North Peak Camp Sandal'],
      tents: ['North Peak Dome Tent', 'Summit Dome Tent'],
      clothing: ['Summit Wool Socks', 'North Peak Rain Jacket'],
    };
    const needLookup: ItemLookup = async (_tool, query, filters) => {
      searched.push({ query, ...filters });
      if (!query)
        return (held[String(filters.category)] ?? []).map((name) => ({
          id: name,
          name,
          fields: {},
        }));
      return filters.category === 'lighting' ? [] : [{ id: 'S-1', name: 'Wool Socks', fields: {} }];
    };
    const routed = (answers: ReturnType<typeof placing>) =>
      routedWithChooser(new voice.testing.FakeLLM([]), answers, decisions, needLookup);
    const toolCtx = routedToolContext();
    const need = 'something to stop my toes freezing at camp';

    const placed = await drain(routed(placing('Clothing')).chat({ chatCtx: turn(need), toolCtx }));
    expect(placed.calls).toHaveLength(1);
    expect(JSON.parse(placed.calls[0]?.args ?? '{}')).toMatchObject({ category: 'clothing' });
    expect(decisions.at(-1)).toMatchObject({ by: 'router', rule: 'search.need-category' });
    expect(asked).toEqual([`Visitor: ${JSON.stringify(need)}`]);

    // "None": the search goes with the words alone, as the rule read them.
    const unplaced = await drain(routed(placing('none')).chat({ chatCtx: turn(need), toolCtx }));
    expect(JSON.parse(unplaced.calls[0]?.args ?? '{}')).not.toHaveProperty('category');
    expect(decisions.at(-1)).toMatchObject({ by: 'router', rule: 'search.new' });

    // A category the model guessed where nothing meets the need: the whole catalogue is searched.
    const misplaced = await drain(
      routed(placing('Lighting')).chat({ chatCtx: turn(need), toolCtx }),
    );
    expect(JSON.parse(misplaced.calls[0]?.args ?? '{}')).not.toHaveProperty('category');
    expect(decisions.at(-1)).toMatchObject({ by: 'router', rule: 'search.new' });
    expect(searched.at(-1)).toEqual({ query: 'stop toes freezing camp', category: 'lighting' });

    // A kind named is no need to place: nothing is asked.
    asked.length = 0;
    await drain(routed(placing('Clothing')).chat({ chatCtx: turn('show me tents'), toolCtx }));
    expect(asked).toEqual([]);
  });

  it("searches a need said in none of the catalogue's words once the chooser names a search and the collection finds something", async () => {
    const answering = (category: string) => ({
      answerJson: async (question: { instructions: string }) =>
        JSON.stringify(
          question.instructions.includes('Categories:') ? { category } : { action: 'search' },
        ),
    });
    const decisions: RouterDecision[] = [];
    const searched: Record<string, unknown>[] = [];
    // The collection reads the words by meaning: warm socks for cold feet, nothing for a question
    // about the business (the test API reads no meaning).
    const meaningLookup: ItemLookup = async (_tool, query, filters) => {
      searched.push({ query, ...filters });
      return query.includes('feet') ? [{ id: 'S-1', name: 'Wool Socks', fields: {} }] : [];
    };
    const inner = new voice.testing.FakeLLM([
      { input: 'my parcel has still not arrived', type: 'llm', content: 'The model answers.' },
    ]);
    const routed = (category: string) =>
      routedWithChooser(inner, answering(category), decisions, meaningLookup);
    const toolCtx = routedToolContext();

    // No rule reads it (no word of the catalogue); the chooser names a search; the words go whole
    // and the model places them in a category.
    const need = 'my feet freeze every evening';
    const placed = await drain(routed('Clothing').chat({ chatCtx: turn(need), toolCtx }));
    expect(placed.calls.map((call) => [call.name, JSON.parse(call.args)])).toEqual([
      ['search_products', { query: 'feet freeze every evening', category: 'clothing' }],
    ]);
    expect(decisions.at(-1)).toMatchObject({ by: 'router', rule: 'chosen.search' });
    // Without a category, or with one that holds nothing for it, the whole catalogue.
    const whole = await drain(routed('none').chat({ chatCtx: turn(need), toolCtx }));
    expect(JSON.parse(whole.calls[0]?.args ?? '{}')).toEqual({
      query: 'feet freeze every evening',
    });

    // Words about the business the chooser took for a search find nothing: the model's. (Asked
    // as a question none of whose words anything holds, they get "I don't know" before.)
    const question = await drain(
      routed('none').chat({ chatCtx: turn('my parcel has still not arrived'), toolCtx }),
    );
    expect(question).toEqual({ text: 'The model answers.', calls: [] });
    expect(decisions.at(-1)).toMatchObject({ by: 'llm', rule: 'chosen.search' });
    expect(searched.at(-1)).toEqual({ query: 'parcel still not arrived' });
    // An amount the rules did not read is a limit or a count, not a need; a negation no word of one.
    // Nor are words about the item in mind, or a kind with a word about it (two words).
    for (const text of [
      'feet freezing, budget tops out near 60',
      'not feet at all',
      'is it warm enough for cold feet',
      'sell warm feet',
    ]) {
      searched.length = 0;
      const left = await drain(routed('none').chat({ chatCtx: turn(text), toolCtx }));
      expect(left.calls).toEqual([]);
      // A question none of whose words anything holds is first read by the collection (rules/
      // unheld.ts): what it finds something for is no question for "I don't know", and no search.
      if (!text.startsWith('is it')) expect(searched).toEqual([]);
    }
  });

  it("sends a model's search with the yes/no filters the visitor's words name, and no other", async () => {
    const toolCtx = routedToolContext();
    const modelSearching = (text: string, args: Record<string, unknown>) => ({
      model: new RoutedLLM(
        new voice.testing.FakeLLM([
          { input: text, type: 'llm', toolCalls: [{ name: 'search_products', args }] },
        ]),
        { catalog, style: { language: 'en-US', spoken: false }, lookup },
      ),
      chatCtx: (() => {
        const chatCtx = llm.ChatContext.empty();
        chatCtx.addMessage({ role: 'user', content: text });
        return chatCtx;
      })(),
    });
    // A need in other words: the flag the model guessed goes, the rest of its call stays.
    const guessed = modelSearching('what would you pack for a soggy weekend hike', {
      query: 'hiking boots',
      waterproof: true,
    });
    expect((await drain(guessed.model.chat({ chatCtx: guessed.chatCtx, toolCtx }))).calls).toEqual([
      { name: 'search_products', args: JSON.stringify({ query: 'hiking boots' }) },
    ]);
    // A field said by its label is as the words say it.
    const said = modelSearching('what would you pack for a hike, not waterproof', {
      query: 'hiking boots',
      waterproof: true,
    });
    expect((await drain(said.model.chat({ chatCtx: said.chatCtx, toolCtx }))).calls).toEqual([
      {
        name: 'search_products',
        args: JSON.stringify({ query: 'hiking boots', waterproof: false }),
      },
    ]);
  });

  it("asks for a detail the model filled with a placeholder in a business's own tool, and sends none", async () => {
    const booking = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'name for the booking' },
        notes: { type: 'string' },
        time: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
        party: { type: 'string', enum: ['two', 'four'] },
      },
      required: ['name', 'time'],
    };
    const toolCtx = withOwnTool('book_table', 'Book a table.', booking);
    const decisions: RouterDecision[] = [];
    const modelCalling = (args: Record<string, unknown>) =>
      new RoutedLLM(
        new voice.testing.FakeLLM([
          { input: 'book it for 7', type: 'llm', toolCalls: [{ name: 'book_table', args }] },
        ]),
        {
          catalog,
          style: { language: 'en-US', spoken: false },
          lookup,
          onDecision: (decision) => decisions.push(decision),
        },
      );
    const turn = () => {
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({ role: 'user', content: 'hi, this is ada lovelace' });
      chatCtx.addMessage({ role: 'user', content: 'book it for 7' });
      return chatCtx;
    };

    // A name nobody said ("John Doe") is one too: a small model books under one of its own.
    for (const placeholder of ['your_name', 'visitor_name', '<name>', 'Name', ' ', 'John Doe']) {
      const asked = await drain(
        modelCalling({ name: placeholder, time: '19:00' }).chat({ chatCtx: turn(), toolCtx }),
      );
      expect(asked, placeholder).toEqual({
        text: 'I still need your name for the booking for that. Could you tell me?',
        calls: [],
      });
      expect(decisions.at(-1)).toMatchObject({ by: 'template', rule: 'arguments.unsaid' });
    }
    // A value said passes, however cased; an optional placeholder is left out; a value the schema
    // bounds (a pattern, a choice) is the schema's to check, and no placeholder.
    const sent = await drain(
      modelCalling({
        name: 'Ada Lovelace',
        notes: 'window_seat',
        time: '19:00',
        party: 'two',
      }).chat({ chatCtx: turn(), toolCtx }),
    );
    expect(sent.calls).toEqual([
      {
        name: 'book_table',
        args: JSON.stringify({ name: 'Ada Lovelace', time: '19:00', party: 'two' }),
      },
    ]);
  });

  /** What the visitor gets when, after `said`, the model calls a business's `book_table` with `args`. */
  const modelBooking = (booking: object, said: string, args: Record<string, unknown>) => {
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: said });
    return drain(
      new RoutedLLM(
        new voice.testing.FakeLLM([
          { input: said, type: 'llm', toolCalls: [{ name: 'book_table', args }] },
        ]),
        { catalog, style: { language: 'en-US', spoken: false }, lookup },
      ).chat({ chatCtx, toolCtx: withOwnTool('book_table', 'Book a table.', booking) }),
    );
  };

  it("sends a business's own tool the time of day the visitor said, not the model's reading of it, and asks for one nobody said", async () => {
    const booking = {
      type: 'object',
      properties: { name: { type: 'string' }, time: { type: 'string' } },
      required: ['name', 'time'],
    };
    /** The model booking at `time` after the visitor said `said`. */
    const booked = (said: string, time: string) =>
      modelBooking(booking, said, { name: 'Ada Lovelace', time });
    const sent = await booked('ada lovelace, at a quarter past eight in the evening', '08:15');
    expect(sent.calls).toEqual([
      { name: 'book_table', args: JSON.stringify({ name: 'Ada Lovelace', time: '20:15' }) },
    ]);
    // No time said by anyone: the model's own is not sent, and the visitor is asked for one.
    const asked = await booked('ada lovelace, a table on friday', '19:30');
    expect(asked).toEqual({
      text: 'I still need your time for that. Could you tell me?',
      calls: [],
    });
  });

  it("sends a business's own tool the day and the count the visitor said, and says what the tool takes when it does not take theirs", async () => {
    const booking = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        guests: { type: 'integer', minimum: 1, maximum: 6, title: 'number of guests' },
        day: { type: 'string', enum: ['wednesday', 'thursday', 'friday', 'saturday'] },
      },
      required: ['name', 'guests', 'day'],
    };
    const booked = (said: string, args: Record<string, unknown>) =>
      modelBooking(booking, said, args);
    const sent = await booked('ada lovelace here, five of us on Friday', {
      name: 'Ada Lovelace',
      guests: 1,
      day: 'saturday',
    });
    expect(sent.calls).toEqual([
      {
        name: 'book_table',
        args: JSON.stringify({ name: 'Ada Lovelace', guests: 5, day: 'friday' }),
      },
    ]);
    // A count or a day the tool does not take is said, and the call not made; a day nobody named
    // is asked for.
    const asked: [string, Record<string, unknown>, string][] = [
      [
        'ada lovelace, we are nine people on friday',
        { guests: 1, day: 'friday' },
        'For the number of guests, I can only take 1–6. Which would you like?',
      ],
      [
        'ada lovelace, two of us on monday',
        { guests: 2, day: 'wednesday' },
        'For the day, I can only take wednesday, thursday, friday, or saturday. Which would you like?',
      ],
      [
        'ada lovelace, two of us please',
        { guests: 2, day: 'friday' },
        'I still need your day for that. Could you tell me?',
      ],
    ];
    for (const [said, args, text] of asked)
      expect(await booked(said, { name: 'Ada Lovelace', ...args }), said).toEqual({
        text,
        calls: [],
      });
  });

  it("asks for the email address the model made up for a business's own tool, and sends one that was said", async () => {
    const ticket = {
      type: 'object',
      properties: { email: { type: 'string', format: 'email' }, summary: { type: 'string' } },
      required: ['email', 'summary'],
    };
    const toolCtx = withOwnTool('open_ticket', 'Open a support ticket.', ticket);
    const call = (email: string, said: string) => {
      const model = new RoutedLLM(
        new voice.testing.FakeLLM([
          {
            input: said,
            type: 'llm',
            toolCalls: [{ name: 'open_ticket', args: { email, summary: 'router broken' } }],
          },
        ]),
        { catalog, style: { language: 'en-US', spoken: false }, lookup },
      );
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({ role: 'user', content: said });
      return drain(model.chat({ chatCtx, toolCtx }));
    };
    expect(await call('your_email@example.com', 'my router is broken, open a ticket')).toEqual({
      text: 'I still need your email for that. Could you tell me?',
      calls: [],
    });
    const sent = await call('kim.lee@mailbox.org', 'it is kim dot lee at mailbox dot org');
    expect(sent.calls.map((made) => made.name)).toEqual(['open_ticket']);
  });

  it("makes the call of a business's tool that the model's reply says it makes, in place of the words", async () => {
    const booking = {
      type: 'object',
      properties: { name: { type: 'string' }, day: { type: 'string' } },
      required: ['name', 'day'],
    };
    const toolCtx = withOwnTool('book_appointment', 'Book an appointment.', booking);
    /** Answers in words unless a tool is named: then calls it with `args`. */
    class Promising extends llm.LLM {
      readonly asked: unknown[] = [];
      constructor(
        public reply: string,
        public args: Record<string, unknown>,
      ) {
        super();
      }
      override label(): string {
        return 'promising';
      }
      chat(options: { chatCtx: llm.ChatContext; toolChoice?: llm.ToolChoice }): llm.LLMStream {
        this.asked.push(options.toolChoice ?? 'auto');
        const { reply, args } = this;
        const named = typeof options.toolChoice === 'object';
        return new (class extends llm.LLMStream {
          protected async run(): Promise<void> {
            this.queue.put(
              named
                ? {
                    id: 'forced',
                    delta: {
                      role: 'assistant',
                      toolCalls: [
                        llm.FunctionCall.create({
                          callId: 'call_forced',
                          name: 'book_appointment',
                          args: JSON.stringify(args),
                        }),
                      ],
                    },
                  }
                : { id: 'words', delta: { role: 'assistant', content: reply } },
            );
          }
        })(this, { chatCtx: options.chatCtx, toolCtx, connOptions: DEFAULT_API_CONNECT_OPTIONS });
      }
    }
    const decisions: RouterDecision[] = [];
    const routedOver = (inner: llm.LLM) =>
      new RoutedLLM(inner, {
        catalog,
        style: { language: 'en-US', spoken: false },
        lookup,
        grounded: true,
        onDecision: (decision) => decisions.push(decision),
      });
    const turn = (called = false) => {
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({ role: 'user', content: 'a trim on Tuesday please' });
      if (called)
        chatCtx.insert([
          llm.FunctionCall.create({ callId: 'c1', name: 'book_appointment', args: '{}' }),
          llm.FunctionCallOutput.create({
            callId: 'c1',
            name: 'book_appointment',
            output: '{"ok":true}',
            isError: false,
          }),
        ]);
      chatCtx.addMessage({ role: 'assistant', content: 'Could I have your name?' });
      chatCtx.addMessage({ role: 'user', content: "it's Ada Lovelace" });
      return chatCtx;
    };

    const promising = new Promising("Thank you. I'll book your appointment for Tuesday.", {
      name: 'Ada Lovelace',
      day: 'tuesday',
    });
    const booked = await drain(routedOver(promising).chat({ chatCtx: turn(), toolCtx }));
    expect(booked).toEqual({
      text: 'Thank you.',
      calls: [
        {
          name: 'book_appointment',
          args: JSON.stringify({ name: 'Ada Lovelace', day: 'tuesday' }),
        },
      ],
    });
    expect(promising.asked).toEqual([
      'auto',
      { type: 'function', function: { name: 'book_appointment' } },
    ]);
    expect(decisions.at(-1)).toMatchObject({ by: 'llm', rule: 'call.promised' });

    // Forced to call, the model filled a detail with a placeholder: the visitor is asked for it.
    const placeholder = new Promising("I'll book your appointment now.", {
      name: 'your_name',
      day: 'tuesday',
    });
    const asked = await drain(routedOver(placeholder).chat({ chatCtx: turn(), toolCtx }));
    expect(asked).toEqual({
      text: 'I still need your name for that. Could you tell me?',
      calls: [],
    });

    // The visitor's answer to the detail asked for makes the call, without the model's choice
    // (which answered "Understood." and called nothing); a question back is the model's to answer.
    const routed = routedOver(placeholder);
    const first = turn();
    await drain(routed.chat({ chatCtx: first, toolCtx }));
    const answered = (said: string) => {
      const chatCtx = first.copy();
      chatCtx.addMessage({ role: 'assistant', content: asked.text });
      chatCtx.addMessage({ role: 'user', content: said });
      return chatCtx;
    };
    placeholder.reply = 'Understood.';
    placeholder.args = { name: 'Grace Hopper', day: 'tuesday' };
    placeholder.asked.length = 0;
    const made = await drain(
      routed.chat({ chatCtx: answered('sorry, grace hopper it is'), toolCtx }),
    );
    expect(made.calls).toEqual([
      { name: 'book_appointment', args: JSON.stringify({ name: 'Grace Hopper', day: 'tuesday' }) },
    ]);
    expect(placeholder.asked).toEqual([
      { type: 'function', function: { name: 'book_appointment' } },
    ]);
    expect(decisions.at(-1)).toMatchObject({ by: 'llm', rule: 'call.asked' });
    placeholder.asked.length = 0;
    const questioned = await drain(
      routed.chat({ chatCtx: answered('do I need to give my surname'), toolCtx }),
    );
    expect(questioned).toEqual({ text: 'Understood.', calls: [] });
    expect(placeholder.asked).toEqual(['auto']);

    // A question promises nothing; nor does a reply about the call made for the visitor's last words.
    for (const [reply, called] of [
      ['Shall I book your appointment for Tuesday?', false],
      ['I have booked your appointment for Tuesday.', true],
    ] as const) {
      const words = new Promising(reply, {});
      const said = await drain(routedOver(words).chat({ chatCtx: turn(called), toolCtx }));
      expect(said, reply).toEqual({ text: reply, calls: [] });
      expect(words.asked).toEqual(['auto']);
    }
  });

  it('warms the model on the conversation as the turn it answers reads it, without the exchanges it did not know', async () => {
    const unknown = templatesFor('en-US')?.notKnown ?? '';
    /** Records what each turn and each warm-up was given, and answers in words. */
    class Recording extends llm.LLM {
      readonly turns: string[][] = [];
      readonly warmed: string[][] = [];
      override label(): string {
        return 'recording';
      }
      async warm(request: { chatCtx: llm.ChatContext }): Promise<void> {
        this.warmed.push(textsOf(request.chatCtx));
      }
      chat(options: { chatCtx: llm.ChatContext; toolCtx?: llm.ToolContextLike }): llm.LLMStream {
        this.turns.push(textsOf(options.chatCtx));
        return new (class extends llm.LLMStream {
          protected async run(): Promise<void> {
            this.queue.put({ id: 'words', delta: { role: 'assistant', content: 'Gladly.' } });
          }
        })(this, {
          chatCtx: options.chatCtx,
          ...(options.toolCtx ? { toolCtx: options.toolCtx } : {}),
          connOptions: DEFAULT_API_CONNECT_OPTIONS,
        });
      }
    }
    const textsOf = (chatCtx: llm.ChatContext) =>
      chatCtx.items.map((item) =>
        item.type === 'message' ? `${item.role}: ${item.textContent}` : item.type,
      );
    const toolCtx = withOwnTool('book_appointment', 'Book an appointment.', {
      type: 'object',
      properties: { day: { type: 'string' } },
    });
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'assistant', content: 'Hello! How can I help?' });
    chatCtx.addMessage({ role: 'user', content: 'is there parking nearby' });
    chatCtx.addMessage({ role: 'assistant', content: unknown });
    chatCtx.addMessage({ role: 'user', content: 'a trim on Tuesday please' });
    chatCtx.addMessage({ role: 'assistant', content: 'Could I have your name?' });

    const inner = new Recording();
    const routed = new RoutedLLM(inner, {
      catalog,
      style: { language: 'en-US', spoken: false },
      lookup,
      grounded: true,
    });
    // Between turns: the conversation so far.
    await routed.warm({ chatCtx });
    // The turn the model answers: the same, and the visitor's new words.
    const turn = chatCtx.copy();
    turn.addMessage({ role: 'user', content: "it's Ada Lovelace" });
    await drain(routed.chat({ chatCtx: turn, toolCtx }));

    const expected = [
      'assistant: Hello! How can I help?',
      'user: a trim on Tuesday please',
      'assistant: Could I have your name?',
    ];
    expect(inner.warmed).toEqual([expected]);
    expect(inner.turns).toEqual([[...expected, "user: it's Ada Lovelace"]]);
  });

  it('searches the documents for a turn the chooser names nothing for, never for an open question', async () => {
    const inner = new voice.testing.FakeLLM([
      { input: 'how do people usually pitch those?', type: 'llm', content: 'Stakes first.' },
    ]);
    const model = new RoutedLLM(inner, {
      catalog,
      style: { language: 'en-US', spoken: false },
      lookup,
      chooser: { answerJson: async () => JSON.stringify({ action: 'talk' }) },
      knowledgeTool: 'search_knowledge',
    });
    const toolCtx = {
      ...(routedToolContext() as Record<string, unknown>),
      search_knowledge: llm.tool({
        description: 'search the documents',
        parameters: { type: 'object', properties: {} } as never,
        execute: async () => undefined,
      }),
    } as never;
    const turn = (text: string) => {
      const chatCtx = llm.ChatContext.empty();
      chatCtx.addMessage({ role: 'user', content: text });
      return chatCtx;
    };
    expect(
      await drain(model.chat({ chatCtx: turn('how do people usually pitch those?'), toolCtx })),
    ).toEqual({
      text: 'Stakes first.',
      calls: [],
    });
    const searched = await drain(
      model.chat({ chatCtx: turn('my brother visits next week'), toolCtx }),
    );
    expect(searched.calls.map((call) => call.name)).toEqual(['search_knowledge']);
  });

  it('runs both removals of "remove them both" through the framework and answers them in one sentence', async () => {
    const cart = [
      { item_id: 'bag-1', collection_id: 1, quantity: 1, data: { name: 'Alpine Down Bag' } },
      { item_id: 'bag-2', collection_id: 1, quantity: 1, data: { name: 'Summit Synthetic Bag' } },
    ];
    const removed: string[] = [];
    const tools = routedToolsDoing((_name, args) => {
      removed.push(String(args.item_id));
      const left = cart.filter((line) => !removed.includes(line.item_id));
      return { ok: true, result: { name: 'cart', items: left, total_quantity: left.length } };
    });
    // The cart was shown just before: both lines are what "them both" means.
    const chatCtx = llm.ChatContext.empty();
    chatCtx.addMessage({ role: 'user', content: "what's in my cart" });
    chatCtx.insert(llm.FunctionCall.create({ callId: 'c1', name: 'show_cart', args: '{}' }));
    chatCtx.insert(
      llm.FunctionCallOutput.create({
        callId: 'c1',
        name: 'show_cart',
        output: JSON.stringify({
          ok: true,
          result: { name: 'cart', items: cart, total_quantity: 2 },
        }),
        isError: false,
      }),
    );
    const agent = new voice.Agent({ instructions: 'You help visitors.', tools, chatCtx });
    const session = new voice.AgentSession({
      llm: withRouter(new voice.testing.FakeLLM(), runtime, client, { spoken: false, limit: 5 }),
    });
    try {
      await session.start({ agent });
      await session.run({ userInput: 'remove them both from my cart' }).wait();
      expect(removed.sort()).toEqual(['bag-1', 'bag-2']);
      const said = session.history.items.flatMap((item) =>
        item.type === 'message' && item.role === 'assistant' ? [item.textContent] : [],
      );
      expect(said.at(-1)).toBe('I removed both from your cart. Your cart is empty now.');
    } finally {
      await session.close();
    }
  });

  it("ends the conversation after the model's reply that takes leave of a visitor who asked for nothing", async () => {
    /** One typed turn to a session whose model answers `reply`: what ended it and what was said. */
    async function turn(visitor: string, reply: string) {
      const ended: string[] = [];
      const decisions: RouterDecision[] = [];
      const tools = routedToolsDoing((name) => {
        ended.push(name);
        return { ok: true, note: 'The conversation ends after your goodbye.' };
      });
      const inner = new voice.testing.FakeLLM([{ input: visitor, type: 'llm', content: reply }]);
      const agent = new voice.Agent({ instructions: 'You help visitors.', tools });
      const session = new voice.AgentSession({
        llm: withRouter(inner, runtime, client, {
          spoken: false,
          limit: 5,
          onDecision: (decision) => decisions.push(decision),
        }),
      });
      try {
        await session.start({ agent });
        await session.run({ userInput: visitor }).wait();
        const said = session.history.items.flatMap((item) =>
          item.type === 'message' && item.role === 'assistant' ? [item.textContent] : [],
        );
        return { ended, said, rules: decisions.map((decision) => decision.rule) };
      } finally {
        await session.close();
      }
    }

    const parted = await turn('brilliant, much appreciated', 'My pleasure. Have a nice day!');
    expect(parted.ended).toEqual(['end_conversation']);
    // The model's goodbye is the last word: the end adds none of its own.
    expect(parted.said).toEqual(['My pleasure. Have a nice day!']);
    expect(parted.rules).toContain('end.agent-parting');

    // A reply that asks on, a visitor who asks for something, or a reply that does not part.
    for (const [visitor, reply] of [
      ['brilliant, much appreciated', 'Have a nice day! Is there anything else?'],
      ['brilliant, now how long does delivery take', 'Sure. Have a nice day!'],
      ['brilliant, much appreciated', 'My pleasure.'],
    ] as const) {
      const going = await turn(visitor, reply);
      expect(going.ended, `${visitor} / ${reply}`).toEqual([]);
    }
  });
});

describe('the words around a search', () => {
  it('reads a limit said the other way round ("nothing over", "not under") as the other bound', async () => {
    expect(args(await new Dialogue().say('fleece jackets but nothing over 80 dollars'))).toEqual({
      query: 'fleece jackets',
      max_price: 80,
    });
    expect(args(await new Dialogue().say('show me backpacks, not under 100 dollars'))).toEqual({
      category: 'backpacks',
      min_price: 100,
    });
    // A bound said after the amount.
    expect(args(await new Dialogue().say('show me backpacks, 90 dollars max'))).toEqual({
      category: 'backpacks',
      max_price: 90,
    });
    // A plain "no" answers the agent: it turns nothing.
    expect(args(await new Dialogue().say('no, backpacks over 100 dollars'))).toMatchObject({
      min_price: 100,
    });
  });

  it('takes a kind named after a preposition for where the item goes, when the item is named before it', async () => {
    expect(args(await new Dialogue().say('a lantern for my tent please'))).toEqual({
      query: 'lantern',
    });
    expect(args(await new Dialogue().say('I want socks to wear in my boots'))).toEqual({
      query: 'socks',
    });
    // Said alone, the kind is what is sought.
    expect(args(await new Dialogue().say('anything for the tent?'))).toMatchObject({
      category: 'tents',
    });
  });

  it('leaves a word of the catalogue that the visitor denies out of the search', async () => {
    const bags = await new Dialogue().say('down sleeping bags, not synthetic ones');
    expect(args(bags)).toEqual({ query: 'down', category: 'sleeping-bags' });
  });

  it('searches a kind named by its category with no verb, as it searches one named by an item word', async () => {
    expect(args(await new Dialogue().say('backpacks, please'))).toEqual({ category: 'backpacks' });
    expect(args(await new Dialogue().say('a lantern, please'))).toEqual({ query: 'lantern' });
  });

  it("reads a question after a greeting as a question, though a word of it is the catalogue's", async () => {
    // "Day" is a word of "Day Pack"; the question is small talk, the model's.
    expect(await new Dialogue().say('hello there, how was your day')).toBeUndefined();
    expect(args(await new Dialogue().say('hi there, do you have backpacks'))).toEqual({
      category: 'backpacks',
    });
  });

  it('takes a count of the shown item of a colour for that many of it, not for a look at it', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me rain jackets');
    const shown = await dialogue.say('the blue one');
    expect(tool(shown)).toBe('show_product');
    const route = await dialogue.say('three of the blue one please');
    expect(tool(route)).toBe('add_to_cart');
    expect(args(route)).toEqual({ item_id: args(shown)?.item_id, quantity: 3 });
  });

  it('shows the first few of what is shown side by side when asked to see them', async () => {
    const dialogue = new Dialogue();
    await dialogue.say('show me tents');
    const route = await dialogue.say('show me the first three');
    expect(tool(route)).toBe('compare_products');
    expect((args(route)?.item_ids as string[]).length).toBe(3);
  });
});
