import type { FeatureDefinition } from '@svc/protocol';
import type { BucketClient } from '@svc/sdk/buckets';
import type { FeatureRegistryEntry } from '@svc/sdk/react';
import { createPanelRegistry } from '@svc/ui';

/**
 * The panels for a configuration's features: `@svc/ui`'s registry, with the visitor's carts, in
 * the widget's language (`locale`: texts, numbers, prices and dates; English when absent). The
 * focus stays where the visitor has it (usually the message box of a small panel they are typing
 * in) instead of moving to each panel the agent shows: the transcript, a polite live region,
 * announces what the agent says about it.
 */
export function panelRegistry(
  features: FeatureDefinition[],
  buckets: BucketClient,
  locale?: string,
): Map<string, FeatureRegistryEntry> {
  return createPanelRegistry(features, { buckets, focusOnShow: false, locale });
}
