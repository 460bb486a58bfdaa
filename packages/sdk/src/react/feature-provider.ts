import {
  isSuccessCode,
  type Collection,
  type FeatureToolResult,
  type RpcToolResponse,
} from '@svc/protocol';
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
import { useSvc } from './svc-provider.js';

/** A feature tool handler: returns the contract's feature result, and should not throw. */
export type FeatureHandler = (
  requestId: string,
  args: Record<string, unknown>,
  settings?: Record<string, unknown>,
  collections?: Collection[],
) => FeatureToolResult | Promise<FeatureToolResult>;

/** Where feature panels show. */
export type FeaturePosition = 'left' | 'right' | 'mobile' | 'hidden';

/** One shown state of a feature panel, kept for history navigation. */
export interface FeatureHistoryEntry {
  feature: string;
  toolName: string;
  requestId: string;
  componentData: Record<string, unknown>;
}

/** A registry entry: the panel and the tool handlers of one feature type. */
export interface FeatureRegistryEntry {
  component: ComponentType<Record<string, unknown>>;
  handlers: Record<string, FeatureHandler>;
  /** The tool whose result shows the panel. */
  primaryTool: string;
  toolNames: string[];
  overlay?: boolean;
  /** Picks the panel's props from its history entry. */
  propsSelector?: (entry: FeatureHistoryEntry) => Record<string, unknown>;
}

/** Props of {@link FeatureProvider}; registry keys are feature types (`collection:items:search`). */
export interface FeatureProviderProps {
  registry: Map<string, FeatureRegistryEntry>;
  onResetBuckets?: () => void;
  clearHistoryOnSessionEnd?: boolean;
  initialVisibility?: boolean;
  initialPosition?: FeaturePosition;
  children?: ReactNode;
}

interface FeatureState {
  history: FeatureHistoryEntry[];
  /** Index of the shown entry in `history`, -1 when none. */
  index: number;
  activeFeature: string | null;
  visible: boolean;
  position: FeaturePosition;
}

/** What {@link useFeatures} returns: the seven functions of the contract and the panel state. */
export interface FeaturesValue extends Readonly<FeatureState> {
  executeTool(
    name: string,
    requestId: string,
    args: Record<string, unknown>,
  ): Promise<RpcToolResponse>;
  selectFeature(name: string): void;
  setVisibility(visible: boolean, position?: FeaturePosition): void;
  getFeatureComponent(name: string): ComponentType<Record<string, unknown>> | null;
  getToolMapping(toolName: string): { feature: string; primary: boolean } | null;
  navigateHistory(direction: 'back' | 'forward'): void;
  reset(): void;
}

const FeaturesContext = createContext<FeaturesValue | null>(null);

/**
 * The feature runtime: answers the feature tools of the registry when the agent calls them, keeps
 * which panel shows where and its history, and speaks on the provider's event bus.
 */
export function FeatureProvider(props: FeatureProviderProps) {
  const { session, events } = useSvc();
  const initial = (): FeatureState => ({
    history: [],
    index: -1,
    activeFeature: null,
    visible: props.initialVisibility ?? false,
    position: props.initialPosition ?? 'right',
  });
  const [state, setState] = useState(initial);
  const latest = useRef(props);
  latest.current = props;

  const value = useMemo<FeaturesValue>(() => {
    const mapping = (toolName: string) => {
      for (const [feature, entry] of latest.current.registry) {
        if (entry.handlers[toolName]) return { feature, entry };
      }
      return null;
    };
    const reset = () => {
      setState(initial());
      latest.current.onResetBuckets?.();
    };
    async function executeTool(toolName: string, requestId: string, args: Record<string, unknown>) {
      events.emit('tool:execute', { toolName, requestId, args });
      const found = mapping(toolName);
      const feature = session.rawConfig?.features.find(
        (candidate) => candidate.type === found?.feature,
      );
      let result: FeatureToolResult;
      try {
        if (!found) throw new Error(`no feature handles the tool ${toolName}`);
        const handler = found.entry.handlers[toolName] as FeatureHandler;
        const parsed = parseFeatureToolResult(
          await handler(
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
      if (found && isSuccessCode(response.code)) {
        const entry = {
          feature: found.feature,
          toolName,
          requestId,
          componentData: result.componentData ?? {},
        };
        setState((current) => {
          const history = [...current.history.slice(0, current.index + 1), entry];
          return {
            ...current,
            history,
            index: history.length - 1,
            activeFeature: found.feature,
            visible: true,
          };
        });
        events.emit('feature:show', { reason: 'tool', toolName, requestId });
        const suggestions = result.componentData?.suggestions;
        if (Array.isArray(suggestions)) events.emit('suggestions:show', { suggestions });
      }
      return response;
    }
    return {
      ...state,
      executeTool,
      selectFeature(name) {
        const entry = latest.current.registry.get(name);
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
      getFeatureComponent: (name) => latest.current.registry.get(name)?.component ?? null,
      getToolMapping(toolName) {
        const found = mapping(toolName);
        return found
          ? { feature: found.feature, primary: found.entry.primaryTool === toolName }
          : null;
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
    // `initial` reads props through `latest`; the functions only need the session and the bus.
  }, [session, events, state]);

  // The effect below registers once per session; these refs let it call the latest functions.
  const run = useRef(value.executeTool);
  run.current = value.executeTool;
  const resetRef = useRef(value.reset);
  resetRef.current = value.reset;
  useEffect(() => {
    const toolNames = [...props.registry.values()].flatMap((entry) => Object.keys(entry.handlers));
    const unregister = session.registerFeatureTools({
      toolNames,
      run: (toolName, requestId, args) => run.current(toolName, requestId, args),
    });
    const stops = [
      events.on('conversation:reset', () => resetRef.current()),
      events.on('session:end', () => {
        if (latest.current.clearHistoryOnSessionEnd)
          setState((current) => ({ ...current, history: [], index: -1 }));
      }),
    ];
    return () => {
      unregister();
      stops.forEach((stop) => stop());
    };
  }, [session, events, props.registry]);

  return createElement(FeaturesContext.Provider, { value }, props.children);
}

/** The feature runtime of the nearest `FeatureProvider`. */
export function useFeatures(): FeaturesValue {
  const value = useContext(FeaturesContext);
  if (!value) throw new Error('Svc: useFeatures must be used inside <FeatureProvider>');
  return value;
}
