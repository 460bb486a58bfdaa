import {
  DEFAULT_API_PATH_PREFIX,
  type ConversationMessage,
  type RestoreState,
} from '@svc/protocol';
import {
  AGENT_API_ENDPOINTS,
  agentApiPath,
  parseRuntimeConfig,
  parseToolResult,
  type AgentApiEndpoint,
  type ConversationAnalysis,
  type ParseResult,
  type RouteParameters,
  type RuntimeConfig,
  type ToolResult,
  type TurnMetrics,
} from '@svc/protocol/agent';
import {
  parseBucket,
  parseItemComparison,
  parseItemDisplay,
  parseItemList,
  type Bucket,
  type Item,
  type ItemComparison,
  type ItemDisplay,
  type ItemSearchRequest,
} from '@svc/protocol/content';

/** An API answer that was not 2xx (its status and `{ error }` message), or that did not parse. */
export class AgentApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AgentApiError';
  }
}

/** The agent's API for one conversation, on the Platform API with the service key. */
export interface ConversationApi {
  config(): Promise<RuntimeConfig>;
  appendMessages(messages: ConversationMessage[]): Promise<void>;
  saveRestoreState(state: RestoreState): Promise<void>;
  /** Records the end; `detail` says in words why (an `agent_error`'s cause). */
  end(reason: string, detail?: string): Promise<void>;
  recordMetrics(turns: TurnMetrics[]): Promise<void>;
  /** Stores what was read out of the ended conversation (the first one stored stays). */
  storeAnalysis(analysis: ConversationAnalysis): Promise<void>;
  search(
    collectionId: number,
    query: string | undefined,
    filters: Record<string, unknown>,
    limit?: number,
    sort?: ItemSearchRequest['sort'],
  ): Promise<Item[]>;
  display(collectionId: number, itemId: string): Promise<ItemDisplay>;
  compare(collectionId: number, itemIds: string[]): Promise<ItemComparison>;
  /**
   * Asks the API to run a webhook tool of the scenario (it holds the secrets and the signing
   * key); the answer is the `ToolResult` for the model. `timeoutMs` bounds the wait, `signal`
   * ends it early.
   */
  runWebhookTool(
    name: string,
    args: Record<string, unknown>,
    options: { toolCallId?: string; timeoutMs: number; signal?: AbortSignal | undefined },
  ): Promise<ToolResult>;
  /**
   * Searches the documents the scenario's knowledge feature attached; the answer is the
   * `ToolResult` for the model (the passages with their documents' titles, or a note to say it
   * does not know). Absent from API doubles that serve no knowledge base.
   */
  searchKnowledge?(
    query: string,
    options: { signal?: AbortSignal | undefined },
  ): Promise<ToolResult>;
  cart: {
    get(name: string): Promise<Bucket>;
    add(name: string, collectionId: number, itemId: string, quantity?: number): Promise<Bucket>;
    set(name: string, collectionId: number, itemId: string, quantity: number): Promise<Bucket>;
    remove(name: string, collectionId: number, itemId: string): Promise<Bucket>;
    clear(name: string): Promise<Bucket>;
  };
}

/** Attempts for calls that are safe to repeat (they are idempotent on the API). */
const RETRIES = 3;

/**
 * Whether an answer's status is final: a 2xx the agent could not read, or a 4xx, which will not get
 * better by asking again; but 408 and 429 are transient even though they are 4xx.
 */
function isFinalStatus(status: number): boolean {
  return status < 500 && status !== 408 && status !== 429;
}

/** The `{ error }` of an answer's body, when it is that JSON. */
function errorOf(text: string): string | undefined {
  try {
    const error = (JSON.parse(text) as { error?: unknown } | null)?.error;
    return typeof error === 'string' ? error : undefined;
  } catch {
    return undefined;
  }
}

/** Reads an answer the agent does not use: whatever it is, the call succeeded. */
const ignoreAnswer = (): ParseResult<void> => ({ ok: true, value: undefined });

