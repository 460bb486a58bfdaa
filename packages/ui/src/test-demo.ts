// Data shaped as the seeded demo sends it (apps/api's seed, the agent's tool data), and a fake
// `fetch` that answers the public API's identify and session routes and the visitor's bucket
// routes with the API's shapes. Excluded from the build by its name.
import type { Collection, FeatureDefinition } from '@svc/protocol';
import type { Bucket } from '@svc/protocol/content';

/** The demo collection as the config delivers it. */
export const DEMO_COLLECTION: Collection = {
  id: 1,
  name: 'Trailhead products',
  description: 'Outdoor gear',
  company_id: 1,
  view: {
    template: 'product-card',
    mapping: {
      title: '{{name}}',
      subtitle: '{{brand}} · {{color}}',
      price: '{{price}} USD',
      body: '{{description}}',
    },
  },
  search_fields: [{ name: 'name', index_type: 'text' }],
  filter_fields: [
    {
      name: 'Category',
      filter_key: 'category',
      field_type: 'enum',
      enum_options: [{ value: 'tents', label: 'Tents' }],
    },
    { name: 'Price', filter_key: 'price', field_type: 'number' },
    { name: 'Waterproof', filter_key: 'waterproof', field_type: 'boolean' },
  ],
};

/** Two demo products' data. */
export const RIDGE = {
  name: 'Ridge 2 Tent',
  category: 'tents',
  brand: 'North Peak',
  color: 'green',
  price: 249.99,
  weight_g: 2100,
  rating: 4.5,
  waterproof: true,
  in_stock: true,
  description: 'A two-person tent for windy ridges.',
};
export const SUMMIT = {
  ...RIDGE,
  name: 'Summit 3 Tent',
  brand: 'Summit',
  color: 'orange',
  price: 389.99,
  weight_g: 2900,
  waterproof: false,
  description: 'Room for three.',
};

/** What the agent sends the search tool: its arguments and the compact search result. */
export const SEARCH_ARGS = {
  query: 'tent',
  category: 'tents',
  max_price: 400,
  waterproof: true,
  result: {
    collection_id: 1,
    count: 2,
    items: [
      { id: 'TENT-1', ...RIDGE },
      { id: 'TENT-2', ...SUMMIT },
    ],
    note: 'Nothing matched every filter (waterproof); these match the words of the search.',
  },
};

/** What the agent sends the show tool: the API's display data. */
export const DISPLAY_ARGS = {
  item_id: 'TENT-1',
  result: {
    collection_id: 1,
    id: 'TENT-1',
    data: RIDGE,
    view: {
      title: 'Ridge 2 Tent',
      subtitle: 'North Peak · green',
      price: '249.99 USD',
      body: 'A two-person tent for windy ridges.',
    },
  },
};

/** What the agent sends the compare tool: the API's comparison data. */
export const COMPARE_ARGS = {
  item_ids: ['TENT-1', 'TENT-2'],
  result: {
    collection_id: 1,
    items: [
      { collection_id: 1, id: 'TENT-1', data: RIDGE },
      { collection_id: 1, id: 'TENT-2', data: SUMMIT },
    ],
    rows: [
      { field: 'category', values: ['tents', 'tents'] },
      { field: 'price', values: [249.99, 389.99] },
      { field: 'waterproof', values: [true, false] },
      { field: 'weight_g', values: [2100, null] },
    ],
  },
};

/** A cart as the bucket routes answer it. */
export function demoBucket(
  lines: { id: string; quantity: number; data?: Record<string, unknown> | null }[],
  updatedAt = '2026-11-24T04:00:00.000Z',
): Bucket {
  return {
    name: 'cart',
    items: lines.map((line) => ({
      collection_id: 1,
      item_id: line.id,
      quantity: line.quantity,
      added_at: '2026-11-24T03:59:00.000Z',
      data: line.data === undefined ? (line.id === 'TENT-2' ? SUMMIT : RIDGE) : line.data,
    })),
    total_quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    updated_at: updatedAt,
  };
}

/** The demo scenario's features, as `session.rawConfig.features`. */
export const DEMO_FEATURES: FeatureDefinition[] = [
  {
    name: { en: 'Product search' },
    type: 'collection:items:search',
    settings: {},
    tools: [{ name: 'search_products', type: 'frontend' }],
  },
  {
    name: { en: 'Product details' },
    type: 'collection:items:display',
    settings: {},
    tools: [{ name: 'show_product', type: 'frontend' }],
  },
  {
    name: { en: 'Compare products' },
    type: 'collection:items:comparison',
    settings: { max_items: 3 },
    tools: [{ name: 'compare_products', type: 'frontend' }],
  },
  {
    name: { en: 'Cart' },
    type: 'bucket:list:crud',
    settings: {},
    tools: [
      { name: 'add_to_cart', type: 'frontend' },
      { name: 'remove_from_cart', type: 'frontend' },
      { name: 'show_cart', type: 'frontend' },
    ],
  },
  {
    name: { en: 'End the conversation' },
    type: 'workflow:conversation:end',
    settings: {},
    tools: [{ name: 'end_conversation', type: 'server' }],
  },
];

/** An unsigned JWT the client accepts (it never verifies signatures). */
function visitorToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: '10', company_id: 1, application_id: 2, scenario_uuid: 'pub-1' };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, iat: now, exp: now + 3600 })}.c2ln`;
}

/** A request the fake API received. */
export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fake `fetch` playing the API: identify, session start, and the visitor's `cart` bucket kept
 * in memory (get, set a quantity, remove a line), answering whole buckets as the API does.
 */
export function fakeApi(initial: Bucket) {
  let bucket = initial;
  let clock = Date.parse(initial.updated_at);
  const requests: FakeRequest[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const change = (items: Bucket['items']) => {
    clock += 1000;
    bucket = {
      ...bucket,
      items,
      total_quantity: items.reduce((sum, line) => sum + line.quantity, 0),
      updated_at: new Date(clock).toISOString(),
    };
    return json(200, bucket);
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input.toString());
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, path: url.pathname, body });
    if (url.pathname === '/v1/public/token')
      return json(200, {
        user_token: visitorToken(),
        user_id: 10,
        application_id: 2,
        expires_in: 3600,
      });
    if (url.pathname === '/v1/public/session')
      return json(200, { rt_token: 'rt', rt_url: 'ws://127.0.0.1:7880', expires_in: 600 });
    if (url.pathname === '/v1/visitor/buckets/cart' && method === 'GET') return json(200, bucket);
    const line = /^\/v1\/visitor\/buckets\/cart\/items\/(\d+)\/([^/]+)$/.exec(url.pathname);
    if (line) {
      const matches = (candidate: Bucket['items'][number]) =>
        candidate.collection_id === Number(line[1]) &&
        candidate.item_id === decodeURIComponent(line[2] ?? '');
      if (method === 'DELETE') return change(bucket.items.filter((item) => !matches(item)));
      if (method === 'PATCH') {
        const quantity = (body as { quantity: number }).quantity;
        return change(bucket.items.map((item) => (matches(item) ? { ...item, quantity } : item)));
      }
    }
    return json(404, { error: 'not found' });
  };
  return {
    fetch,
    requests,
    /** The bucket as the API holds it now. */
    bucket: () => bucket,
    /** Changes the bucket behind the page's back, as an agent's cart tool does. */
    set(next: Bucket) {
      bucket = next;
      clock = Math.max(clock, Date.parse(next.updated_at));
    },
  };
}
