// Rankings by a field the visitor names ("the most storage", "l'écran le plus grand"): any
// catalogue's numeric fields, by their labels, in each language the router speaks.
import type { Collection, FilterField } from '@svc/protocol';
import { describe, expect, it } from 'vitest';
import { routerCatalog, type RoutedTool } from './catalog.js';
import type { ConversationContext, SeenItem } from './context.js';
import { routeUtterance } from './intents.js';
import { rankingOf } from './references.js';
import { readsStem } from './unread.js';
import { words } from './text.js';
import { lexiconFor } from '@svc/languages/router';

/** A device shop's fields, labelled in its language: two with roles, three without. */
function devices(labels: { price: string; screen: string; battery: string; storage: string }) {
  const number = (name: string, filter_key: string, role?: 'price'): FilterField => ({
    name,
    filter_key,
    field_type: 'number',
    ...(role ? { role } : {}),
  });
  const collection: Collection = {
    id: 1,
    name: 'Devices',
    description: '',
    company_id: 1,
    filter_fields: [
      number(labels.price, 'price', 'price'),
      number(labels.screen, 'screen_in'),
      number(labels.battery, 'battery_hours'),
      number(labels.storage, 'storage_gb'),
    ],
  };
  const tool = (name: string, operation: RoutedTool['operation']): RoutedTool => ({
    name,
    operation,
    collection,
  });
  return {
    collection,
    tools: [
      tool('find_devices', 'search'),
      tool('show_device', 'display'),
      tool('add_to_basket', 'cart_add'),
    ],
  };
}

const ITEMS: SeenItem[] = [
  {
    id: 'a',
    name: 'Pulse',
    fields: { price: 400, screen_in: 6.1, battery_hours: 20, storage_gb: 128 },
  },
  {
    id: 'b',
    name: 'Nova',
    fields: { price: 250, screen_in: 6.7, battery_hours: 30, storage_gb: 64 },
  },
  {
    id: 'c',
    name: 'Lumen',
    fields: { price: 600, screen_in: 5.8, battery_hours: 15, storage_gb: 512 },
  },
];

const shown: ConversationContext = {
  shown: ITEMS,
  compared: [],
  focus: undefined,
  cart: undefined,
  last: 'search',
};

const CASES = [
  {
    language: 'en-US',
    labels: {
      price: 'Price',
      screen: 'Screen size (inches)',
      battery: 'Battery life (hours)',
      storage: 'Storage (GB)',
    },
    ranks: [
      ['which one has the most storage', 'storage_gb', 'descending'],
      ['the biggest screen', 'screen_in', 'descending'],
      ['which has the shortest battery life', 'battery_hours', 'ascending'],
      // A field measured in hours is named by the verbs of lasting too.
      ['the one that runs the longest', 'battery_hours', 'descending'],
    ],
    bounds: ['phones with at least 128 GB of storage', 'more than 6 inches of screen'],
    pick: ['which one has the most storage', 'c'],
  },
  {
    language: 'fr-FR',
    labels: {
      price: 'Prix',
      screen: "Taille d'écran (pouces)",
      battery: 'Autonomie (heures)',
      storage: 'Stockage (Go)',
    },
    ranks: [
      ['lequel a le plus de stockage', 'storage_gb', 'descending'],
      ["celui avec l'écran le plus grand", 'screen_in', 'descending'],
      ["celui qui a le moins d'autonomie", 'battery_hours', 'ascending'],
      ['celui qui tient le plus longtemps', 'battery_hours', 'descending'],
    ],
    bounds: ['des téléphones avec au moins 128 Go de stockage', 'un stockage de 128 Go au plus'],
    pick: ['lequel a le plus de stockage ?', 'c'],
  },
  {
    language: 'es-ES',
    labels: {
      price: 'Precio',
      screen: 'Tamaño de pantalla (pulgadas)',
      battery: 'Batería (horas)',
      storage: 'Almacenamiento (GB)',
    },
    ranks: [
      ['¿cuál tiene más almacenamiento?', 'storage_gb', 'descending'],
      ['la de pantalla más grande', 'screen_in', 'descending'],
      ['la que tiene menos batería', 'battery_hours', 'ascending'],
      ['el que más dura', 'battery_hours', 'descending'],
    ],
    bounds: ['teléfonos con más de 128 GB de almacenamiento'],
    pick: ['¿cuál tiene más almacenamiento?', 'c'],
  },
  {
    language: 'de-DE',
    labels: {
      price: 'Preis',
      screen: 'Bildschirmgröße (Zoll)',
      battery: 'Akkulaufzeit (Stunden)',
      storage: 'Speicher (GB)',
    },
    ranks: [
      ['welches hat den meisten Speicher', 'storage_gb', 'descending'],
      ['das mit der längsten Akkulaufzeit', 'battery_hours', 'descending'],
      ['das mit dem kleinsten Speicher', 'storage_gb', 'ascending'],
      ['welches hält am längsten', 'battery_hours', 'descending'],
    ],
    bounds: ['Handys mit mindestens 128 GB Speicher'],
    pick: ['welches hat den meisten Speicher?', 'c'],
  },
] as const;

