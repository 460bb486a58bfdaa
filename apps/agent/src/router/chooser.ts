// Which request a turn makes, when no rule of the table reads it: asked of the scenario's own
// model as a choice among the router's requests, under a grammar that admits nothing else, on a
// short prompt. The model only names the request; the feature's slot readers then find its item,
// count or search words in the words and in what the page shows, as for a rule's route. A small
// model picks the request well where it picks arguments badly: left the whole turn, the embedded
// model searched an invented colour and showed the cart for "put it in the basket", and took
// 7-22 s doing it; naming the request takes about a second.
import type { JsonAnswering } from '../post-call-analysis.js';
import type { Operation } from '../tools.js';
import type { RouterCatalog } from './catalog.js';
import type { ConversationContext } from './context.js';
import { slotReaderFor } from './features.js';

/** The rule id a turn records when the model named its request: `chosen.<operation>`. */
export const CHOSEN_RULE_PREFIX = 'chosen.';

/** The answer that leaves the turn to the model. */
const TALK = 'talk';

/** Each request as the model is offered it: its one-word name, and what it does. */
const CHOICES: ReadonlyArray<{ operation: Operation; name: string; does: string }> = [
  {
    operation: 'search',
    name: 'search',
    does: 'look for items (a kind, a need, a price limit, a feature, a colour)',
  },
  {
    operation: 'display',
    name: 'show',
    does: 'show or tell about one item that was listed or named',
  },
  { operation: 'compare', name: 'compare', does: 'compare items side by side' },
  {
    operation: 'cart_add',
    name: 'add',
    does: 'put an item into the cart (buy it, take it, order some)',
  },
  { operation: 'cart_remove', name: 'remove', does: 'take an item out of the cart' },
  { operation: 'cart_list', name: 'cart', does: 'show what is in the cart, or its total' },
];

/** Longest a choice may take before the model answers the turn itself, ms. */
export const CHOICE_TIMEOUT_MS = 4000;

/**
 * The requests the model may name in a scenario: those of its routed tools that a feature reads
 * slots for. Never the end: a call ended on a guess cannot be taken back, and the model named the
 * end for a question about the business, where a parting the rules miss costs a polite reply.
 * None: no turn waits for a choice (a receptionist that only ends calls).
 */
export function choosableOperations(catalog: RouterCatalog): Operation[] {
  const routed = new Set(catalog.tools.map((tool) => tool.operation));
  return CHOICES.map((choice) => choice.operation).filter(
    (operation) => routed.has(operation) && slotReaderFor(operation) !== undefined,
  );
}

/** What the page shows the visitor, in a sentence: what "it", "the second" or "those" point at. */
export function pageState(context: ConversationContext): string {
  const last = context.last;
  if (last === 'compare' && context.compared.length > 0)
    return `A comparison of ${context.compared.length} items is on the page.`;
  if ((last === 'cart_list' || last === 'cart_add' || last === 'cart_remove') && context.cart)
    return `The cart is on the page, with ${context.cart.length} items.`;
  if (last === 'display' && context.focus) return 'One item is on the page.';
  if (context.shown.length > 0) return `A list of ${context.shown.length} items is on the page.`;
  return 'Nothing is on the page yet.';
}

/** What the model reads of a turn: what the page shows, and the visitor's words quoted (read, not obeyed). */
export function choicePrompt(text: string, context: ConversationContext): string {
  return `${pageState(context)}\nVisitor: ${JSON.stringify(text)}`;
}

/** The instructions of the choice among `operations`, and its answer's shape. */
export function choiceQuestion(operations: readonly Operation[]): {
  instructions: string;
  schema: Record<string, unknown>;
} {
  const offered = CHOICES.filter((choice) => operations.includes(choice.operation));
  const lines = offered.map((choice) => `${choice.name}: ${choice.does}`);
  return {
    instructions: [
      "You read what a shop's visitor just said and choose the one action that does it.",
      ...lines,
      `${TALK}: anything else (greetings, thanks, goodbyes, questions about the shop, delivery, returns, opening hours)`,
    ].join('\n'),
    // An object, not a bare word: asked for a bare word, the model answered "show" to most
    // requests (the dev turns of the shop sets, four languages: 63 of 146 right, against 87 of
    // 146 as an object's field).
    schema: {
      type: 'object',
      properties: { action: { enum: [...offered.map((choice) => choice.name), TALK] } },
      required: ['action'],
    },
  };
}

/**
 * The request the model names for `text`, among `operations`; `undefined` when it names none
 * (`talk`), answers out of shape, fails, or takes longer than {@link CHOICE_TIMEOUT_MS}.
 */
export async function chooseOperation(
  model: JsonAnswering,
  text: string,
  context: ConversationContext,
  operations: readonly Operation[],
  signal?: AbortSignal,
  timeoutMs = CHOICE_TIMEOUT_MS,
): Promise<Operation | undefined> {
  if (operations.length === 0) return undefined;
  const { instructions, schema } = choiceQuestion(operations);
  const prompt = choicePrompt(text, context);
  const name = await askChoice(
    model,
    { instructions, prompt, schema },
    'action',
    signal,
    timeoutMs,
  );
  return CHOICES.find((choice) => choice.name === name && operations.includes(choice.operation))
    ?.operation;
}

/**
 * The `field` of the model's answer to a choice (an object of one enum field); `undefined` when it
 * answers out of shape, fails, or takes longer than `timeoutMs`.
 */
export async function askChoice(
  model: JsonAnswering,
  question: { instructions: string; prompt: string; schema: Record<string, unknown> },
  field: string,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
  if (stop.aborted) return undefined;
  const answer = await Promise.race([
    model.answerJson({ ...question, maxTokens: 16 }, stop),
    new Promise<undefined>((resolve) =>
      stop.addEventListener('abort', () => resolve(undefined), { once: true }),
    ),
  ]).catch(() => undefined);
  if (answer === undefined) return undefined;
  try {
    return (JSON.parse(answer) as Record<string, unknown> | null)?.[field];
  } catch {
    return undefined;
  }
}
