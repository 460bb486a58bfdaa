import { isSuccessCode, type FeatureToolResult, type RpcToolResponse } from '@svc/protocol';
import { parseFeatureToolResult } from '@svc/protocol/parse';
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  routeTools,
  type FeatureHistoryEntry,
  type FeaturePosition,
  type FeatureRegistryEntry,
} from './feature-registry.js';
import {
  initialFeatureState,
  shownEntry,
  showResult,
  updateResult,
  type FeatureState,
} from './feature-state.js';
import { useSvc } from './svc-provider.js';

/** Props of {@link FeatureProvider}; registry keys are feature types (`collection:items:search`). */
export interface FeatureProviderProps {
  registry: Map<string, FeatureRegistryEntry>;
  /** Called by `reset()`, so the page can empty its buckets (the cart) with the panels. */
  onResetBuckets?: () => void;
  /** Forget the panels' history when the session ends; default false. */
  clearHistoryOnSessionEnd?: boolean;
  /** Whether panels show before a tool shows one; default false. */
  initialVisibility?: boolean;
  /** Where panels show until `setVisibility` moves them; default `right`. */
  initialPosition?: FeaturePosition;
  children?: ReactNode;
}

/** What {@link useFeatures} returns: the seven functions of the contract and the panel state. */
export interface FeaturesValue extends Readonly<FeatureState> {
  /** Runs a feature tool as if the agent called it (the page's own buttons use it too). */
  executeTool(
    name: string,
    requestId: string,
    args: Record<string, unknown>,
  ): Promise<RpcToolResponse>;
  /** Shows a feature's panel with its newest data, without running a tool. */
  selectFeature(name: string): void;
  /** Shows or hides the panels, and moves them when a position is given. */
  setVisibility(visible: boolean, position?: FeaturePosition): void;
  getFeatureComponent(name: string): ComponentType<Record<string, unknown>> | null;
  /**
   * The display name of a feature type in the session's language (the curated config's
   * `displayName`), null while no config names it.
   */
  getFeatureName(type: string): string | null;
  /** The feature a tool is routed to and whether it is that feature's primary tool. */
  getToolMapping(toolName: string): { feature: string; primary: boolean } | null;
  navigateHistory(direction: 'back' | 'forward'): void;
  /** Forgets every panel and calls `onResetBuckets`. */
  reset(): void;
  /** The registry the provider was given. */
  readonly registry: ReadonlyMap<string, FeatureRegistryEntry>;
  /** The entry the active panel shows, null when no feature is active. */
  readonly shown: FeatureHistoryEntry | null;
}

const FeaturesContext = createContext<FeaturesValue | null>(null);

/**
 * The feature runtime: answers the feature tools of the registry when the agent calls them, keeps
 * which panel shows where and its history, and speaks on the provider's event bus. Each tool in an
 * entry's `toolNames` (or `handlers`) is routed to that feature; only the `primaryTool` shows the
 * panel. A registry that routes a tool twice or names a tool with no handler throws a `TypeError`.
 * `FeaturePanels` renders the panels.
 */
