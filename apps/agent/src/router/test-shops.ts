// Small shops in French, Spanish and German for the router's tests: the demo catalogue's item
// names are English, so each language gets a catalogue of its own (same ids, same prices, same
// fields), and a dialogue that runs the routed tools against it in memory, answering in the
// shapes the agent's tools answer in.
import type { Collection } from '@svc/protocol';
import type { ChatEntry } from '../chat-entries.js';
import { filtersFromArgs } from '../tools.js';
import { routerCatalog, type RoutedTool, type RouterCatalog } from './catalog.js';
import { conversationContext, itemsOf, seenItem, toolResultOf, type SeenItem } from './context.js';
import { routeUtterance, type ItemLookup, type LookupSort, type Route } from './intents.js';
import { lexiconFor, type Lexicon } from '@svc/languages/router';
import { words } from './text.js';

/** A language the test shops are written in. */
export type ShopLanguage = 'fr-FR' | 'es-ES' | 'de-DE';

/** An item of a test shop. */
export interface ShopItem {
  id: string;
  name: string;
  category: string;
  color: string;
  brand: string;
  price: number;
  weight_g: number;
  waterproof: boolean;
}

interface Texts {
  categories: Record<string, string>;
  colors: Record<string, string>;
  fields: {
    category: string;
    color: string;
    brand: string;
    price: string;
    weight: string;
    waterproof: string;
  };
  names: Record<string, string>;
}

const TEXTS: Record<ShopLanguage, Texts> = {
  'fr-FR': {
    categories: {
      tents: 'Tentes',
      'sleeping-bags': 'Sacs de couchage',
      backpacks: 'Sacs à dos',
      footwear: 'Chaussures',
      lighting: 'Éclairage',
      jackets: 'Vestes',
      accessories: 'Accessoires',
    },
    colors: { red: 'Rouge', blue: 'Bleu', green: 'Vert', black: 'Noir' },
    fields: {
      category: 'Catégorie',
      color: 'Couleur',
      brand: 'Marque',
      price: 'Prix',
      weight: 'Poids',
      waterproof: 'Imperméable',
    },
    names: {
      'tent-1': 'Tente Nomade 2 places',
      'tent-2': 'Tente Légère Ultra',
      'tent-3': 'Tente Familiale 4 places',
      'bag-1': 'Sac de couchage en duvet',
      'bag-2': 'Sac de couchage synthétique',
      'pack-1': 'Sac à dos de randonnée 30 L',
      'boot-1': 'Chaussures de randonnée',
      'lamp-1': 'Lampe frontale',
      'jacket-1': 'Veste de pluie',
      'jacket-2': 'Veste polaire',
      'socks-1': 'Chaussettes en laine',
      'socks-2': 'Chaussettes de randonnée',
    },
  },
  'es-ES': {
    categories: {
      tents: 'Tiendas de campaña',
      'sleeping-bags': 'Sacos de dormir',
      backpacks: 'Mochilas',
      footwear: 'Calzado',
      lighting: 'Iluminación',
      jackets: 'Chaquetas',
      accessories: 'Accesorios',
    },
    colors: { red: 'Rojo', blue: 'Azul', green: 'Verde', black: 'Negro' },
    fields: {
      category: 'Categoría',
      color: 'Color',
      brand: 'Marca',
      price: 'Precio',
      weight: 'Peso',
      waterproof: 'Impermeable',
    },
    names: {
      'tent-1': 'Tienda de campaña Nómada 2 plazas',
      'tent-2': 'Tienda de campaña Ultraligera',
      'tent-3': 'Tienda de campaña Familiar 4 plazas',
      'bag-1': 'Saco de dormir de plumas',
      'bag-2': 'Saco de dormir sintético',
      'pack-1': 'Mochila de senderismo 30 L',
      'boot-1': 'Botas de montaña',
      'lamp-1': 'Linterna frontal',
      'jacket-1': 'Chaqueta de lluvia',
      'jacket-2': 'Chaqueta polar',
      'socks-1': 'Calcetines de lana',
      'socks-2': 'Calcetines de senderismo',
    },
  },
  'de-DE': {
    categories: {
      tents: 'Zelte',
      'sleeping-bags': 'Schlafsäcke',
      backpacks: 'Rucksäcke',
      footwear: 'Schuhe',
      lighting: 'Beleuchtung',
      jackets: 'Jacken',
      accessories: 'Zubehör',
    },
    colors: { red: 'Rot', blue: 'Blau', green: 'Grün', black: 'Schwarz' },
    fields: {
      category: 'Kategorie',
      color: 'Farbe',
      brand: 'Marke',
      price: 'Preis',
      weight: 'Gewicht',
      waterproof: 'Wasserdicht',
    },
    names: {
      'tent-1': 'Zelt Nomade 2 Personen',
      'tent-2': 'Ultraleichtes Zelt',
      'tent-3': 'Familienzelt 4 Personen',
      'bag-1': 'Daunenschlafsack',
      'bag-2': 'Schlafsack Synthetik',
      'pack-1': 'Wanderrucksack 30 L',
      'boot-1': 'Wanderschuhe',
      'lamp-1': 'Stirnlampe',
      'jacket-1': 'Regenjacke',
      'jacket-2': 'Alpina Fleecejacke',
      'socks-1': 'Merino Socken',
      'socks-2': 'Trekking Socken',
    },
  },
};

