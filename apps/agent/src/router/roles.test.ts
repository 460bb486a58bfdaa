// The router reads amounts and rankings through the roles a collection declares, never through
// its field names: a catalogue whose fields are German (`preis`, `gewicht_g`, `sterne`) ranks and
// limits as the demo does once its author has declared the roles, and not at all before.
import type { Collection } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import type { ChatEntry } from '../chat-entries.js';
import { routerCatalog, type RoutedTool } from './catalog.js';
import { conversationContext } from './context.js';
import { routeUtterance } from './intents.js';
import { displayReply } from './replies.js';
import { templatesFor } from '@svc/languages/replies';
import { testShop, type ShopLanguage } from './test-shops.js';

const ITEMS = [
  { id: 'k-1', name: 'Trail Stove', art: 'kocher', preis: 80, gewicht_g: 450, sterne: 4.1 },
  { id: 'k-2', name: 'Pocket Stove', art: 'kocher', preis: 45, gewicht_g: 120, sterne: 4.8 },
  { id: 'k-3', name: 'Camp Stove', art: 'kocher', preis: 30, gewicht_g: 1300, sterne: 3.9 },
];

/** The catalogue, its fields' roles declared or not. */
function catalogue(declared: boolean): Collection {
  return {
    id: 7,
    name: 'Ausrüstung',
    description: 'Stoves for the trail',
    company_id: 1,
    search_fields: [{ name: 'name', index_type: 'text' }],
    filter_fields: [
      {
        name: 'Art',
        filter_key: 'art',
        field_type: 'enum',
        enum_options: [{ value: 'kocher', label: 'Stoves' }],
        ...(declared ? { role: 'category' as const } : {}),
      },
      {
        name: 'Preis',
        filter_key: 'preis',
        field_type: 'number',
        ...(declared ? { role: 'price' as const, unit: 'EUR' } : {}),
      },
      {
        name: 'Gewicht',
        filter_key: 'gewicht_g',
        field_type: 'number',
        ...(declared ? { role: 'weight' as const, unit: 'g' } : {}),
      },
      {
        name: 'Sterne',
        filter_key: 'sterne',
        field_type: 'number',
        ...(declared ? { role: 'rating' as const } : {}),
      },
    ],
  };
}

function shop(declared: boolean) {
  const collection = catalogue(declared);
  const tools: RoutedTool[] = [
    { name: 'search_products', operation: 'search', collection },
    { name: 'show_product', operation: 'display', collection },
  ];
  const catalog = routerCatalog({
    language: 'en-US',
    tools,
    collections: [collection],
    itemNames: ITEMS.map((item) => item.name),
  });
  // The stoves were shown: a search for them and its result.
  const shown: ChatEntry[] = [
    { type: 'message', role: 'user', text: 'show me stoves' },
    { type: 'function_call', callId: 'call_1', name: 'search_products', args: '{"art":"kocher"}' },
    {
      type: 'function_call_output',
      callId: 'call_1',
      name: 'search_products',
      output: JSON.stringify({
        ok: true,
        result: { collection_id: 7, count: ITEMS.length, items: ITEMS },
      }),
      isError: false,
    },
  ];
  const operation = (name: string) => tools.find((tool) => tool.name === name)?.operation;
  return {
    catalog,
    route: (text: string, entries: ChatEntry[] = []) =>
      routeUtterance(text, conversationContext(entries, operation), catalog),
    shown,
  };
}

const argsOf = (route: Awaited<ReturnType<ReturnType<typeof shop>['route']>>) =>
  route?.kind === 'tool' ? route.args : undefined;

describe('field roles in the router', () => {
  it('reads a weight limit in the unit the weight field is kept in', async () => {
    const { route } = shop(true);
    expect(argsOf(await route('do you have stoves under two pounds'))).toMatchObject({
      art: 'kocher',
      max_gewicht_g: 907.18,
    });
    expect(argsOf(await route('do you have stoves under 8 ounces'))).toMatchObject({
      max_gewicht_g: 226.8,
    });
    expect(argsOf(await route('do you have stoves under 1 kilo'))).toMatchObject({
      max_gewicht_g: 1000,
    });
    expect(argsOf(await route('do you have stoves between 1 and 2 pounds'))).toMatchObject({
      min_gewicht_g: 453.59,
      max_gewicht_g: 907.18,
    });
  });

  it("converts a weight said in each language's units to the field's grams", async () => {
    const asked: [ShopLanguage, string][] = [
      ['fr-FR', 'avez-vous des tentes de moins de 2 kilos'],
      ['de-DE', 'habt ihr Zelte unter 2 Kilo'],
      ['es-ES', 'tienen tiendas de menos de 2 kilos'],
    ];
    for (const [language, text] of asked) {
      const { catalog } = testShop(language);
      const route = await routeUtterance(
        text,
        conversationContext([], () => 'search'),
        catalog,
      );
      expect(argsOf(route), text).toMatchObject({ max_weight_g: 2000 });
    }
  });

  it('reads a price limit said in a currency for the price field, whatever its name', async () => {
    const { route } = shop(true);
    const args = argsOf(await route('do you have stoves under 50 bucks'));
    expect(args).toMatchObject({ art: 'kocher', max_preis: 50 });
    expect(args).not.toHaveProperty('max_gewicht_g');
  });

  it('ranks what was shown by the field that plays the role', async () => {
    const { route, shown } = shop(true);
    const pick = async (text: string) => {
      const picked = await route(text, shown);
      return picked?.kind === 'tool' ? picked.args.item_id : undefined;
    };
    expect(await pick('show me the cheapest one')).toBe('k-3');
    expect(await pick('show me the lightest one')).toBe('k-2');
    expect(await pick('show me the best rated one')).toBe('k-2');
  });

  it('guesses nothing from names when no role is declared', async () => {
    const { route, shown } = shop(false);
    const args = argsOf(await route('do you have stoves under 50 bucks'));
    expect(args ?? {}).not.toHaveProperty('max_preis');
    const picked = await route('show me the cheapest one', shown);
    expect(picked?.kind === 'tool' && picked.args.item_id).not.toBe('k-3');
  });

  it('says the price and weight from the declared fields in a reply', () => {
    const { catalog } = shop(true);
    const result = { ok: true, result: { item_id: 'k-2', data: ITEMS[1] } };
    const turn = { operation: 'display' as const, args: {}, result, isError: false, request: '' };
    const templates = templatesFor('en-US');
    if (!templates) throw new Error('no English templates');
    const style = { language: 'en-US', spoken: true };
    const reply = displayReply(turn, { ...style, roles: catalog.roles }, templates);
    expect(reply).toContain('45 dollars');
    expect(reply).toContain('120 grams');
    expect(displayReply(turn, style, templates)).not.toContain('45');
  });
});
