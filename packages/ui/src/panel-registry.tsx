import {
  FEATURE_TYPES,
  type Collection,
  type FeatureDefinition,
  type ToolConfig,
} from '@svc/protocol';
import type { BucketClient } from '@svc/sdk/buckets';
import type { FeatureHandler, FeatureRegistryEntry } from '@svc/sdk/react';
import type { ComponentType } from 'react';
import { CartPanel } from './cart-panel.js';
import { ComparisonPanel } from './comparison-panel.js';
import { ItemPanel } from './item-panel.js';
import {
  bucketData,
  comparisonData,
  itemData,
  resolveCollection,
  searchResultsData,
} from './panel-data.js';
import type { PanelCommonProps } from './panel-frame.js';
import { SearchResultsPanel } from './search-results-panel.js';
import type { UiStrings } from './strings.js';
import { isRecord, ownValue } from './values.js';

/** Options of {@link createPanelRegistry}. */
export interface PanelRegistryOptions {
  /**
   * The visitor's buckets: the cart panel then reads and edits the bucket through it (quantities,
   * remove, totals), and every cart tool the agent runs refreshes the bucket's store.
   */
  buckets?: BucketClient | undefined;
  /** Texts to use instead of the built-in ones for `locale`. */
  strings?: Partial<UiStrings> | undefined;
  /**
   * The visitor's language (BCP-47, the session's `config.language`): picks the panels' texts
   * (English, French, Spanish or German; English for others and when absent) and formats numbers,
   * prices and dates; the runtime's default formats when absent.
   */
  locale?: string | undefined;
  /** A click on an item (a card's title, a compared item, a cart line): the page opens it. */
  onSelectItem?:
    ((item: Record<string, unknown>, collection: Collection | undefined) => void) | undefined;
  /** The cart's bucket when the cart feature's `settings.bucket` names none; default `cart`. */
  bucketName?: string | undefined;
  /** Move the focus to a panel's heading when the agent shows it; default true. */
  focusOnShow?: boolean | undefined;
}

/**
 * What a panel's handler hands it (`componentData`): the tool, its arguments (with the API's
 * `result`), the collection the result belongs to and the scenario's collections.
 */
export interface PanelComponentData {
  toolName: string;
  /** The request id of the call that showed the panel; a tool that only updates it keeps it. */
  showKey?: string;
  args: Record<string, unknown>;
  collection?: Collection;
  collections: Collection[];
  /** The cart's bucket name (cart panels only). */
  bucketName?: string;
}

/** The feature types this package has panels for; the end feature never calls the page. */
export const PANEL_FEATURE_TYPES = [
  FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
  FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY,
  FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON,
  FEATURE_TYPES.BUCKET_LIST_CRUD,
] as const;

type PanelFeatureType = (typeof PANEL_FEATURE_TYPES)[number];

const isPanelType = (type: string): type is PanelFeatureType =>
  (PANEL_FEATURE_TYPES as readonly string[]).includes(type);

/**
 * What a cart tool does, as the agent reads it: its `settings.operation`, else its name. Only a
 * list tool shows the cart; adding, removing, setting and clearing update it in place.
 */
function isCartListTool(tool: ToolConfig): boolean {
  const operation = ownValue(tool.settings, 'operation');
  if (typeof operation === 'string') return operation === 'cart_list';
  return !/remove|delete|drop|clear|empty|set|update|change|quantity|add|put/.test(
    tool.name.toLowerCase(),
  );
}

/** The tool whose call shows the panel of `type`. */
function primaryToolOf(
  type: PanelFeatureType,
  tools: readonly ToolConfig[],
): ToolConfig | undefined {
  const named = (operation: string, pattern: RegExp) =>
    tools.find((tool) => ownValue(tool.settings, 'operation') === operation) ??
    tools.find((tool) => pattern.test(tool.name.toLowerCase()));
  switch (type) {
    case FEATURE_TYPES.COLLECTION_ITEMS_SEARCH:
      return named('search', /search|find/) ?? tools[0];
    case FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY:
      return named('display', /show|display|view|open|detail/) ?? tools[0];
    case FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON:
      return named('compare', /compar/) ?? tools[0];
    case FEATURE_TYPES.BUCKET_LIST_CRUD:
      return tools.find(isCartListTool) ?? tools[0];
  }
}

/** Reads a panel's `componentData` back (a panel selected before any tool ran gets `{}`). */
function readData(props: Record<string, unknown>) {
  const args = isRecord(props.args) ? props.args : {};
  const collection = isRecord(props.collection)
    ? (props.collection as unknown as Collection)
    : undefined;
  const collections = Array.isArray(props.collections) ? (props.collections as Collection[]) : [];
  const showKey = typeof props.showKey === 'string' ? props.showKey : undefined;
  const bucketName = typeof props.bucketName === 'string' ? props.bucketName : undefined;
  return { args, collection, collections, showKey, bucketName };
}

