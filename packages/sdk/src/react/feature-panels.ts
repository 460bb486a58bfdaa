import { createElement, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { FeatureHistoryEntry, FeatureRegistryEntry } from './feature-registry.js';
import { useFeatures } from './feature-provider.js';

/** Props of {@link FeaturePanels}. */
export interface FeaturePanelsProps {
  /** The page the panels sit beside: laid out between a left and a right panel. */
  children?: ReactNode;
  /**
   * A media query under which left and right panels move below the page, as `mobile` ones do;
   * default `(max-width: 640px)`, `null` never. A server render, and hydration after it, use the
   * wide layout so that the markup matches; a narrow screen moves the panel right after.
   */
  mobileQuery?: string | null;
  /** Added to the container's class, `svc-feature-panels`. */
  className?: string;
}

const noMatch = () => false;
const ignore = () => {};

/** Whether a media query matches, false on a server and where `matchMedia` is missing. */
function useMediaQuery(query: string | null): boolean {
  const media = useMemo(
    () =>
      query !== null && typeof window !== 'undefined' && typeof window.matchMedia === 'function'
        ? window.matchMedia(query)
        : null,
    [query],
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!media) return ignore;
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(subscribe, () => media?.matches ?? false, noMatch);
}

function panel(
  tag: 'aside' | 'div',
  entry: FeatureHistoryEntry,
  registered: FeatureRegistryEntry,
  name: string | null,
  attributes: Record<string, string>,
) {
  const props = registered.propsSelector?.(entry) ?? entry.componentData;
  return createElement(
    tag,
    {
      'data-feature': entry.feature,
      'data-tool': entry.toolName,
      // The feature's name in the session's language labels the landmark (or dialog).
      ...(name ? { 'aria-label': name } : {}),
      ...attributes,
    },
    createElement(registered.component, props),
  );
}

/**
 * Lays out the panels of the nearest `FeatureProvider` around the page given as children: a
 * `left` panel before it, a `right` one after it, a `mobile` one below it (and left or right ones
 * too while `mobileQuery` matches), and an `overlay` feature's panel above it, in front of the
 * panel that showed before. Nothing shows while the panels are hidden (`setVisibility(false)` or
 * the position `hidden`). Styling is the page's: the container is
 * `div.svc-feature-panels[data-position]`, the page `div.svc-feature-page`, a panel
 * `aside.svc-feature-panel[data-position][data-feature][data-tool]` and an overlay
 * `div.svc-feature-overlay[role=dialog][data-feature][data-tool]`, each labelled (`aria-label`) by
 * its feature's name in the session's language when the config names it.
 *
 * @example
 * ```tsx
 * <FeatureProvider registry={registry}>
 *   <FeaturePanels mobileQuery="(max-width: 800px)">
 *     <Shop />
 *   </FeaturePanels>
 * </FeatureProvider>
 * ```
 */
export function FeaturePanels(props: FeaturePanelsProps) {
  const features = useFeatures();
  const narrow = useMediaQuery(
    props.mobileQuery === undefined ? '(max-width: 640px)' : props.mobileQuery,
  );
  const { registry, shown, visible, history, index } = features;
  const isOverlay = (entry: FeatureHistoryEntry) => registry.get(entry.feature)?.overlay === true;
  const showing = visible && features.position !== 'hidden' && shown !== null;
  const overlay = showing && isOverlay(shown) ? shown : null;
  // An overlay covers the page and the panel the visitor was looking at, so that one stays.
  const side = !showing
    ? null
    : overlay
      ? (history.slice(0, index + 1).findLast((entry) => !isOverlay(entry)) ?? null)
      : shown;
  const position = side ? (narrow ? 'mobile' : features.position) : 'none';
  const sidePanel = (at: 'left' | 'right' | 'mobile') => {
    const registered = side && position === at ? registry.get(side.feature) : undefined;
    return side && registered
      ? panel('aside', side, registered, features.getFeatureName(side.feature), {
          className: 'svc-feature-panel',
          'data-position': at,
        })
      : null;
  };
  const overlayEntry = overlay ? registry.get(overlay.feature) : undefined;
  return createElement(
    'div',
    {
      className: props.className ? `svc-feature-panels ${props.className}` : 'svc-feature-panels',
      'data-position': position,
    },
    sidePanel('left'),
    createElement('div', { className: 'svc-feature-page' }, props.children),
    sidePanel('right'),
    sidePanel('mobile'),
    overlay && overlayEntry
      ? panel('div', overlay, overlayEntry, features.getFeatureName(overlay.feature), {
          className: 'svc-feature-overlay',
          role: 'dialog',
        })
      : null,
  );
}
