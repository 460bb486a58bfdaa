import type { Collection, ConversationMessage, RestoreState } from '@svc/protocol';

/** The scenario as its publication snapshot holds it. */
export interface ScenarioSnapshot {
  name?: string;
  language?: string;
  prompt?: string;
  first_message?: string;
  voice_stack?: string;
  voice?: { stt?: ProviderSettings; llm?: ProviderSettings; tts?: ProviderSettings };
  avatar_enabled?: boolean;
  audio_dictation?: boolean;
  limit?: number;
  features?: FeatureSnapshot[];
  collection_ids?: number[];
}

/** One provider choice of a scenario's voice settings. */
export interface ProviderSettings {
  provider: string;
  model?: string;
  voice?: string;
  base_url?: string;
  [key: string]: unknown;
}

/** A feature of the scenario with its tools as authored. */
export interface FeatureSnapshot {
  name: string | Record<string, string>;
  type: string;
  settings?: Record<string, unknown>;
  tools?: ToolSnapshot[];
}

/** A tool as authored: the contract's ToolConfig plus an optional description and JSON Schema. */
export interface ToolSnapshot {
  name: string;
  type: string;
  description?: string;
  parameters?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  frontend_method?: string;
  rpc_timeout_s?: number;
}

/** What `GET /v1/agent/conversations/:id/config` answers. */
export interface RuntimeConfig {
  conversation: {
    id: string;
    language: string;
    input_mode: 'audio' | 'text';
    output_mode: 'audio' | 'text';
    metadata: Record<string, unknown>;
    started_at: string;
    ended_at: string | null;
  };
  visitor: { id: number; external_id: string };
  company_id: number;
  publication_uuid: string;
  scenario: ScenarioSnapshot;
  collections: Collection[];
  /** Item names of the attached collections (for the speech recognizer's vocabulary). */
  item_names: string[];
  restore_state: RestoreState;
  history: ConversationMessage[];
}

/** An item as the API answers it. */
export interface Item {
  id: string;
  data: Record<string, unknown>;
}

/** A cart list as the API answers it. */
export interface Bucket {
  name: string;
  items: {
    collection_id: number;
    item_id: string;
    quantity: number;
    data: Record<string, unknown> | null;
  }[];
  total_quantity: number;
}

/** An API answer that was not 2xx: its status and `{ error }` message. */
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
  end(reason: string): Promise<void>;
  recordMetrics(turns: TurnMetrics[]): Promise<void>;
  search(
    collectionId: number,
    query: string | undefined,
    filters: Record<string, unknown>,
    limit?: number,
  ): Promise<Item[]>;
  display(collectionId: number, itemId: string): Promise<unknown>;
  compare(collectionId: number, itemIds: string[]): Promise<unknown>;
  cart: {
    get(name: string): Promise<Bucket>;
    add(name: string, collectionId: number, itemId: string, quantity?: number): Promise<Bucket>;
    set(name: string, collectionId: number, itemId: string, quantity: number): Promise<Bucket>;
    remove(name: string, collectionId: number, itemId: string): Promise<Bucket>;
    clear(name: string): Promise<Bucket>;
  };
}

/** One turn's latencies, milliseconds. */
export interface TurnMetrics {
  turn: number;
  end_of_turn_ms?: number | null;
  stt_ms?: number | null;
  llm_ttft_ms?: number | null;
  tts_ttfb_ms?: number | null;
  e2e_ms?: number | null;
}

/** Attempts for calls that are safe to repeat (they are idempotent on the API). */
const RETRIES = 3;

/** The agent's API client for one conversation. */
export function conversationApi(options: {
  apiUrl: string;
  agentKey: string;
  conversationId: string;
  /** Per request, milliseconds (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}): ConversationApi {
  const base = `${options.apiUrl.replace(/\/+$/, '')}/v1/agent/conversations/${encodeURIComponent(options.conversationId)}`;
  const doFetch = options.fetch ?? fetch;

  async function call<T>(method: string, path: string, body?: unknown, retries = 1): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt < retries; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
      try {
        const response = await doFetch(`${base}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${options.agentKey}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        const text = await response.text();
        const json = text ? (JSON.parse(text) as unknown) : undefined;
        if (response.ok) return json as T;
        const message =
          (json as { error?: string } | undefined)?.error ?? `HTTP ${response.status}`;
        // 4xx will not get better by trying again.
        if (response.status < 500) throw new AgentApiError(response.status, message);
        lastError = new AgentApiError(response.status, message);
      } catch (error) {
        if (error instanceof AgentApiError && error.status < 500) throw error;
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }

  const line = (collectionId: number, itemId: string) =>
    `${collectionId}/${encodeURIComponent(itemId)}`;
  const bucket = (name: string) => `/buckets/${encodeURIComponent(name)}`;
  return {
    config: () => call('GET', '/config', undefined, RETRIES),
    appendMessages: async (messages) => {
      if (messages.length > 0) await call('POST', '/messages', { messages }, RETRIES);
    },
    saveRestoreState: async (state) => {
      await call('PUT', '/restore-state', state, RETRIES);
    },
    end: async (reason) => {
      await call('POST', '/end', { reason }, RETRIES);
    },
    recordMetrics: async (turns) => {
      if (turns.length > 0) await call('POST', '/metrics', { turns }, RETRIES);
    },
    search: async (collectionId, query, filters, limit) =>
      (
        await call<{ items: Item[] }>('POST', `/collections/${collectionId}/search`, {
          ...(query ? { query } : {}),
          filters,
          ...(limit ? { limit } : {}),
        })
      ).items,
    display: (collectionId, itemId) =>
      call('GET', `/collections/${collectionId}/items/${encodeURIComponent(itemId)}`),
    compare: (collectionId, itemIds) =>
      call('POST', `/collections/${collectionId}/compare`, { item_ids: itemIds }),
    cart: {
      get: (name) => call('GET', bucket(name)),
      add: (name, collectionId, itemId, quantity) =>
        call('POST', `${bucket(name)}/items`, {
          collection_id: collectionId,
          item_id: itemId,
          ...(quantity ? { quantity } : {}),
        }),
      set: (name, collectionId, itemId, quantity) =>
        call('PATCH', `${bucket(name)}/items/${line(collectionId, itemId)}`, { quantity }),
      remove: (name, collectionId, itemId) =>
        call('DELETE', `${bucket(name)}/items/${line(collectionId, itemId)}`),
      clear: (name) => call('DELETE', `${bucket(name)}/items`),
    },
  };
}