describe('rankings by a field the visitor names', () => {
  for (const { language, labels, ranks, bounds, pick } of CASES) {
    const { collection, tools } = devices(labels);
    const catalog = routerCatalog({ language, tools, collections: [collection], itemNames: [] });
    const lexicon = catalog.lexicon!;

    it(`reads the field a ${language} ranking names by its label`, () => {
      for (const [said, field, order] of ranks) {
        const ranking = rankingOf(words(said, lexicon), lexicon);
        expect(ranking?.field, said).toBe(field);
        expect(ranking?.order, said).toBe(order);
      }
    });

    it(`takes a ${language} bound on a field for a limit, not a ranking`, () => {
      for (const said of bounds)
        expect(rankingOf(words(said, lexicon), lexicon), said).toBeUndefined();
    });

    it(`shows the shown item at the top of a ${language} ranking by a named field`, async () => {
      const [said, id] = pick;
      const route = await routeUtterance(said, shown, catalog, undefined);
      expect(route?.kind === 'tool' && route.tool.name, said).toBe('show_device');
      expect(route?.kind === 'tool' && route.args, said).toEqual({ item_id: id });
    });
  }

  it('reads a ranking word that opens a request as a preference, not a ranking', () => {
    const lexicon = lexiconFor('es-ES')!;
    // "Mejor" before a verb of a request is "rather"; before an item it is "best".
    expect(rankingOf(words('mejor enséñame las tiendas', lexicon), lexicon)).toBeUndefined();
    expect(rankingOf(words('mejor pon dos', lexicon), lexicon)).toBeUndefined();
    expect(rankingOf(words('la mejor, añádela', lexicon), lexicon)).toBeDefined();
    expect(rankingOf(words('enséñame la mejor', lexicon), lexicon)).toBeDefined();
  });

  it('ranks by nothing when the words name no field, or a role ranking says it', () => {
    const { collection, tools } = devices(CASES[0].labels);
    const catalog = routerCatalog({
      language: 'en-US',
      tools,
      collections: [collection],
      itemNames: [],
    });
    const lexicon = catalog.lexicon!;
    expect(rankingOf(words('which one is the longest', lexicon), lexicon)).toBeUndefined();
    // Lasting names a field only where one is measured in time.
    const charged = devices({ ...CASES[0].labels, battery: 'Battery capacity (mAh)' });
    const untimed = routerCatalog({
      language: 'en-US',
      tools: charged.tools,
      collections: [charged.collection],
      itemNames: [],
    }).lexicon!;
    expect(rankingOf(words('the one that runs the longest', untimed), untimed)).toBeUndefined();
    // Nor are they words the router reads there: "does it run on batteries?" asks what the
    // conversation may not hold.
    const reads = readsStem(
      routerCatalog({
        language: 'en-US',
        tools: charged.tools,
        collections: [charged.collection],
        itemNames: [],
      }),
      untimed,
    );
    expect(reads(untimed.stem('runs'))).toBe(false);
    // "Cheapest" is the price's role ranking, not a named field.
    expect(rankingOf(words('the cheapest one', lexicon), lexicon)?.field).toBe('price');
  });
});