export function FeatureProvider(props: FeatureProviderProps) {
  const { session, events } = useSvc();
  const propsRef = useRef(props);
  propsRef.current = props;
  const initial = () =>
    initialFeatureState(propsRef.current.initialVisibility, propsRef.current.initialPosition);
  const [state, setState] = useState(initial);
  const routes = useMemo(() => routeTools(props.registry), [props.registry]);

  const value = useMemo<FeaturesValue>(() => {
    const reset = () => {
      setState(initial());
      propsRef.current.onResetBuckets?.();
    };
    async function executeTool(toolName: string, requestId: string, args: Record<string, unknown>) {
      events.emit('tool:execute', { toolName, requestId, args });
      const route = routes.get(toolName);
      const feature = session.rawConfig?.features.find(
        (candidate) => candidate.type === route?.feature,
      );
      let result: FeatureToolResult;
      try {
        if (!route) throw new Error(`no feature handles the tool ${toolName}`);
        const parsed = parseFeatureToolResult(
          await route.handler(
            requestId,
            args,
            feature?.settings ?? {},
            session.config?.collections ?? [],
          ),
        );
        if (!parsed.ok) throw new Error(`invalid feature result: ${parsed.error}`);
        result = parsed.value;
      } catch (error) {
        events.emit('tool:error', { requestId, toolName, error });
        result = {
          requestId,
          response: { code: 'ERROR', data: error instanceof Error ? error.message : String(error) },
        };
      }
      const response: RpcToolResponse = { requestId, ...result.response };
      events.emit('tool:response', { requestId, response });
      if (route && isSuccessCode(response.code)) {
        const entry = {
          feature: route.feature,
          toolName,
          requestId,
          componentData: result.componentData ?? {},
        };
        setState((current) => (route.primary ? showResult : updateResult)(current, entry));
        if (route.primary) events.emit('feature:show', { reason: 'tool', toolName, requestId });
        const suggestions = result.componentData?.suggestions;
        if (Array.isArray(suggestions)) events.emit('suggestions:show', { suggestions });
      }
      return response;
    }
    const registry = props.registry;
    return {
      ...state,
      registry,
      shown: shownEntry(state, registry.get(state.activeFeature ?? '')?.primaryTool ?? ''),
      executeTool,
      selectFeature(name) {
        const entry = registry.get(name);
        if (!entry) return;
        setState((current) => ({ ...current, activeFeature: name, visible: true }));
        events.emit('feature:show', {
          reason: 'select',
          toolName: entry.primaryTool,
          requestId: '',
        });
      },
      setVisibility(visible, position) {
        setState((current) => ({ ...current, visible, position: position ?? current.position }));
      },
      getFeatureComponent: (name) => registry.get(name)?.component ?? null,
      // Read when asked: the config arrives before the first tool shows a panel.
      getFeatureName: (type) =>
        session.config?.features.find((feature) => feature.type === type)?.displayName || null,
      getToolMapping(toolName) {
        const route = routes.get(toolName);
        return route ? { feature: route.feature, primary: route.primary } : null;
      },
      navigateHistory(direction) {
        setState((current) => {
          const index = Math.min(
            Math.max(current.index + (direction === 'back' ? -1 : 1), 0),
            current.history.length - 1,
          );
          const entry = current.history[index];
          return entry
            ? { ...current, index, activeFeature: entry.feature, visible: true }
            : current;
        });
      },
      reset,
    };
    // `initial` reads props through `propsRef`; the functions need the session, bus and routes.
  }, [session, events, state, routes, props.registry]);

  // The effect below registers once per session; these refs let it call the latest functions.
  const run = useRef(value.executeTool);
  run.current = value.executeTool;
  const resetRef = useRef(value.reset);
  resetRef.current = value.reset;
  useEffect(() => {
    const unregister = session.registerFeatureTools({
      toolNames: [...routes.keys()],
      run: (toolName, requestId, args) => run.current(toolName, requestId, args),
    });
    const stops = [
      events.on('conversation:reset', () => resetRef.current()),
      events.on('session:end', () => {
        // The panels go with their history; where they show and whether is the visitor's choice.
        if (propsRef.current.clearHistoryOnSessionEnd)
          setState((current) => initialFeatureState(current.visible, current.position));
      }),
    ];
    return () => {
      unregister();
      stops.forEach((stop) => stop());
    };
  }, [session, events, routes]);

  return createElement(FeaturesContext.Provider, { value }, props.children);
}

/** The feature runtime of the nearest `FeatureProvider`. */
export function useFeatures(): FeaturesValue {
  const value = useContext(FeaturesContext);
  if (!value) throw new Error('Svc: useFeatures must be used inside <FeatureProvider>');
  return value;
}
