import type { FeatureHistoryEntry, FeaturePosition } from './feature-registry.js';

/** The panel state of the feature runtime. */
export interface FeatureState {
  /** The panel states the primary tools showed, oldest first. */
  history: FeatureHistoryEntry[];
  /** Index of the shown entry in `history`, -1 when none. */
  index: number;
  /** The newest state of each feature's panel, by feature type, from any of its tools. */
  latest: Readonly<Record<string, FeatureHistoryEntry>>;
  activeFeature: string | null;
  visible: boolean;
  position: FeaturePosition;
}

/** The state before any tool ran. */
export function initialFeatureState(
  visible = false,
  position: FeaturePosition = 'right',
): FeatureState {
  return { history: [], index: -1, latest: {}, activeFeature: null, visible, position };
}

/**
 * A primary tool's result: a new history entry (the entries ahead of the shown one are dropped,
 * as a browser drops its forward pages), shown at once.
 */
export function showResult(state: FeatureState, entry: FeatureHistoryEntry): FeatureState {
  const history = [...state.history.slice(0, state.index + 1), entry];
  return {
    ...state,
    history,
    index: history.length - 1,
    latest: { ...state.latest, [entry.feature]: entry },
    activeFeature: entry.feature,
    visible: true,
  };
}

/**
 * Another tool's result: its data is merged into the feature's newest state (a cart tool that
 * returns only the changed count keeps the items the cart showed), and the newest history entry
 * of the feature takes it, so going forward to that panel shows the data as it is now. What is
 * shown, and where, does not change.
 */
export function updateResult(state: FeatureState, entry: FeatureHistoryEntry): FeatureState {
  const previous = state.latest[entry.feature];
  const merged = previous
    ? { ...entry, componentData: { ...previous.componentData, ...entry.componentData } }
    : entry;
  const newest = state.history.findLastIndex((candidate) => candidate.feature === entry.feature);
  const history =
    newest < 0 ? state.history : state.history.map((old, at) => (at === newest ? merged : old));
  return { ...state, history, latest: { ...state.latest, [entry.feature]: merged } };
}

/**
 * The entry the active panel shows: the history entry at the index when it is the active
 * feature's, else the feature's newest state (a panel opened with `selectFeature`), else an empty
 * one, so a panel selected before any of its tools ran still renders.
 */
export function shownEntry(state: FeatureState, primaryTool: string): FeatureHistoryEntry | null {
  const feature = state.activeFeature;
  if (feature === null) return null;
  const atIndex = state.history[state.index];
  if (atIndex?.feature === feature) return atIndex;
  return (
    state.latest[feature] ?? { feature, toolName: primaryTool, requestId: '', componentData: {} }
  );
}
