// The intent router in front of a conversation's LLM, built from its scenario.
import type { llm } from '@livekit/agents';
import type { RuntimeConfig } from '@svc/protocol/agent';
import type { ConversationApi } from '../api-client.js';
import { answersJson } from '../post-call-analysis.js';
import { filtersFromArgs, knowledgeAnswersOf, knowledgeToolOf, operationOf } from '../tools.js';
import { routerCatalog, type RoutedTool } from './catalog.js';
import { seenItem, type SeenItem } from './context.js';
import { FEATURE_INTENTS, rulesFor } from './features.js';
import type { ItemLookup, RouterTable } from './intents.js';
import { english, lexiconFor } from '@svc/languages/router';
import { RoutedLLM, type RouterDecision } from './routed-llm.js';
import { toolNameWords } from './promised.js';
import { words } from './text.js';

export {
  KNOWLEDGE_FIRST_RULE,
  NOT_HEARD_RULE,
  RoutedLLM,
  UNHELD_ANSWER_RULE,
  type RouterDecision,
} from './routed-llm.js';
export { routerCatalog, type RouterCatalog, type RoutedTool } from './catalog.js';
export { conversationContext, type ChatEntry, type ConversationContext } from './context.js';
export {
  decideUtterance,
  routeUtterance,
  routerTable,
  type Decision,
  type Route,
  type RouterTable,
} from './intents.js';
export { routerReply, type ReplyStyle } from './replies.js';
export { FEATURE_INTENTS, rulesFor, toolReplies, toolReply } from './features.js';
export { lexiconFor, type Lexicon } from '@svc/languages/router';
export { templatesFor, type ReplyTemplates } from '@svc/languages/replies';

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

/**
 * The words (stemmed) of the scenario's tools the router does not own: tools with parameters of
 * their own, and tools of an operation no feature of the router serves (a booking, a ticket).
 * Words any request has (the language's filler, two letters or fewer) are left out.
 */
export function unownedToolWords(
  runtime: RuntimeConfig,
  routed: readonly RoutedTool[],
): Set<string> {
  const lexicon = lexiconFor(runtime.conversation.language) ?? english;
  const owned = new Set(
    routed
      .filter((tool) =>
        FEATURE_INTENTS.some((feature) => feature.replies[tool.operation] !== undefined),
      )
      .map((tool) => tool.name),
  );
  const unowned = new Set<string>();
  for (const feature of runtime.scenario.features ?? [])
    for (const tool of feature.tools ?? []) {
      if (owned.has(tool.name)) continue;
      const text = `${toolNameWords(tool.name).join(' ')} ${tool.description ?? ''}`;
      for (const word of words(text, lexicon))
        if (word.length > 2 && !lexicon.filler.has(word)) unowned.add(lexicon.stem(word));
    }
  return unowned;
}

/** The router's table for a scenario: its routed tools' rules, and the words it leaves alone. */
export function scenarioTable(runtime: RuntimeConfig, routed: readonly RoutedTool[]): RouterTable {
  return {
    rules: rulesFor(
      routed.map((tool) => tool.operation),
      knowledgeToolOf(runtime.scenario.features ?? []) !== undefined,
    ),
    unownedWords: unownedToolWords(runtime, routed),
  };
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
  const embedded = (runtime.scenario.voice?.llm?.provider ?? 'embedded') === 'embedded';
  const catalog = routerCatalog({
    language: runtime.conversation.language,
    tools,
    collections: runtime.collections,
    itemNames: runtime.item_names ?? [],
  });
  return new RoutedLLM(model, {
    catalog,
    table: scenarioTable(runtime, tools),
    style: {
      language: runtime.conversation.language,
      spoken: options.spoken,
      offer: catalog.offer,
      roles: catalog.roles,
      kindNames: catalog.kindNames,
    },
    lookup: itemLookup(api, options.limit),
    askAgainBelow: options.askAgainBelow,
    knowledgeTool: knowledgeToolOf(runtime.scenario.features ?? []),
    knowledgeAnswers: knowledgeAnswersOf(runtime.scenario.features ?? [], embedded),
    // The embedded model agrees with what it is asked: its outright answers are held to what it
    // was given (bench/agent/eval, the out-of-scope sets).
    grounded: embedded,
    // The embedded model names the request of a turn no rule reads; the rules read its slots. A
    // hosted model answers no JSON question here: it makes its own calls well.
    chooser: answersJson(model) ? model : undefined,
    ...(options.onDecision ? { onDecision: options.onDecision } : {}),
  });
}

/** Warms the chooser of a routed LLM (see {@link RoutedLLM.warmChooser}); nothing for another. */
export function warmChooser(model: llm.LLM): Promise<void> {
  return model instanceof RoutedLLM ? model.warmChooser() : Promise.resolve();
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
