// The shop's own panels behind the registry shape of `@svc/ui` (`createPanelRegistry(features,
// options)`), used until that package is in the tree: one entry per feature type of the
// config, its handlers answering the agent's page tools with what the panel shows.
import type { BucketClient } from '@svc/sdk/buckets';
import type { FeatureDefinition, FeatureToolResult } from '@svc/sdk/protocol';
import type { FeatureHandler, FeatureRegistryEntry } from '@svc/sdk/react';
import { useSyncExternalStore, type ComponentType } from 'react';
import type { Item, ItemDisplay } from './catalogue';
import { label, price, text } from './format';

/** Options of {@link createPanelRegistry}, as `@svc/ui` takes them. */
export interface PanelRegistryOptions {
  /** The visitor's buckets: the cart panel shows its store, the cart tools refresh it. */
  buckets?: BucketClient;
  /** Called when the visitor picks an item in a panel (a search result, a compared item). */
  onSelectItem?(item: Item, collection: number): void;
  /** The bucket the cart feature shows when its settings name none; default `cart`. */
  bucketName?: string;
}

type PanelProps = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The data the agent sent with a page tool (`args.result`), or null. */
function resultOf(args: Record<string, unknown>): Record<string, unknown> | null {
  return isRecord(args.result) ? args.result : null;
}

function success(
  requestId: string,
  data: unknown,
  componentData: Record<string, unknown>,
): FeatureToolResult {
  return { requestId, response: { code: 'SUCCESS', data }, componentData };
}

function failure(requestId: string, reason: string): FeatureToolResult {
  return { requestId, response: { code: 'ERROR', data: reason } };
}

/** The search tool's compact items (`{ id, name, price, ... }`) as items. */
function itemsOf(list: unknown): Item[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).map((entry) => {
    const { id, data, ...fields } = entry;
    return { id: String(id), data: isRecord(data) ? data : fields };
  });
}

function ItemTile(props: {
  item: Item;
  collection: number;
  onSelect?: PanelRegistryOptions['onSelectItem'];
}) {
  const { item, collection, onSelect } = props;
  return (
    <li className="svc-item-card" data-item-id={item.id}>
      <button
        type="button"
        className="svc-item-card-title"
        onClick={() => onSelect?.(item, collection)}
      >
        {text(item.data.name) || item.id}
      </button>
      <span className="svc-item-card-meta">
        {[text(item.data.brand), text(item.data.color)].filter(Boolean).join(' · ')}
      </span>
      <span className="svc-item-card-price">{price(item.data.price)}</span>
    </li>
  );
}

function searchPanel(options: PanelRegistryOptions): ComponentType<PanelProps> {
  return function SearchResultsPanel(props) {
    const items = itemsOf(props.items);
    const collection = Number(props.collectionId);
    return (
      <section className="svc-panel svc-search-results" aria-label="Search results">
        <h2 className="svc-panel-title">
          {typeof props.query === 'string' && props.query
            ? `Results for “${props.query}”`
            : 'Results'}
        </h2>
        {items.length === 0 ? (
          <p className="svc-empty">Nothing found.</p>
        ) : (
          <ol className="svc-item-list">
            {items.map((item) => (
              <ItemTile
                key={item.id}
                item={item}
                collection={collection}
                onSelect={options.onSelectItem}
              />
            ))}
          </ol>
        )}
      </section>
    );
  };
}

function itemPanel(options: PanelRegistryOptions): ComponentType<PanelProps> {
  return function ItemPanel(props) {
    const item = props.item as ItemDisplay | undefined;
    if (!item) return null;
    return (
      <section className="svc-panel svc-item-panel" aria-label="Product" data-item-id={item.id}>
        <h2 className="svc-panel-title">{item.view?.title ?? text(item.data.name)}</h2>
        <p className="svc-item-subtitle">{item.view?.subtitle}</p>
        <p className="svc-item-price">{price(item.data.price)}</p>
        <p>{item.view?.body ?? text(item.data.description)}</p>
        <button
          type="button"
          className="svc-link"
          onClick={() => options.onSelectItem?.(item, item.collection_id)}
        >
          Open the product page
        </button>
      </section>
    );
  };
}

