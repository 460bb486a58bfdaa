import type { FeatureDefinition } from '@svc/protocol';
import type { BucketClient } from '@svc/sdk/buckets';
import type { FeatureRegistryEntry } from '@svc/sdk/react';
import { createPanelRegistry } from '@svc/ui';

/** The panels for a configuration's features: `@svc/ui`'s registry, with the visitor's carts. */
export function panelRegistry(
  features: FeatureDefinition[],
  buckets: BucketClient,
): Map<string, FeatureRegistryEntry> {
  return createPanelRegistry(features, { buckets });
}
