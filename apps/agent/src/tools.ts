import { llm } from '@livekit/agents';
import {
  FEATURE_TYPES,
  RESPONSE_CODES,
  RPC_METHODS,
  TIMINGS,
  isSuccessCode,
  rpcMethodName,
  toolTimeouts,
  type Collection,
  type RpcToolRequest,
} from '@svc/protocol';
import {
  fieldWithRole,
  KNOWLEDGE_ANSWERS,
  operationOf,
  toolDefaults,
  type FeatureSnapshot,
  type KnowledgeAnswers,
  type Item,
  type ToolDefaults,
  type ToolOperation,
  type ToolResult,
  type ToolSnapshot,
  WEBHOOK_TOOL_LIMITS,
  type WebhookToolSettings,
} from '@svc/protocol/agent';
import { parseRpcToolResponse, parseUiActivityCheckResponse } from '@svc/protocol/parse';
import { CATALOGUE_KEY, REPLY_FIELDS_KEY, WHOLE_TEXT_KEY } from '@svc/agents-plugin-embedded';
import type { ConversationApi } from './api-client.js';
import type { VisitorChannel } from './channel.js';

/** What a tool does with the agent's API; `custom` tools only call the page. */
export type Operation = ToolOperation;

/** What a tool does: declared at save time, never read from its name (`@svc/protocol/agent`). */
export { operationOf };

/** What the tools act with. */
export interface ToolDeps {
  api: ConversationApi;
  channel: VisitorChannel;
  collections: Collection[];
  /** The scenario's result limit. */
  limit: number;
  /** The end tool ran: finish the conversation once the goodbye is spoken. */
  onEnd(reason: string): void;
  /** Unix ms of the visitor's last `ui:activity`, or 0. */
  lastUiActivity(): number;
  /** Aborted when the conversation ends: a page call still waiting settles at once. */
  signal?: AbortSignal;
}

type JsonSchema = Record<string, unknown>;

/** The search tool's filter arguments, from the collection's filter fields. */
function filterProperties(collection: Collection | undefined): JsonSchema {
  const properties: JsonSchema = {};
  for (const field of collection?.filter_fields ?? []) {
    if (field.field_type === 'enum' && field.enum_options?.length) {
      properties[field.filter_key] = {
        type: 'string',
        enum: field.enum_options.map((o) => o.value),
        description: `${field.name}: only when the visitor names one`,
      };
    } else if (field.field_type === 'number') {
      properties[`min_${field.filter_key}`] = {
        type: 'number',
        description: `lowest ${field.name.toLowerCase()}: only when the visitor gives one`,
      };
      properties[`max_${field.filter_key}`] = {
        type: 'number',
        description: `highest ${field.name.toLowerCase()}: only when the visitor gives one`,
      };
    } else if (field.field_type === 'boolean') {
      properties[field.filter_key] = {
        type: 'boolean',
        description: `${field.name}: only when the visitor asks for it`,
      };
    }
  }
  return properties;
}

/** Search arguments back to the API's filters. */
export function filtersFromArgs(
  collection: Collection | undefined,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const field of collection?.filter_fields ?? []) {
    const key = field.filter_key;
    if (field.field_type === 'number') {
      const min = args[`min_${key}`];
      const max = args[`max_${key}`];
      if (typeof min === 'number' || typeof max === 'number') {
        filters[key] = {
          ...(typeof min === 'number' ? { min } : {}),
          ...(typeof max === 'number' ? { max } : {}),
        };
      }
    } else if (args[key] !== undefined && args[key] !== null && args[key] !== '') {
      filters[key] = args[key];
    }
  }
  return filters;
}

/**
 * The default description and JSON Schema of an operation, when the scenario gives none: the
 * protocol's defaults (which the Studio's feature catalog shows too), fitted to the collection.
 */
function defaults(
  operation: Operation,
  feature: FeatureSnapshot,
  collection: Collection | undefined,
): ToolDefaults {
  return toolDefaults(operation, {
    subject: collection?.name,
    maxItems: Number(feature.settings?.max_items ?? 3),
    filterProperties: filterProperties(collection),
    featureType: feature.type,
  });
}