/** The shop's items, language aside: ids, kinds, colours, brands, prices, weights. */
const ITEMS: Omit<ShopItem, 'name'>[] = [
  item('tent-1', 'tents', 'green', 'North Peak', 189, 2100, true),
  item('tent-2', 'tents', 'red', 'Alpina', 249, 1300, true),
  item('tent-3', 'tents', 'blue', 'North Peak', 329, 4800, false),
  item('bag-1', 'sleeping-bags', 'red', 'Alpina', 159, 900, false),
  item('bag-2', 'sleeping-bags', 'blue', 'North Peak', 79, 1400, false),
  item('pack-1', 'backpacks', 'black', 'Alpina', 99, 1100, false),
  item('boot-1', 'footwear', 'black', 'North Peak', 139, 1200, true),
  item('lamp-1', 'lighting', 'black', 'Alpina', 39, 90, false),
  item('jacket-1', 'jackets', 'red', 'North Peak', 119, 400, true),
  item('jacket-2', 'jackets', 'green', 'Alpina', 59, 500, false),
  item('socks-1', 'accessories', 'black', 'Alpina', 19, 80, false),
  item('socks-2', 'accessories', 'blue', 'North Peak', 15, 70, false),
];

function item(
  id: string,
  category: string,
  color: string,
  brand: string,
  price: number,
  weight_g: number,
  waterproof: boolean,
): Omit<ShopItem, 'name'> {
  return { id, category, color, brand, price, weight_g, waterproof };
}

/** A test shop: its collection, items, routed tools, router catalogue and catalogue lookup. */
export interface TestShop {
  language: ShopLanguage;
  collection: Collection;
  items: ShopItem[];
  tools: RoutedTool[];
  catalog: RouterCatalog;
  lookup: ItemLookup;
  /** Finds items as the collection search would (any word of the query, the filters). */
  search: (query: string, args: Record<string, unknown>, sort?: LookupSort) => ShopItem[];
}

/** The test shop of a language. */
export function testShop(language: ShopLanguage): TestShop {
  const texts = TEXTS[language];
  const options = (labels: Record<string, string>) =>
    Object.entries(labels).map(([value, label]) => ({ value, label }));
  const collection: Collection = {
    id: 1,
    name: texts.fields.category,
    description: '',
    company_id: 1,
    search_fields: [{ name: 'name', index_type: 'text' }],
    filter_fields: [
      {
        name: texts.fields.category,
        filter_key: 'category',
        field_type: 'enum',
        enum_options: options(texts.categories),
        role: 'category',
      },
      {
        name: texts.fields.color,
        filter_key: 'color',
        field_type: 'enum',
        enum_options: options(texts.colors),
        role: 'colour',
      },
      {
        name: texts.fields.brand,
        filter_key: 'brand',
        field_type: 'enum',
        enum_options: [
          { value: 'North Peak', label: 'North Peak' },
          { value: 'Alpina', label: 'Alpina' },
        ],
        role: 'brand',
      },
      { name: texts.fields.price, filter_key: 'price', field_type: 'number', role: 'price' },
      {
        name: texts.fields.weight,
        filter_key: 'weight_g',
        field_type: 'number',
        role: 'weight',
        unit: 'g',
      },
      { name: texts.fields.waterproof, filter_key: 'waterproof', field_type: 'boolean' },
    ],
  };
  const items = ITEMS.map((entry) => ({ ...entry, name: texts.names[entry.id] ?? entry.id }));
  const operations = [
    ['search_products', 'search'],
    ['show_product', 'display'],
    ['compare_products', 'compare'],
    ['add_to_cart', 'cart_add'],
    ['remove_from_cart', 'cart_remove'],
    ['show_cart', 'cart_list'],
    ['end_conversation', 'end'],
  ] as const;
  const tools: RoutedTool[] = operations.map(([name, operation]) => ({
    name,
    operation,
    collection,
  }));
  const catalog = routerCatalog({
    language,
    tools,
    collections: [collection],
    itemNames: items.map((entry) => entry.name),
  });
  const lexicon = lexiconOf(language);
  const search = (query: string, args: Record<string, unknown>, sort?: LookupSort) => {
    const filters = filtersFromArgs(collection, args);
    const wanted = words(query, lexicon).map(lexicon.stem);
    const hits = (entry: ShopItem) => {
      const own = words(entry.name, lexicon).map(lexicon.stem);
      return wanted.filter((word) => own.includes(word)).length;
    };
    const found = items.filter((entry) => {
      const record = entry as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(filters)) {
        if (value && typeof value === 'object') {
          const { min, max } = value as { min?: number; max?: number };
          const field = Number(record[key]);
          if ((min !== undefined && field < min) || (max !== undefined && field > max))
            return false;
        } else if (record[key] !== value) return false;
      }
      return wanted.length === 0 || hits(entry) > 0;
    });
    // The most words of the query first, as a relevance ranking would.
    found.sort((a, b) => hits(b) - hits(a));
    if (sort) {
      const sign = sort.order === 'asc' ? 1 : -1;
      found.sort(
        (a, b) =>
          sign *
          (Number((a as unknown as Record<string, unknown>)[sort.field]) -
            Number((b as unknown as Record<string, unknown>)[sort.field])),
      );
    }
    return found.slice(0, 5);
  };
  const lookup: ItemLookup = async (_tool, query, filters, sort) =>
    search(query, filters, sort)
      .map((entry) => seenItem(entry))
      .filter((entry) => entry !== undefined);
  return { language, collection, items, tools, catalog, lookup, search };
}

