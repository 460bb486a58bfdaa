/**
 * `@svc/ui`: ready panels for the feature runtime of `@svc/sdk/react`. `createPanelRegistry`
 * turns a scenario's features into the registry `FeatureProvider` takes, with a panel per feature
 * type: search results, an item, a comparison, the cart. `EndCard` ends the conversation. The
 * panels draw items through their collection's view (`product-card` or a generic card), speak
 * through `UiStrings` (English, French, Spanish and German, picked by `locale`), and are themed by the CSS variables of `@svc/ui/styles.css`.
 *
 * @packageDocumentation
 */
export {
  createPanelRegistry,
  PANEL_FEATURE_TYPES,
  type PanelComponentData,
  type PanelRegistryOptions,
} from './panel-registry.js';
export { SearchResultsPanel, type SearchResultsPanelProps } from './search-results-panel.js';
export { ItemPanel, type ItemPanelProps } from './item-panel.js';
export { ComparisonPanel, type ComparisonPanelProps } from './comparison-panel.js';
export { CartPanel, type CartPanelProps } from './cart-panel.js';
export { EndCard, type EndCardProps } from './end-card.js';
export { ItemCard, type ItemCardProps } from './item-card.js';
export type { PanelCommonProps } from './panel-frame.js';
export {
  fieldAt,
  genericFields,
  itemImage,
  mapItem,
  priceField,
  renderTemplate,
  safeImageUrl,
  viewFields,
  type CollectionView,
  type MapItemOptions,
  type MappedItem,
} from './template.js';
export {
  defaultUiStrings,
  UI_LANGUAGES,
  uiLanguage,
  uiStringTables,
  uiStrings,
  type UiLanguage,
  type UiStrings,
} from './strings.js';
export { formatDate, formatNumber, formatPrice, formatText, formatTime } from './format.js';
export {
  bucketData,
  comparisonData,
  filterChips,
  itemData,
  resolveCollection,
  searchResultsData,
  type ComparisonData,
  type ItemData,
  type SearchResultsData,
} from './panel-data.js';
export {
  PANEL_TITLES,
  pageToolsByFeature,
  panelContent,
  panelItem,
  type PanelContent,
  type PanelFeature,
  type PanelItem,
} from './panel-model.js';