/** The fields of an item worth telling the model, short. */
export function compactItem(item: Item): Record<string, unknown> {
  const out: Record<string, unknown> = { id: item.id };
  for (const [key, value] of Object.entries(item.data)) {
    if (typeof value === 'string' && value.length > 140) out[key] = `${value.slice(0, 137)}...`;
    else if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      out[key] = value;
  }
  return out;
}

/** The operations that answer the cart. */
const CART_OPERATIONS: ReadonlySet<Operation> = new Set([
  'cart_add',
  'cart_remove',
  'cart_set',
  'cart_list',
  'cart_clear',
]);

/**
 * The fields a reply about the cart needs of each line: how many, and the item's fields its card
 * shows. A line's whole item (weight, rating, stock...) and when it was added were most of what
 * the model read before its reply (a one-line cart about 150 tokens, 3 s on two cores).
 * Undefined without a view, as {@link replyFields}.
 */
export function cartReplyFields(collection: Collection | undefined): string[] | undefined {
  const fields = replyFields(collection, {});
  return fields ? [...fields, 'quantity'] : undefined;
}

/**
 * The item fields a reply about a list of found items needs: those the collection's card shows
 * (its view's title, subtitle, price... but not long texts, which the model gets shortened or
 * not at all) and those the visitor's search asked about. Undefined without a view: the model
 * then gets every short field.
 */
export function replyFields(
  collection: Collection | undefined,
  args: Record<string, unknown>,
): string[] | undefined {
  const mapping = collection?.view?.mapping;
  if (!mapping) return undefined;
  const fields = new Set<string>();
  for (const template of Object.values(mapping)) {
    for (const match of template.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)) {
      if (match[1]) fields.add(match[1]);
    }
  }
  for (const field of collection.filter_fields ?? []) {
    const key = field.filter_key;
    if ([key, `min_${key}`, `max_${key}`].some((name) => args[name] !== undefined)) fields.add(key);
  }
  return [...fields];
}

/**
 * The API's answer as the conversation keeps it. A comparison's `rows` restate its items' fields
 * field by field, for the page's table (which gets them with the call): kept, they doubled what
 * the model reads before its reply (about 300 prompt tokens for three items, 6 s on two cores).
 */
function told(operation: Operation, data: unknown): unknown {
  if (operation !== 'compare' || !data || typeof data !== 'object' || !('rows' in data))
    return data;
  const { rows: _rows, ...items } = data as Record<string, unknown>;
  return items;
}

/** Keeps what goes back to the model (and into a page RPC) within the Transport's RPC limit. */
export function fitJson<T>(value: T, maxBytes = TIMINGS.MAX_RPC_PAYLOAD_BYTES - 1024): T {
  let current: unknown = value;
  for (let guard = 0; guard < 50 && jsonBytes(current) > maxBytes; guard += 1) {
    if (Array.isArray(current) && current.length > 1) current = current.slice(0, -1);
    else if (
      current &&
      typeof current === 'object' &&
      Array.isArray((current as { items?: unknown[] }).items)
    ) {
      const items = (current as { items: unknown[] }).items;
      if (items.length <= 1) break;
      current = { ...(current as object), items: items.slice(0, -1), truncated: true };
    } else break;
  }
  return current as T;
}

/**
 * Bytes of a value as JSON. `undefined` (a `custom` tool has no API data) is nothing to send:
 * `JSON.stringify` answers it with `undefined`, not a string, and `Buffer.byteLength` throws.
 */
function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? 0 : Buffer.byteLength(text);
}

/** The Transport's RPC error codes the agent tells apart (`RpcError.ErrorCode` of rtc-node). */
const RPC_ERROR_REASONS: Record<number, string> = {
  1400: 'the page has no handler for this tool',
  1401: 'the page is not connected',
  1402: 'the call was over the RPC payload limit',
  1501: 'the page is not connected',
  1502: 'the page did not answer in time',
  1503: 'the page is not connected',
  1504: "the page's answer was over the RPC payload limit",
};