/** A conversation with a test shop: routes each utterance and runs the routed tool in memory. */
export class ShopDialogue {
  readonly entries: ChatEntry[] = [];
  readonly cart = new Map<string, number>();
  #calls = 0;

  constructor(readonly shop: TestShop) {}

  operation(name: string) {
    return this.shop.tools.find((tool) => tool.name === name)?.operation;
  }

  /** Routes the utterance in the conversation so far and runs what was routed. */
  async say(text: string): Promise<Route | undefined> {
    const context = conversationContext(this.entries, (name) => this.operation(name));
    const route = await routeUtterance(text, context, this.shop.catalog, this.shop.lookup);
    this.entries.push({ type: 'message', role: 'user', text });
    // The route's calls, then the call it makes once they answered (a swap's addition).
    for (let step = route?.kind === 'tool' ? route : undefined; step; step = step.next)
      for (const args of [step.args, ...(step.also ?? [])]) this.run(step.tool.name, args);
    return route;
  }

  /** Runs a tool as the agent's tools would, recording the call and its output. */
  run(name: string, args: Record<string, unknown>): string {
    const operation = this.operation(name);
    const byId = (id: unknown) => this.shop.items.find((entry) => entry.id === String(id));
    let result: unknown;
    if (operation === 'search') {
      const found = this.shop.search(typeof args.query === 'string' ? args.query : '', args);
      result = { collection_id: 1, count: found.length, items: found };
    } else if (operation === 'display') result = byId(args.item_id);
    else if (operation === 'compare')
      result = { items: (args.item_ids as string[]).map(byId).filter(Boolean) };
    else if (operation === 'cart_add' || operation === 'cart_remove' || operation === 'cart_list') {
      const id = String(args.item_id ?? '');
      if (operation === 'cart_add') {
        const quantity = typeof args.quantity === 'number' ? args.quantity : 1;
        this.cart.set(id, (this.cart.get(id) ?? 0) + quantity);
      }
      if (operation === 'cart_remove') this.cart.delete(id);
      result = this.cartView();
    } else result = {};
    const output = JSON.stringify({ ok: true, shown_on_page: true, result });
    const callId = `call_${(this.#calls += 1)}`;
    this.entries.push({ type: 'function_call', callId, name, args: JSON.stringify(args) });
    this.entries.push({ type: 'function_call_output', callId, name, output, isError: false });
    return output;
  }

  /** The cart as the cart tools answer it. */
  cartView() {
    const items = [...this.cart].map(([id, quantity]) => ({
      item_id: id,
      collection_id: 1,
      quantity,
      data: this.shop.items.find((entry) => entry.id === id),
    }));
    const total = items.reduce((sum, line) => sum + line.quantity, 0);
    return { name: 'cart', items, total_quantity: total };
  }

  /** The items the last tool output listed. */
  lastItems(): SeenItem[] {
    const last = [...this.entries].reverse().find((entry) => entry.type === 'function_call_output');
    return last?.type === 'function_call_output' ? itemsOf(toolResultOf(last.output)?.result) : [];
  }
}

/** The router's lexicon of a language a test names: one that has none fails the test. */
export function lexiconOf(language: string): Lexicon {
  const lexicon = lexiconFor(language);
  if (!lexicon) throw new Error(`no lexicon for ${language}`);
  return lexicon;
}
