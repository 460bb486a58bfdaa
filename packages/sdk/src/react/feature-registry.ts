import type { Collection, FeatureToolResult } from '@svc/protocol';
import type { ComponentType } from 'react';

/** A feature tool handler: returns the contract's feature result, and should not throw. */
export type FeatureHandler = (
  requestId: string,
  args: Record<string, unknown>,
  settings?: Record<string, unknown>,
  collections?: Collection[],
) => FeatureToolResult | Promise<FeatureToolResult>;

/**
 * Where feature panels show: beside the page on the `left` or `right`, below it (`mobile`), or
 * nowhere (`hidden`).
 */
export type FeaturePosition = 'left' | 'right' | 'mobile' | 'hidden';

/** One state of a feature panel: the tool result it shows, kept for history navigation. */
export interface FeatureHistoryEntry {
  feature: string;
  /** The tool whose result this is (the newest one, when another tool of the feature updated it). */
  toolName: string;
  requestId: string;
  componentData: Record<string, unknown>;
}

/** A registry entry: the panel and the tool handlers of one feature type. */
export interface FeatureRegistryEntry {
  /** The panel; it gets the shown entry's `componentData`, or what `propsSelector` picks. */
  component: ComponentType<Record<string, unknown>>;
  /** Tool name to handler. A tool listed in `toolNames` without one runs the primary tool's. */
  handlers: Record<string, FeatureHandler>;
  /**
   * The tool whose result shows the panel. The feature's other tools answer the agent and update
   * the panel's data without showing it or adding a history entry.
   */
  primaryTool: string;
  /** The tools routed to this feature (with the tools `handlers` names). */
  toolNames: string[];
  /** Shows the panel above the page instead of at the panels' position. */
  overlay?: boolean;
  /** Picks the panel's props from its entry; by default the panel gets the entry's `componentData`. */
  propsSelector?: (entry: FeatureHistoryEntry) => Record<string, unknown>;
}

/** Where one tool goes: its feature and the handler that answers it. */
export interface ToolRoute {
  feature: string;
  handler: FeatureHandler;
  primary: boolean;
}

/**
 * Routes every tool of the registry to its feature. A registry is written by the page's
 * developer, so a tool routed to two features, a tool with no handler or a primary tool that is
 * not one of the feature's tools is a `TypeError` (as a session tool that clashes with a feature
 * tool is), not a silent pick.
 */
export function routeTools(registry: ReadonlyMap<string, FeatureRegistryEntry>) {
  const routes = new Map<string, ToolRoute>();
  for (const [feature, entry] of registry) {
    const names = new Set([...entry.toolNames, ...Object.keys(entry.handlers)]);
    if (!names.has(entry.primaryTool))
      throw new TypeError(
        `Svc: the primary tool ${entry.primaryTool} of ${feature} is not in its toolNames`,
      );
    for (const toolName of names) {
      const other = routes.get(toolName);
      if (other)
        throw new TypeError(`Svc: the tool ${toolName} is in ${other.feature} and ${feature}`);
      // Own properties only: a tool named `constructor` must not find Object's.
      const handler = Object.hasOwn(entry.handlers, toolName)
        ? entry.handlers[toolName]
        : Object.hasOwn(entry.handlers, entry.primaryTool)
          ? entry.handlers[entry.primaryTool]
          : undefined;
      if (!handler)
        throw new TypeError(`Svc: the tool ${toolName} of ${feature} has no handler to run`);
      routes.set(toolName, { feature, handler, primary: toolName === entry.primaryTool });
    }
  }
  return routes;
}