/** A readable reason from a failed page RPC, for the model. */
function rpcFailure(error: unknown): string {
  const code = (error as { code?: number }).code;
  const message = (error as Error).message ?? String(error);
  const known = code === undefined ? undefined : RPC_ERROR_REASONS[code];
  if (known) return known;
  // 1500: the page's handler threw, and an RpcError's message (at most 256 bytes) is its reason.
  if (code === 1500) return `the page reported an error: ${message}`;
  if (/timeout/i.test(message)) return 'the page did not answer in time';
  return message;
}

/** A readable reason from a page's answer that is not a success, for the model. */
function answerFailure(code: string, data: unknown): string {
  const detail =
    data === undefined || data === null
      ? ''
      : typeof data === 'string'
        ? data
        : JSON.stringify(data);
  switch (code) {
    case RESPONSE_CODES.TIMEOUT:
      return `the page did not answer in time${detail ? ` (${detail})` : ''}`;
    case RESPONSE_CODES.CANCELLED:
      return 'the page cancelled the call';
    case RESPONSE_CODES.ERROR:
      return `the page reported an error${detail ? `: ${detail}` : ''}`;
    default:
      return `the page answered ${code}${detail ? `: ${detail}` : ''}`;
  }
}

/** How a page call ended: the page's answer, or why there is none. */
type PageOutcome =
  | { ok: true; data: unknown }
  | {
      ok: false;
      /** What `page_error` has said since the first frontend tools: the code and data, or the RPC failure. */
      pageError: string;
      /** The same, as a sentence. */
      reason: string;
    };

/**
 * Calls the tool's method on the page and waits for its answer, at most `timeoutMs`, or until a
 * signal aborts (the turn interrupted, the conversation ended): every call settles.
 */
async function callPage(
  channel: VisitorChannel,
  tool: ToolSnapshot,
  request: RpcToolRequest,
  timeoutMs: number,
  signals: (AbortSignal | undefined)[],
): Promise<PageOutcome> {
  const bytes = jsonBytes(request);
  if (bytes > TIMINGS.MAX_RPC_PAYLOAD_BYTES) {
    const reason = `the call is ${bytes} bytes, over the ${TIMINGS.MAX_RPC_PAYLOAD_BYTES}-byte RPC payload limit`;
    return { ok: false, pageError: reason, reason };
  }
  const cancelled = 'the call was cancelled before the page answered';
  let stop: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(new Error(cancelled));
    for (const signal of signals) signal?.addEventListener('abort', stop, { once: true });
  });
  try {
    if (signals.some((signal) => signal?.aborted)) throw new Error(cancelled);
    const answer = await Promise.race([
      channel.call(rpcMethodName(tool), request, timeoutMs),
      aborted,
    ]);
    let json: unknown;
    try {
      json = JSON.parse(answer);
    } catch {
      json = answer;
    }
    const parsed = parseRpcToolResponse(json);
    if (!parsed.ok) {
      const reason = `the page answered something unreadable: ${parsed.error}`;
      return { ok: false, pageError: reason, reason };
    }
    const { code, data } = parsed.value;
    if (isSuccessCode(code)) return { ok: true, data };
    return {
      ok: false,
      pageError: `${code}${data === undefined ? '' : `: ${JSON.stringify(data)}`}`,
      reason: answerFailure(code, data),
    };
  } catch (error) {
    const reason = rpcFailure(error);
    return { ok: false, pageError: reason, reason };
  } finally {
    for (const signal of signals) if (stop) signal?.removeEventListener('abort', stop);
  }
}