function comparisonPanel(options: PanelRegistryOptions): ComponentType<PanelProps> {
  return function ComparisonPanel(props) {
    const items = (Array.isArray(props.items) ? props.items : []) as ItemDisplay[];
    const rows = (Array.isArray(props.rows) ? props.rows : []) as {
      field: string;
      values: unknown[];
    }[];
    return (
      <section className="svc-panel svc-comparison" aria-label="Comparison">
        <h2 className="svc-panel-title">Side by side</h2>
        <table className="svc-comparison-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="svc-visually-hidden">Field</span>
              </th>
              {items.map((item) => (
                <th scope="col" key={item.id} data-item-id={item.id}>
                  <button
                    type="button"
                    className="svc-link"
                    onClick={() => options.onSelectItem?.(item, item.collection_id)}
                  >
                    {text(item.data.name) || item.id}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((row) => row.field !== 'name' && row.field !== 'description')
              .map((row) => (
                <tr key={row.field}>
                  <th scope="row">{label(row.field)}</th>
                  {row.values.map((value, index) => (
                    <td key={index}>{row.field === 'price' ? price(value) : text(value)}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </section>
    );
  };
}

function cartPanel(
  buckets: BucketClient | undefined,
  fallbackName: string,
): ComponentType<PanelProps> {
  const empty = () => () => {};
  const none = () => null;
  return function CartPanel(props) {
    const name = typeof props.bucketName === 'string' ? props.bucketName : fallbackName;
    const store = buckets?.store(name);
    const snapshot = useSyncExternalStore(store?.subscribe ?? empty, store?.getSnapshot ?? none);
    const lines = snapshot?.bucket?.items ?? [];
    return (
      <section className="svc-panel svc-cart" aria-label="Cart">
        <h2 className="svc-panel-title">Your cart</h2>
        {lines.length === 0 ? (
          <p className="svc-empty">Your cart is empty.</p>
        ) : (
          <ul className="svc-cart-lines">
            {lines.map((line) => (
              <li key={`${line.collection_id}/${line.item_id}`} data-item-id={line.item_id}>
                <span>{text(line.data?.name) || line.item_id}</span> <span>× {line.quantity}</span>{' '}
                <span>{price(line.data?.price)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  };
}

/** The page tools of a feature: its tools the agent runs in the page (not its server tools). */
const pageTools = (feature: FeatureDefinition) =>
  feature.tools.filter((tool) => tool.type !== 'server').map((tool) => tool.name);

/**
 * The panels and tool handlers of the features in `features` (the config's), keyed by feature
 * type, for `FeatureProvider`: search results, an item, a comparison and the cart. The cart
 * feature's list tool shows the cart panel; its other tools refresh the cart store and update
 * the panel. Feature types the shop has no panel for are left out.
 */
export function createPanelRegistry(
  features: FeatureDefinition[],
  options: PanelRegistryOptions = {},
): Map<string, FeatureRegistryEntry> {
  const registry = new Map<string, FeatureRegistryEntry>();
  const entry = (
    feature: FeatureDefinition,
    component: ComponentType<PanelProps>,
    handler: FeatureHandler,
    primary?: string,
  ) => {
    const toolNames = pageTools(feature);
    const primaryTool = primary ?? toolNames[0];
    if (!primaryTool) return;
    registry.set(feature.type, {
      component,
      toolNames,
      primaryTool,
      handlers: { [primaryTool]: handler },
    });
  };
  for (const feature of features) {
    switch (feature.type) {
      case 'collection:items:search':
        entry(feature, searchPanel(options), (requestId, args) => {
          const result = resultOf(args);
          if (!result) return failure(requestId, 'no search result to show');
          const items = itemsOf(result.items);
          return success(
            requestId,
            { shown: items.length },
            {
              collectionId: result.collection_id,
              query: typeof args.query === 'string' ? args.query : '',
              items,
            },
          );
        });
        break;
      case 'collection:items:display':
        entry(feature, itemPanel(options), (requestId, args) => {
          const result = resultOf(args);
          if (!result || typeof result.id !== 'string')
            return failure(requestId, 'no item to show');
          return success(requestId, { shown: result.id }, { item: result });
        });
        break;
      case 'collection:items:comparison':
        entry(feature, comparisonPanel(options), (requestId, args) => {
          const result = resultOf(args);
          if (!result || !Array.isArray(result.items))
            return failure(requestId, 'nothing to compare');
          return success(
            requestId,
            { shown: result.items.length },
            { collectionId: result.collection_id, items: result.items, rows: result.rows ?? [] },
          );
        });
        break;
      case 'bucket:list:crud': {
        const bucketName =
          typeof feature.settings.bucket === 'string'
            ? feature.settings.bucket
            : (options.bucketName ?? 'cart');
        const names = pageTools(feature);
        const list = names.find((name) => /show|list|view|get/i.test(name)) ?? names[0];
        entry(
          feature,
          cartPanel(options.buckets, bucketName),
          async (requestId) => {
            // The agent changed the bucket through the API before it called the page.
            const bucket = await options.buckets
              ?.store(bucketName)
              .refresh()
              .catch(() => null);
            return success(
              requestId,
              { shown: true, ...(bucket ? { total_quantity: bucket.total_quantity } : {}) },
              { bucketName },
            );
          },
          list,
        );
        break;
      }
    }
  }
  return registry;
}