/** The panel component of a feature type, bound to the registry's options. */
function panelFor(
  type: PanelFeatureType,
  options: PanelRegistryOptions,
): ComponentType<Record<string, unknown>> {
  const common = (showKey: string | undefined): PanelCommonProps => ({
    strings: options.strings,
    locale: options.locale,
    focusOnShow: options.focusOnShow,
    showKey,
  });
  switch (type) {
    case FEATURE_TYPES.COLLECTION_ITEMS_SEARCH:
      return function SearchFeaturePanel(props) {
        const { args, collection, showKey } = readData(props);
        const data = searchResultsData(args);
        return (
          <SearchResultsPanel
            {...common(showKey)}
            items={data.items}
            query={data.query}
            filters={data.filters}
            note={data.note}
            collection={collection}
            onSelectItem={options.onSelectItem}
          />
        );
      };
    case FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY:
      return function ItemFeaturePanel(props) {
        const { args, collection, showKey } = readData(props);
        const data = itemData(args);
        return (
          <ItemPanel
            {...common(showKey)}
            item={data.item}
            view={data.view}
            collection={collection}
            onSelectItem={options.onSelectItem}
          />
        );
      };
    case FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON:
      return function ComparisonFeaturePanel(props) {
        const { args, collection, showKey } = readData(props);
        const data = comparisonData(args);
        return (
          <ComparisonPanel
            {...common(showKey)}
            items={data.items}
            rows={data.rows}
            collection={collection}
            onSelectItem={options.onSelectItem}
          />
        );
      };
    case FEATURE_TYPES.BUCKET_LIST_CRUD:
      return function CartFeaturePanel(props) {
        const { args, collections, showKey, bucketName } = readData(props);
        return (
          <CartPanel
            {...common(showKey)}
            bucket={bucketData(args)}
            buckets={options.buckets}
            bucketName={bucketName ?? options.bucketName ?? 'cart'}
            collections={collections}
            onSelectItem={options.onSelectItem}
          />
        );
      };
  }
}

/**
 * The feature runtime's registry for a scenario's features (`session.rawConfig.features`), with
 * this package's panels: one entry per feature type that has page tools (`frontend`, the default
 * type), keyed by the type as the contract requires. The search, show and compare tools show
 * their panels; of the cart's tools the list (show) tool shows the cart and the others (add,
 * remove, set, clear) update its data in place. Each handler answers the agent
 * `{ code: 'SUCCESS', data: { shown: true } }` (`{ updated: true }` for a tool that does not show
 * its panel) and hands the panel the tool's name, its arguments with the API's result and the
 * result's collection. Feature types without panels here, and server tools, are left out.
 *
 * @example
 * ```tsx
 * const registry = useMemo(
 *   () => createPanelRegistry(session.rawConfig?.features ?? [], { buckets }),
 *   [session.rawConfig, buckets],
 * );
 * <FeatureProvider registry={registry}>
 *   <FeaturePanels><Shop /></FeaturePanels>
 * </FeatureProvider>
 * ```
 */
export function createPanelRegistry(
  features: readonly FeatureDefinition[],
  options: PanelRegistryOptions = {},
): Map<string, FeatureRegistryEntry> {
  // The page tools of each panel type; the agent keeps the first of two tools with one name.
  const toolsByType = new Map<PanelFeatureType, ToolConfig[]>();
  const bucketByType = new Map<PanelFeatureType, string>();
  const seen = new Set<string>();
  for (const feature of features) {
    if (!isRecord(feature) || typeof feature.type !== 'string' || !isPanelType(feature.type))
      continue;
    const bucket = ownValue(feature.settings, 'bucket');
    if (typeof bucket === 'string' && !bucketByType.has(feature.type))
      bucketByType.set(feature.type, bucket);
    for (const tool of Array.isArray(feature.tools) ? feature.tools : []) {
      if (!isRecord(tool) || typeof tool.name !== 'string') continue;
      if ((tool.type ?? 'frontend') !== 'frontend' || seen.has(tool.name)) continue;
      seen.add(tool.name);
      toolsByType.set(feature.type, [...(toolsByType.get(feature.type) ?? []), tool]);
    }
  }

  const registry = new Map<string, FeatureRegistryEntry>();
  for (const [type, tools] of toolsByType) {
    const primary = primaryToolOf(type, tools);
    if (!primary) continue;
    const isCart = type === FEATURE_TYPES.BUCKET_LIST_CRUD;
    const bucketName = bucketByType.get(type) ?? options.bucketName ?? 'cart';
    const handlers: Record<string, FeatureHandler> = {};
    for (const tool of tools) {
      const shows = tool.name === primary.name;
      handlers[tool.name] = (requestId, args, settings, collections = []) => {
        // The agent calls the page after the API changed the bucket: the store reads it now.
        if (isCart)
          options.buckets
            ?.store(bucketName)
            .refresh()
            .catch(() => {});
        const collection = resolveCollection(collections, args, settings);
        const componentData: PanelComponentData = {
          toolName: tool.name,
          // Only a call that shows the panel moves the focus; an update keeps the shown one's key.
          ...(shows ? { showKey: requestId } : {}),
          args,
          ...(collection ? { collection } : {}),
          collections,
          ...(isCart ? { bucketName } : {}),
        };
        return {
          requestId,
          response: { code: 'SUCCESS', data: shows ? { shown: true } : { updated: true } },
          componentData: componentData as unknown as Record<string, unknown>,
        };
      };
    }
    registry.set(type, {
      component: panelFor(type, options),
      handlers,
      primaryTool: primary.name,
      toolNames: tools.map((tool) => tool.name),
    });
  }
  return registry;
}
