// The intent router in front of a conversation's LLM, built from its scenario.
import type { llm } from '@livekit/agents';
import type { RuntimeConfig } from '@svc/protocol/agent';
import type { ConversationApi } from '../api-client.js';
import { filtersFromArgs, operationOf } from '../tools.js';
import { routerCatalog, type RoutedTool } from './catalog.js';
import { seenItem, type SeenItem } from './context.js';
import type { ItemLookup } from './intents.js';
import { RoutedLLM, type RouterDecision } from './routed-llm.js';

export { RoutedLLM, type RouterDecision } from './routed-llm.js';
export { routerCatalog, type RouterCatalog, type RoutedTool } from './catalog.js';
export { conversationContext, type ChatEntry, type ConversationContext } from './context.js';
export { routeUtterance, type Route } from './intents.js';
export { smallTalkReply, toolReplies, toolReply, type ReplyStyle } from './replies.js';
export { lexiconFor } from './languages/index.js';
export type { Lexicon } from './lexicon.js';
export { templatesFor, type ReplyTemplates } from './reply-templates.js';

/** The scenario's tools with what each does, as the router calls them. */
export function routedTools(runtime: RuntimeConfig): RoutedTool[] {
  const tools: RoutedTool[] = [];
  for (const feature of runtime.scenario.features ?? []) {
    const collectionId = Number(feature.settings?.collection_id);
    const collection =
      runtime.collections.find((candidate) => candidate.id === collectionId) ??
      runtime.collections[0];
    for (const tool of feature.tools ?? []) {
      if (tools.some((known) => known.name === tool.name)) continue;
      // A scenario that gives a tool its own parameters has its own idea of its arguments.
      if (tool.parameters) continue;
      tools.push({ name: tool.name, operation: operationOf(feature, tool), collection });
    }
  }
  return tools;
}

/** Whether a scenario's conversations route: on unless its LLM settings say `router: false`. */
export function routerEnabled(runtime: RuntimeConfig): boolean {
  const settings = runtime.scenario.voice?.llm;
  if (settings?.router === false) return false;
  // The scripted test LLM answers by its script unless a test asks for the router.
  if (settings?.provider === 'scripted') return settings.router === true;
  return true;
}

/** Wraps a conversation's LLM in the router of its scenario (or answers it as is, when off). */
export function withRouter(
  model: llm.LLM,
  runtime: RuntimeConfig,
  api: Pick<ConversationApi, 'search'>,
  options: {
    spoken: boolean;
    limit: number;
    askAgainBelow?: number | undefined;
    onDecision?: (decision: RouterDecision) => void;
  },
): llm.LLM {
  if (!routerEnabled(runtime)) return model;
  const tools = routedTools(runtime);
  const catalog = routerCatalog({
    language: runtime.conversation.language,
    tools,
    collections: runtime.collections,
    itemNames: runtime.item_names ?? [],
  });
  return new RoutedLLM(model, {
    catalog,
    style: {
      language: runtime.conversation.language,
      spoken: options.spoken,
      operations: tools.map((tool) => tool.operation),
      offer: catalog.offer,
    },
    lookup: itemLookup(api, options.limit),
    askAgainBelow: options.askAgainBelow,
    ...(options.onDecision ? { onDecision: options.onDecision } : {}),
  });
}

/** The router's catalogue lookup on the conversation's API: a collection search, capped. */
export function itemLookup(api: Pick<ConversationApi, 'search'>, limit: number): ItemLookup {
  return async (tool, query, filters, sort): Promise<SeenItem[]> => {
    if (!tool.collection) return [];
    const items = await api.search(
      tool.collection.id,
      query || undefined,
      filtersFromArgs(tool.collection, filters),
      limit,
      sort,
    );
    return items.map((item) => seenItem(item)).filter((item) => item !== undefined);
  };
}