/** Builds the model's tools from the scenario's features. */
export function buildTools(features: FeatureSnapshot[], deps: ToolDeps): llm.FunctionTool[] {
  const tools: llm.FunctionTool[] = [];
  const seen = new Set<string>();
  for (const feature of features) {
    const collectionId = Number(feature.settings?.collection_id);
    const collection = deps.collections.find((c) => c.id === collectionId) ?? deps.collections[0];
    for (const toolConfig of feature.tools ?? []) {
      if (seen.has(toolConfig.name)) continue;
      seen.add(toolConfig.name);
      const operation = operationOf(feature, toolConfig);
      const fallback = defaults(operation, feature, collection);
      tools.push(
        llm.tool({
          name: toolConfig.name,
          description: toolConfig.description ?? fallback.description,
          parameters: (toolConfig.parameters ?? fallback.parameters) as never,
          execute: async (args: Record<string, unknown>, { toolCallId, abortSignal }) =>
            runTool({
              feature,
              tool: toolConfig,
              operation,
              collection,
              args: args ?? {},
              toolCallId,
              abortSignal,
              deps,
            }),
        }) as unknown as llm.FunctionTool,
      );
    }
    if (
      feature.type === FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH &&
      !seen.has(KNOWLEDGE_TOOL_NAME)
    ) {
      seen.add(KNOWLEDGE_TOOL_NAME);
      tools.push(knowledgeTool(deps));
    }
  }
  return tools;
}

/** The tool the knowledge feature brings the model. */
export const KNOWLEDGE_TOOL_NAME = 'search_knowledge';

/** The knowledge search tool of a scenario with documents attached, if it has one. */
export function knowledgeToolOf(features: readonly FeatureSnapshot[]): string | undefined {
  return features.some((feature) => feature.type === FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH)
    ? KNOWLEDGE_TOOL_NAME
    : undefined;
}

/**
 * Who answers from the knowledge search of a scenario: its knowledge feature's `settings.answers`,
 * else the documents' own words on the embedded model (told to answer only from the passages, it
 * still says "yes, we do that" when they do not answer) and the model on a hosted one.
 */
export function knowledgeAnswersOf(
  features: readonly FeatureSnapshot[],
  embeddedModel: boolean,
): KnowledgeAnswers {
  const chosen = features.find(
    (feature) => feature.type === FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH,
  )?.settings?.answers;
  if ((KNOWLEDGE_ANSWERS as readonly unknown[]).includes(chosen)) return chosen as KnowledgeAnswers;
  return embeddedModel ? 'passages' : 'model';
}

/**
 * Searches the business's documents: the API answers the relevant passages with their documents'
 * titles (which the transcript's tool message keeps), or a note to say the agent does not know.
 */
function knowledgeTool(deps: ToolDeps): llm.FunctionTool {
  return llm.tool({
    name: KNOWLEDGE_TOOL_NAME,
    description:
      "Search the business's documents (policies, services, prices, hours, procedures) for what the visitor asks. Answer only from the passages found, and say you do not know when none answers.",
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'The visitor’s question, in full.' } },
      required: ['query'],
    } as never,
    execute: async (args: Record<string, unknown>, { abortSignal }): Promise<ToolResult> => {
      const query = typeof args?.query === 'string' ? args.query.trim() : '';
      if (!query) return { ok: false, error: 'search_knowledge needs the question as query' };
      if (!deps.api.searchKnowledge)
        return { ok: false, error: 'no knowledge base is served here' };
      const signals = [abortSignal, deps.signal].filter(
        (signal): signal is AbortSignal => signal !== undefined,
      );
      try {
        const found = await deps.api.searchKnowledge(query, {
          signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
        });
        // The passages are what the answer is made of: a small model shown only their first
        // words (as catalogue descriptions are cut) answers from half a sentence or not at all.
        // A key of the model's view, not of the wire's ToolResult: added past its literal check.
        const forModel = { [WHOLE_TEXT_KEY]: true };
        return { ...found, ...forModel };
      } catch (error) {
        return { ok: false, error: `the search did not go through: ${(error as Error).message}` };
      }
    },
  }) as unknown as llm.FunctionTool;
}

/**
 * A search that found nothing, asked again with less: models, small ones most, fill filters nobody
 * asked for ("black", "waterproof"), and a visitor's words may match nothing of the kind they
 * named. The kind (the filter whose field plays the `category` role) and the words are what was
 * asked for and are never dropped: only the other filters go. A kind that holds nothing with the
 * words answers empty, rather than with its other items or another kind's, and says so; the model
 * is told what was left out.
 */
