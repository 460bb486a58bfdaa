// What each feature type brings to the router: the rules that route its operations and the
// templates that answer their results. A scenario's router holds only its own features' rules,
// so a scenario without a shop's features routes nothing of a shop.
import { FEATURE_TYPES, type FeatureType } from '@svc/protocol';
import type { Operation } from '../tools.js';
import {
  cartReplies,
  compareReply,
  displayReply,
  endReply,
  refused,
  searchResultReply,
  totalOf,
  type ReplyStyle,
  type ToolReplyTemplate,
  type ToolTurn,
} from './replies.js';
import { templatesFor } from '@svc/languages/replies';
import { CART_READERS, CART_RULES } from './rules/cart.js';
import { COMPARE_READERS, COMPARE_RULES } from './rules/compare.js';
import { DISPLAY_READERS, DISPLAY_RULES } from './rules/display.js';
import { END_RULES } from './rules/end.js';
import { SEARCH_READERS, SEARCH_RULES } from './rules/search.js';
import { GUARD_RULES, QUESTION_TO_MODEL_RULE } from './rules/talk.js';
import { NOT_HELD_RULE, NOTHING_HELD_GUARD, UNHELD_RULES } from './rules/unheld.js';
import type { Rule, SlotReader, SlotReaders } from './rules/types.js';

/** One feature type's part of the router. */
export interface FeatureIntents {
  feature: FeatureType;
  /** Its rules; each names the operations it needs. */
  rules: readonly Rule[];
  /** The templates answering its operations' results (the router's own calls only). */
  replies: Partial<Record<Operation, ToolReplyTemplate>>;
  /**
   * What it reads of a request the model named as one of its operations (see `./chooser.ts`).
   * None: the model names none of them (the end is never a guess).
   */
  readers?: SlotReaders;
}

/** The router's features, by feature type. */
export const FEATURE_INTENTS: readonly FeatureIntents[] = [
  {
    feature: FEATURE_TYPES.COLLECTION_ITEMS_SEARCH,
    // A question about what nothing holds is no search, nor a display: its rule serves both.
    rules: [...SEARCH_RULES, ...UNHELD_RULES],
    replies: { search: searchResultReply },
    readers: SEARCH_READERS,
  },
  {
    feature: FEATURE_TYPES.COLLECTION_ITEMS_DISPLAY,
    rules: DISPLAY_RULES,
    replies: { display: displayReply },
    readers: DISPLAY_READERS,
  },
  {
    feature: FEATURE_TYPES.COLLECTION_ITEMS_COMPARISON,
    rules: COMPARE_RULES,
    replies: { compare: compareReply },
    readers: COMPARE_READERS,
  },
  {
    feature: FEATURE_TYPES.BUCKET_LIST_CRUD,
    rules: CART_RULES,
    replies: cartReplies,
    readers: CART_READERS,
  },
  {
    feature: FEATURE_TYPES.WORKFLOW_CONVERSATION_END,
    rules: END_RULES,
    replies: { end: endReply },
  },
  // The business's page actions: no rule can know what they take, so the model calls them and
  // answers their results in the scenario's own voice.
  { feature: FEATURE_TYPES.PAGE_TOOLS_CUSTOM, rules: [], replies: {} },
  // The business's backend calls, likewise: the model calls them, the API runs them.
  { feature: FEATURE_TYPES.WEBHOOK_TOOLS_CUSTOM, rules: [], replies: {} },
  // Questions about the business's documents: no rule owns them, the model answers from what the
  // knowledge search found.
  { feature: FEATURE_TYPES.KNOWLEDGE_DOCUMENTS_SEARCH, rules: [], replies: {} },
];

/**
 * The guards of a scenario whose documents are searched first (`knowledge.first`) and whose router
 * serves no operation: small talk and the business's own tools go to the model, not to the search
 * ("hi there" is no question for the documents, "book me in on Friday" is the booking tool's). Any
 * question, a "why" too, is the search's.
 */
const DOCUMENT_GUARDS = new Set(['model.unowned-tool', 'talk.small']);

/**
 * The table of a scenario whose routed tools do these operations: the rules of those operations,
 * highest priority first, with the guards in front of them. No rule serves them: an empty table,
 * or, when the scenario's documents are searched first, the guards that keep turns from the search.
 */
export function rulesFor(operations: readonly Operation[], documents = false): Rule[] {
  const owned = new Set(operations);
  const rules = FEATURE_INTENTS.flatMap((feature) => feature.rules).filter((rule) =>
    rule.operations.some((operation) => owned.has(operation)),
  );
  if (rules.length === 0)
    return documents ? GUARD_RULES.filter((rule) => DOCUMENT_GUARDS.has(rule.id)) : [];
  // A question about what is shown is the model's; where nothing can be shown (a receptionist
  // that only ends calls) and the documents are searched first, every question is the search's.
  const shows = operations.some((operation) => operation !== 'end');
  // What the conversation does not hold the documents may: such a question is theirs to answer.
  const guards = [
    ...GUARD_RULES.filter((rule) => shows || !documents || rule.id !== QUESTION_TO_MODEL_RULE),
    ...(documents ? [] : [NOTHING_HELD_GUARD]),
  ];
  const kept = documents ? rules.filter((rule) => rule.id !== NOT_HELD_RULE) : rules;
  return [...guards, ...kept].sort((a, b) => b.priority - a.priority);
}

/** The slot reader of an operation, when a feature of the router has one. */
export function slotReaderFor(operation: Operation): SlotReader | undefined {
  return FEATURE_INTENTS.find((feature) => feature.readers?.[operation])?.readers?.[operation];
}

/**
 * The reply to a tool's result, or `undefined` when no template fits (an operation no feature of
 * the router owns, an error worth explaining, a language without templates): the model answers.
 */
export function toolReply(turn: ToolTurn, style: ReplyStyle): string | undefined {
  const templates = templatesFor(style.language);
  if (!templates) return undefined;
  if (turn.isError && turn.operation !== 'end') return undefined;
  const reply = FEATURE_INTENTS.find((feature) => feature.replies[turn.operation])?.replies[
    turn.operation
  ];
  return reply?.(turn, style, templates);
}

/**
 * The reply to every tool result of one step: as {@link toolReply} for one; several removals from
 * the cart ("take both out") as one sentence; calls of different kinds (two requests of one turn)
 * each by its own reply, in order.
 */
export function toolReplies(turns: readonly ToolTurn[], style: ReplyStyle): string | undefined {
  const last = turns[turns.length - 1];
  if (!last) return undefined;
  // Two requests of one turn ("take the lamp out and look for a stove"): each one's reply, in
  // the order they were made.
  const first = turns[0];
  const split = turns.findIndex((turn) => turn.operation !== first?.operation);
  if (split > 0) {
    const replies = [turns.slice(0, split), turns.slice(split)].map((part) =>
      toolReplies(part, style),
    );
    return replies.every((reply) => reply !== undefined) ? replies.join(' ') : undefined;
  }
  const removals = turns.every((turn) => turn.operation === 'cart_remove' && !turn.isError);
  if (turns.length === 1 || !removals) return toolReply(last, style);
  const templates = templatesFor(style.language);
  if (!templates) return undefined;
  if (turns.some(refused)) return undefined;
  // The calls ran side by side: the cart after the last of them holds the fewest items.
  const totals = turns
    .map((turn) => totalOf(turn.result?.result))
    .filter((total) => total !== undefined);
  const total = totals.length > 0 ? Math.min(...totals) : undefined;
  return templates.removedMany(turns.length, total);
}
