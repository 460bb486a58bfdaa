/**
 * Where a starting worker reports what it can serve (`PUT`, `AgentCapabilities`), relative to the
 * API path prefix (`/v1`); the agent key authenticates it as it does the conversation routes.
 */
export const AGENT_CAPABILITIES_PATH = '/agent/capabilities';

/**
 * Where a worker reads the live publications (`GET`, `AgentPublicationPage`), relative to the API
 * path prefix (`/v1`), to evaluate each one's prompt before its first conversation; the agent key
 * authenticates it. `?after=<next>` answers those published since, oldest first; without it, the
 * most recently published. `?limit=` caps the page (default {@link AGENT_PUBLICATIONS_LIMIT}).
 */
export const AGENT_PUBLICATIONS_PATH = '/agent/publications';

/** The default and largest page of {@link AGENT_PUBLICATIONS_PATH}. */
export const AGENT_PUBLICATIONS_LIMIT = { default: 10, max: 50 } as const;

/** Where the agent API is mounted, relative to the API path prefix (`/v1`). */
export const AGENT_API_BASE = '/agent/conversations/:conversationId';

/**
 * The agent API's endpoints: method and path relative to {@link AGENT_API_BASE}, in the `:name`
 * parameter syntax the API's router declares them with. The agent builds its URLs from the same
 * entries (see {@link agentApiPath}), and the API's tests check each one is routed.
 */
export const AGENT_API_ENDPOINTS = {
  /** The `RuntimeConfig`. */
  CONFIG: { method: 'GET', path: '/config' },
  /** Store messages (idempotent by message id). */
  MESSAGES: { method: 'POST', path: '/messages' },
  /** Save a restore checkpoint (an older version is ignored). */
  RESTORE_STATE: { method: 'PUT', path: '/restore-state' },
  /** Record the end (the first end wins). */
  END: { method: 'POST', path: '/end' },
  /** Record per-turn latencies. */
  METRICS: { method: 'POST', path: '/metrics' },
  /** Store what was read out of the ended conversation (its declared fields and criteria). */
  ANALYSIS: { method: 'PUT', path: '/analysis' },
  /** Run a webhook tool of the scenario: the API calls the business's endpoint. */
  WEBHOOK_TOOL_CALL: { method: 'POST', path: '/webhook-tools/:toolName/calls' },
  /** Search the documents the scenario's knowledge feature attached (a `ToolResult`). */
  KNOWLEDGE_SEARCH: { method: 'POST', path: '/knowledge/search' },
  /** Search a collection the publication attached. */
  SEARCH: { method: 'POST', path: '/collections/:collectionId/search' },
  /** One item's display data. */
  ITEM: { method: 'GET', path: '/collections/:collectionId/items/:itemId' },
  /** Items side by side. */
  COMPARE: { method: 'POST', path: '/collections/:collectionId/compare' },
  /** One of the visitor's buckets (empty when it does not exist yet). */
  BUCKET: { method: 'GET', path: '/buckets/:name' },
  /** Add an item to a bucket. */
  BUCKET_ADD: { method: 'POST', path: '/buckets/:name/items' },
  /** Set the quantity of a bucket line. */
  BUCKET_SET: { method: 'PATCH', path: '/buckets/:name/items/:collectionId/:itemId' },
  /** Remove a bucket line. */
  BUCKET_REMOVE: { method: 'DELETE', path: '/buckets/:name/items/:collectionId/:itemId' },
  /** Empty a bucket. */
  BUCKET_CLEAR: { method: 'DELETE', path: '/buckets/:name/items' },
} as const;

/** One of {@link AGENT_API_ENDPOINTS}. */
export type AgentApiEndpoint = (typeof AGENT_API_ENDPOINTS)[keyof typeof AGENT_API_ENDPOINTS];

/** The `:name` parameters of a route path, as a union of their names. */
export type RouteParameters<Path extends string> =
  Path extends `${string}:${infer Name}/${infer Rest}`
    ? Name | RouteParameters<`/${Rest}`>
    : Path extends `${string}:${infer Name}`
      ? Name
      : never;

/**
 * The path of an agent API endpoint for one conversation, relative to the API path prefix, with
 * every parameter URL-encoded: `agentApiPath(AGENT_API_ENDPOINTS.SEARCH, { conversationId: 'c-1',
 * collectionId: 7 })` is `/agent/conversations/c-1/collections/7/search`.
 */
export function agentApiPath<Path extends AgentApiEndpoint['path']>(
  endpoint: { path: Path },
  parameters: Record<RouteParameters<Path> | 'conversationId', string | number>,
): string {
  const values: Record<string, string | number> = parameters;
  return `${AGENT_API_BASE}${endpoint.path}`.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String(values[name])),
  );
}
