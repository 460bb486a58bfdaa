import { llm } from '@livekit/agents';
import {
  FEATURE_TYPES,
  RPC_METHODS,
  TIMINGS,
  isSuccessCode,
  rpcMethodName,
  toolTimeouts,
  type Collection,
} from '@svc/protocol';
import {
  toolDefaults,
  type FeatureSnapshot,
  type Item,
  type ToolDefaults,
  type ToolOperation,
  type ToolSnapshot,
} from '@svc/protocol/agent';
import { parseRpcToolResponse, parseUiActivityCheckResponse } from '@svc/protocol/parse';
import type { ConversationApi } from './api-client.js';
import type { VisitorChannel } from './channel.js';

/** What a tool does with the agent's API; `custom` tools only call the page. */
export type Operation = ToolOperation;

/** The operation of a tool: `settings.operation` when set, else its feature type and name. */
export function operationOf(feature: FeatureSnapshot, tool: ToolSnapshot): Operation {
  const explicit = tool.settings?.operation;
  if (typeof explicit === 'string') return explicit as Operation;
  switch (feature.type) {
    case FEATURE_TYPES.COLLECTION_ITEMS_SEARCH:
      return 'search';
    case FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY:
      return 'display';
    case FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON:
      return 'compare';
    case FEATURE_TYPES.WORKFLOW_CONVERSATION_END:
      return 'end';
    case FEATURE_TYPES.BUCKET_LIST_CRUD: {
      const name = tool.name.toLowerCase();
      if (/remove|delete|drop/.test(name)) return 'cart_remove';
      if (/clear|empty/.test(name)) return 'cart_clear';
      if (/set|update|change|quantity/.test(name)) return 'cart_set';
      if (/add|put/.test(name)) return 'cart_add';
      return 'cart_list';
    }
    default:
      return 'custom';
  }
}

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

/** Keeps what goes back to the model (and into a page RPC) within the Transport's RPC limit. */
export function fitJson<T>(value: T, maxBytes = TIMINGS.MAX_RPC_PAYLOAD_BYTES - 1024): T {
  let current: unknown = value;
  for (
    let guard = 0;
    guard < 50 && Buffer.byteLength(JSON.stringify(current)) > maxBytes;
    guard += 1
  ) {
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

/** A readable reason from a failed page RPC, for the model. */
function rpcFailure(error: unknown): string {
  const code = (error as { code?: number }).code;
  const message = (error as Error).message ?? String(error);
  if (code === 1400) return 'the page has no handler for this tool';
  if (code === 1502 || /timeout/i.test(message)) return 'the page did not answer in time';
  if (code === 1501) return 'the page is not connected';
  return message;
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
  }
  return tools;
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
        ...(note && items.length > 0 ? { note } : {}),
      });
      const items = await deps.api.search(target.id, query, filters, deps.limit);
      if (items.length > 0 || Object.keys(filters).length === 0) return found(items);
      // Models, small ones most, fill filters nobody asked for ("black", "waterproof") and find
      // nothing. Nothing matched every filter: the words alone decide, and the model is told.
      return found(
        await deps.api.search(target.id, query, {}, deps.limit),
        `Nothing matched every filter (${Object.keys(filters).join(', ')}); these match the words of the search.`,
      );
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
}): Promise<unknown> {
  const { tool, operation, deps, args } = call;
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
  if (tool.type !== 'frontend') return { ok: true, result: data };

  // A frontend tool also drives the page: the panel gets the arguments and the data to show.
  const attention = operation === 'custom' ? undefined : await pageAttention(deps);
  const request = {
    requestId: call.toolCallId,
    tool: tool.name,
    args: data === undefined ? args : { ...args, result: data },
    sentAt: Date.now(),
  };
  const timeoutMs = toolTimeouts(tool).agentMs;
  try {
    const answer = await Promise.race([
      deps.channel.call(rpcMethodName(tool), fitJson(request), timeoutMs),
      new Promise<never>((_, reject) => {
        call.abortSignal?.addEventListener('abort', () => reject(new Error('cancelled')), {
          once: true,
        });
      }),
    ]);
    const parsed = parseRpcToolResponse(JSON.parse(answer));
    if (!parsed.ok)
      return {
        ok: false,
        result: data,
        error: `the page answered something unreadable: ${parsed.error}`,
      };
    const { code, data: pageData } = parsed.value;
    if (isSuccessCode(code)) {
      return {
        ok: true,
        shown_on_page: true,
        ...(attention ? { visitor_looking: attention.active } : {}),
        result: data ?? pageData,
        ...(data !== undefined && pageData !== undefined ? { page: pageData } : {}),
      };
    }
    return {
      ok: data !== undefined,
      shown_on_page: false,
      page_error: `${code}${pageData === undefined ? '' : `: ${JSON.stringify(pageData)}`}`,
      ...(data !== undefined ? { result: data } : {}),
    };
  } catch (error) {
    return {
      ok: data !== undefined,
      shown_on_page: false,
      page_error: rpcFailure(error),
      ...(data !== undefined ? { result: data } : {}),
    };
  }
}