async function relaxedSearch<T>(
  target: Collection,
  query: string | undefined,
  filters: Record<string, unknown>,
  deps: ToolDeps,
  found: (items: Item[], note?: string) => T,
): Promise<T> {
  const kindKey = fieldWithRole(target, 'category')?.filter_key;
  const kind: Record<string, unknown> =
    kindKey !== undefined && kindKey in filters ? { [kindKey]: filters[kindKey] } : {};
  const dropped = Object.keys(filters).filter((key) => !(key in kind));
  if (dropped.length > 0) {
    const items = await deps.api.search(target.id, query, kind, deps.limit);
    if (items.length > 0)
      return found(
        items,
        `Nothing matched every filter (${dropped.join(', ')}); these match the rest of the search.`,
      );
    if (Object.keys(kind).length === 0) return found([]);
  }
  if (!query) return found([]);
  return found(
    [],
    `Nothing in ${Object.values(kind).map(String).join(', ')} matches the words "${query}".`,
  );
}

/** Runs the API side of an operation; answers the data the page and the model get. */
async function dataFor(
  operation: Operation,
  collection: Collection | undefined,
  args: Record<string, unknown>,
  deps: ToolDeps,
  feature: FeatureSnapshot,
): Promise<unknown> {
  const needCollection = () => {
    if (!collection) throw new Error('this scenario has no collection attached');
    return collection;
  };
  const cartName = typeof feature.settings?.bucket === 'string' ? feature.settings.bucket : 'cart';
  const id = String(args.item_id ?? '');
  switch (operation) {
    case 'search': {
      const target = needCollection();
      const query = typeof args.query === 'string' ? args.query : undefined;
      const filters = filtersFromArgs(target, args);
      const found = (items: Item[], note?: string) => ({
        collection_id: target.id,
        count: items.length,
        items: items.map(compactItem),
        ...(note ? { note } : {}),
      });
      const items = await deps.api.search(target.id, query, filters, deps.limit);
      if (items.length > 0 || Object.keys(filters).length === 0) return found(items);
      return relaxedSearch(target, query, filters, deps, found);
    }
    case 'display':
      return deps.api.display(needCollection().id, id);
    case 'compare':
      return deps.api.compare(
        needCollection().id,
        ((args.item_ids as unknown[] | undefined) ?? []).map(String),
      );
    case 'cart_add':
      return deps.api.cart.add(
        cartName,
        needCollection().id,
        id,
        typeof args.quantity === 'number' ? args.quantity : undefined,
      );
    case 'cart_remove':
      return deps.api.cart.remove(cartName, needCollection().id, id);
    case 'cart_set':
      return deps.api.cart.set(cartName, needCollection().id, id, Number(args.quantity));
    case 'cart_list':
      return deps.api.cart.get(cartName);
    case 'cart_clear':
      return deps.api.cart.clear(cartName);
    default:
      return undefined;
  }
}

/**
 * How long the agent waits for the API beyond a webhook tool's own timeout: the API ends the
 * business's call within that timeout, and this is its way there and back.
 */
const WEBHOOK_API_MARGIN_MS = 2_000;

/**
 * A webhook tool: the API calls the business's endpoint (the secrets and the signing key stay
 * there) and answers the `ToolResult` the model gets. The wait is bounded by the tool's timeout
 * and a margin, and ends with the turn or the conversation: every path ends in a result.
 */