/** The agent's API client for one conversation. */
export function conversationApi(options: {
  apiUrl: string;
  agentKey: string;
  conversationId: string;
  /** Per request, milliseconds (default 10 s). */
  timeoutMs?: number;
  /** The wait before a retry, doubling with each (default 200 ms: 400 ms, then 800 ms). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}): ConversationApi {
  const base = `${options.apiUrl.replace(/\/+$/, '')}${DEFAULT_API_PATH_PREFIX}`;
  const { conversationId } = options;
  const doFetch = options.fetch ?? fetch;

  async function call<Path extends AgentApiEndpoint['path'], T>(
    endpoint: { method: string; path: Path },
    parameters: Record<RouteParameters<Path>, string | number>,
    parse: (value: unknown) => ParseResult<T>,
    {
      body,
      retries = 1,
      timeoutMs = options.timeoutMs ?? 10_000,
      signal,
    }: {
      body?: unknown;
      retries?: number;
      timeoutMs?: number;
      signal?: AbortSignal | undefined;
    } = {},
  ): Promise<T> {
    const { method } = endpoint;
    const url = `${base}${agentApiPath(endpoint, { ...parameters, conversationId })}`;
    let lastError: unknown;
    for (let attempt = 0; attempt < retries; attempt += 1) {
      if (attempt > 0)
        await new Promise((resolve) =>
          setTimeout(resolve, (options.retryDelayMs ?? 200) * 2 ** attempt),
        );
      try {
        const response = await doFetch(url, {
          method,
          headers: {
            authorization: `Bearer ${options.agentKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: signal
            ? AbortSignal.any([AbortSignal.timeout(timeoutMs), signal])
            : AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (response.ok) {
          const parsed = parse(text ? (JSON.parse(text) as unknown) : undefined);
          // A 2xx the agent cannot read is a contract break: asking again would get the same.
          if (!parsed.ok)
            throw new AgentApiError(
              response.status,
              `unreadable answer to ${method} ${endpoint.path}: ${parsed.error}`,
            );
          return parsed.value;
        }
        // A proxy in front of the API answers its own errors, often not in JSON (an HTML 413):
        // the status still says what happened.
        const failure = new AgentApiError(
          response.status,
          errorOf(text) ?? `HTTP ${response.status}`,
        );
        if (isFinalStatus(response.status)) throw failure;
        lastError = failure;
      } catch (error) {
        if (error instanceof AgentApiError && isFinalStatus(error.status)) throw error;
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }

  const endpoints = AGENT_API_ENDPOINTS;
  const retried = { retries: RETRIES };
  return {
    config: () => call(endpoints.CONFIG, {}, parseRuntimeConfig, retried),
    appendMessages: async (messages) => {
      if (messages.length > 0)
        await call(endpoints.MESSAGES, {}, ignoreAnswer, { ...retried, body: { messages } });
    },
    saveRestoreState: (state) =>
      call(endpoints.RESTORE_STATE, {}, ignoreAnswer, { ...retried, body: state }),
    end: (reason, detail) =>
      call(endpoints.END, {}, ignoreAnswer, {
        ...retried,
        body: { reason, ...(detail ? { detail: detail.slice(0, 1000) } : {}) },
      }),
    recordMetrics: async (turns) => {
      if (turns.length > 0)
        await call(endpoints.METRICS, {}, ignoreAnswer, { ...retried, body: { turns } });
    },
    storeAnalysis: (analysis) =>
      call(endpoints.ANALYSIS, {}, ignoreAnswer, { ...retried, body: analysis }),
    search: async (collectionId, query, filters, limit, sort) =>
      (
        await call(endpoints.SEARCH, { collectionId }, parseItemList, {
          body: {
            ...(query ? { query } : {}),
            filters,
            ...(limit ? { limit } : {}),
            ...(sort ? { sort } : {}),
          },
        })
      ).items,
    display: (collectionId, itemId) =>
      call(endpoints.ITEM, { collectionId, itemId }, parseItemDisplay),
    compare: (collectionId, itemIds) =>
      call(endpoints.COMPARE, { collectionId }, parseItemComparison, {
        body: { item_ids: itemIds },
      }),
    // Once: the API's answer is final whatever it says, and a repeated call would be another call.
    runWebhookTool: (toolName, args, { toolCallId, timeoutMs, signal }) =>
      call(endpoints.WEBHOOK_TOOL_CALL, { toolName }, parseToolResult, {
        body: { arguments: args, ...(toolCallId ? { tool_call_id: toolCallId } : {}) },
        timeoutMs,
        signal,
      }),
    searchKnowledge: (query, { signal }) =>
      call(endpoints.KNOWLEDGE_SEARCH, {}, parseToolResult, { body: { query }, signal }),
    cart: {
      get: (name) => call(endpoints.BUCKET, { name }, parseBucket),
      add: (name, collectionId, itemId, quantity) =>
        call(endpoints.BUCKET_ADD, { name }, parseBucket, {
          body: { collection_id: collectionId, item_id: itemId, ...(quantity ? { quantity } : {}) },
        }),
      set: (name, collectionId, itemId, quantity) =>
        call(endpoints.BUCKET_SET, { name, collectionId, itemId }, parseBucket, {
          body: { quantity },
        }),
      remove: (name, collectionId, itemId) =>
        call(endpoints.BUCKET_REMOVE, { name, collectionId, itemId }, parseBucket),
      clear: (name) => call(endpoints.BUCKET_CLEAR, { name }, parseBucket),
    },
  };
}
