/**
 * `@svc/sdk/react`: React bindings. `SvcProvider` owns one session and one scoped event bus;
 * `useSvcSession` binds the session with `useSyncExternalStore`; `FeatureProvider` runs feature
 * panels and their tools, and `FeaturePanels` lays the panels out around the page.
 *
 * @packageDocumentation
 */
export { SvcProvider, useSvc, useSvcClient, useSvcEvents } from './svc-provider.js';
export type { SvcContextValue, SvcProviderProps } from './svc-provider.js';
export { useSvcSession } from './use-svc-session.js';
export type { UseSvcSessionOptions, UseSvcSessionResult } from './use-svc-session.js';
export { FeatureProvider, useFeatures } from './feature-provider.js';
export type { FeatureProviderProps, FeaturesValue } from './feature-provider.js';
export type {
  FeatureHandler,
  FeatureHistoryEntry,
  FeaturePosition,
  FeatureRegistryEntry,
} from './feature-registry.js';
export type { FeatureState } from './feature-state.js';
export { FeaturePanels, type FeaturePanelsProps } from './feature-panels.js';
export { SvcEventBus, type SvcBusEvents } from './event-bus.js';