async function callWebhook(call: {
  tool: ToolSnapshot;
  args: Record<string, unknown>;
  toolCallId: string;
  abortSignal: AbortSignal | undefined;
  deps: ToolDeps;
}): Promise<ToolResult> {
  const settings = call.tool.settings?.webhook as Partial<WebhookToolSettings> | undefined;
  const timeoutMs =
    (settings?.timeout_s ?? WEBHOOK_TOOL_LIMITS.DEFAULT_TIMEOUT_S) * 1000 + WEBHOOK_API_MARGIN_MS;
  const signals = [call.abortSignal, call.deps.signal].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  try {
    return await call.deps.api.runWebhookTool(call.tool.name, call.args, {
      toolCallId: call.toolCallId,
      timeoutMs,
      signal: signals.length > 0 ? AbortSignal.any(signals) : undefined,
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? 'the platform did not answer in time'
        : (error as Error).name === 'AbortError'
          ? 'the call was cancelled'
          : (error as Error).message;
    return { ok: false, error: `${call.tool.name} did not go through: ${reason}` };
  }
}

/** Whether the visitor is looking at the page: recent `ui:activity`, else the page is asked. */
async function pageAttention(
  deps: ToolDeps,
): Promise<{ active: boolean; visible: boolean } | undefined> {
  if (Date.now() - deps.lastUiActivity() < 30_000) return { active: true, visible: true };
  try {
    const answer = await deps.channel.call(
      RPC_METHODS.UI_ACTIVITY_CHECK.method,
      {},
      RPC_METHODS.UI_ACTIVITY_CHECK.timeoutMs,
    );
    const parsed = parseUiActivityCheckResponse(JSON.parse(answer));
    return parsed.ok ? { active: parsed.value.active, visible: parsed.value.visible } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one tool call. Failures of any kind come back as a readable result for the model, never
 * as a thrown error that would end the turn.
 */
async function runTool(call: {
  feature: FeatureSnapshot;
  tool: ToolSnapshot;
  operation: Operation;
  collection: Collection | undefined;
  args: Record<string, unknown>;
  toolCallId: string;
  abortSignal: AbortSignal | undefined;
  deps: ToolDeps;
}): Promise<ToolResult> {
  const { tool, operation, deps, args } = call;
  if (call.feature.type === FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM) return callWebhook(call);
  if (operation === 'end') {
    deps.onEnd(typeof args.reason === 'string' && args.reason ? args.reason : 'completed');
    return { ok: true, note: 'The conversation ends after your goodbye. Say a short goodbye now.' };
  }
  let data: unknown;
  try {
    data = fitJson(await dataFor(operation, call.collection, args, deps, call.feature));
  } catch (error) {
    return { ok: false, error: `${tool.name} failed: ${(error as Error).message}` };
  }
  // The model reads a list by the fields a reply needs, and a catalogue's items (of a search, a
  // display, a comparison, the cart) each string once, an item of several by what tells it apart;
  // the page and the router get whole items.
  const fields =
    operation === 'search'
      ? replyFields(call.collection, args)
      : CART_OPERATIONS.has(operation)
        ? cartReplyFields(call.collection)
        : undefined;
  const forModel = {
    ...(fields ? { [REPLY_FIELDS_KEY]: fields } : {}),
    ...(operation === 'custom' ? {} : { [CATALOGUE_KEY]: true }),
  };
  const result = told(operation, data);
  if (tool.type !== 'frontend') return { ok: true, result, ...forModel };

  // A frontend tool also drives the page: the panel gets the arguments and the data to show.
  const attention = operation === 'custom' ? undefined : await pageAttention(deps);
  const request: RpcToolRequest = fitJson({
    requestId: call.toolCallId,
    tool: tool.name,
    args: data === undefined ? args : { ...args, result: data },
    sentAt: Date.now(),
  });
  const outcome = await callPage(deps.channel, tool, request, toolTimeouts(tool).agentMs, [
    call.abortSignal,
    deps.signal,
  ]);
  if (outcome.ok) {
    return {
      ok: true,
      shown_on_page: true,
      ...(attention ? { visitor_looking: attention.active } : {}),
      result: result ?? outcome.data,
      ...(data !== undefined && outcome.data !== undefined ? { page: outcome.data } : {}),
      ...forModel,
    };
  }
  // A tool with API data still has it to tell; a tool that only calls the page did nothing, and
  // the model is told why in a sentence it can pass on.
  return {
    ok: data !== undefined,
    shown_on_page: false,
    page_error: outcome.pageError,
    ...(data !== undefined
      ? { result, ...forModel }
      : { error: `${tool.name} did not go through: ${outcome.reason}` }),
  };
}
