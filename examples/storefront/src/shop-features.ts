import type { FeatureDefinition } from '@svc/sdk/protocol';

/**
 * The features of the Trailhead publication this page is built for, with their page tools (the
 * seeded demo scenario's). The page needs them before the conversation starts: the session
 * registers a feature tool's RPC method only if the page's feature runtime named the tool when
 * the agent's config arrived, so a registry built from that config (`session.rawConfig`) would
 * miss the first conversation. When the config arrives, {@link missingTools} says what the page
 * cannot answer.
 */
export const SHOP_FEATURES: FeatureDefinition[] = [
  {
    name: 'Product search',
    type: 'collection:items:search',
    settings: {},
    tools: [{ name: 'search_products', type: 'frontend' }],
  },
  {
    name: 'Product details',
    type: 'collection:items:display',
    settings: {},
    tools: [{ name: 'show_product', type: 'frontend' }],
  },
  {
    name: 'Compare products',
    type: 'collection:items:comparison',
    settings: { max_items: 3 },
    tools: [{ name: 'compare_products', type: 'frontend' }],
  },
  {
    name: 'Cart',
    type: 'bucket:list:crud',
    settings: {},
    tools: [
      { name: 'add_to_cart', type: 'frontend' },
      { name: 'remove_from_cart', type: 'frontend' },
      { name: 'show_cart', type: 'frontend' },
    ],
  },
];

/** The page tools of a config that the shop's features do not name. */
export function missingTools(configured: FeatureDefinition[]): string[] {
  const known = new Set(SHOP_FEATURES.flatMap((feature) => feature.tools.map((tool) => tool.name)));
  return configured
    .flatMap((feature) => feature.tools)
    .filter((tool) => tool.type !== 'server' && !known.has(tool.name))
    .map((tool) => tool.name);
}
