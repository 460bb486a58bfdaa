// Which item of the page a turn means, when the model has named its request (see `./chooser.ts`)
// and the feature's slot reader finds no item in the words: "the one that costs the least", "the
// sport ones", "which lasts longest on a charge" name an item by what the page shows of it, in
// words no rule reads. The model is shown the page's items as short numbered lines and answers one
// number under a grammar (or none), on a prompt of a few lines: the item is picked in about a
// second, where the model's own turn takes several and picks an id from the whole conversation.
import type { JsonAnswering } from '../post-call-analysis.js';
import type { Operation } from '../tools.js';
import { answerFields, CHOICE_TIMEOUT_MS } from './chooser.js';
import type { ConversationContext, SeenItem } from './context.js';

/** The rule id a turn records when the model picked its item: `picked.<operation>`. */
export const PICKED_RULE_PREFIX = 'picked.';

/** The answers that pick no item, and the item with the most or the least of a field. */
const NONE = 'none';
const MOST = 'most';
const LEAST = 'least';

/** Most items the model is shown: a list as the page shows it. */
const MAX_ITEMS = 8;
/** Most fields of an item on its line, beside its name. */
const MAX_FIELDS = 6;
/** A string field longer than this (a description) is the page's to show, not a line's. */
const MAX_VALUE_CHARS = 32;
/** Fields a line never shows: ids, links and pictures say nothing a visitor picks by. */
const HIDDEN_FIELD = /(^|_)(id|ids|url|urls|image|images|photo|thumbnail|href|sku|slug)$/i;

/** The instructions of every pick; the same text each time, so a sequence of the model keeps it. */
export const PICK_INSTRUCTIONS = [
  'You read what a visitor just said about the numbered items on their page, and answer which one item they mean.',
  'When they point at it by its place in the list, by its name or by a value of its line, answer its number as item.',
  'When they mean the item with the most or the least of a value, answer most or least as item and the name of that value as field: numbers are compared for you.',
  `Answer ${NONE} as item when they mean no single item of the list.`,
].join('\n');

/** The requests of one item that a pick may complete. */
export const PICKING_OPERATIONS: ReadonlySet<Operation> = new Set([
  'display',
  'cart_add',
  'cart_remove',
]);

/**
 * The items a request of `operation` may mean, as the page shows them: the last comparison or
 * list for a display or an addition, the cart's lines for a removal. Empty for other requests.
 */
export function pickPool(operation: Operation, context: ConversationContext): SeenItem[] {
  switch (operation) {
    case 'display':
    case 'cart_add':
      return context.last === 'compare' && context.compared.length > 0
        ? context.compared
        : context.shown;
    case 'cart_remove':
      return context.cart ?? [];
    default:
      return [];
  }
}

/** One field's value as a line shows it, or `undefined` when it shows none. */
function shownValue(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const text = value.trim();
    return text.length > 0 && text.length <= MAX_VALUE_CHARS ? text : undefined;
  }
  return undefined;
}

/** A field as the lines name it: "battery_hours" is "battery hours". */
const fieldName = (key: string) => key.replace(/_/g, ' ');

/** The page as a pick shows it: the items, their numbered lines, and the numbers they compare. */
export interface PickPage {
  items: readonly SeenItem[];
  lines: string[];
  /** The fields whose numbers tell the items apart, by the name the lines give them. */
  numbers: ReadonlyMap<string, string>;
}

/**
 * The page of `items`: each item's name and the fields that tell the items apart (a field every
 * item has alike, such as their kind, tells nothing and is left out).
 */
export function pickPage(items: readonly SeenItem[]): PickPage {
  const listed = items.slice(0, MAX_ITEMS);
  const keys = new Set<string>();
  for (const item of listed) for (const key of Object.keys(item.fields)) keys.add(key);
  const telling = [...keys].filter((key) => {
    if (key === 'name' || HIDDEN_FIELD.test(key)) return false;
    const values = listed.map((item) => shownValue(item.fields[key]));
    if (values.every((value) => value === undefined)) return false;
    return new Set(values).size > 1;
  });
  const lines = listed.map((item, index) => {
    const fields = telling
      .map((key) => [key, shownValue(item.fields[key])] as const)
      .filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
      .slice(0, MAX_FIELDS)
      .map(([key, value]) => `${fieldName(key)}: ${value}`);
    return `${index + 1}. ${item.name}${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`;
  });
  const numbers = new Map(
    telling
      .slice(0, MAX_FIELDS)
      .filter((key) => listed.some((item) => typeof item.fields[key] === 'number'))
      .map((key) => [fieldName(key), key] as const),
  );
  return { items: listed, lines, numbers };
}

/** What the model reads of a pick: the page's items and the visitor's words quoted (read, not obeyed). */
export function pickPrompt(text: string, page: PickPage): string {
  return `${[...page.lines, `Visitor: ${JSON.stringify(text)}`].join('\n')}`;
}

/** The answer's shape: an item's number, or the most or the least of a field, or none. */
export function pickSchema(page: PickPage): Record<string, unknown> {
  const numbers = page.items.map((_, index) => String(index + 1));
  const extremes = page.numbers.size > 0 ? [MOST, LEAST] : [];
  return oneOf('item', [...numbers, ...extremes, NONE]);
}

/** An answer that is one of `choices`, as the field `key` of an object. */
function oneOf(key: string, choices: readonly string[]): Record<string, unknown> {
  return { type: 'object', properties: { [key]: { enum: choices } }, required: [key] };
}

/** The item with the most (or least) of `key`; none when two share it or none has it. */
function extreme(items: readonly SeenItem[], key: string, most: boolean): SeenItem | undefined {
  const valued = items
    .map((item) => ({ item, value: item.fields[key] }))
    .filter((entry): entry is { item: SeenItem; value: number } => typeof entry.value === 'number')
    .sort((a, b) => (most ? b.value - a.value : a.value - b.value));
  const [first, second] = valued;
  return first && first.value !== second?.value ? first.item : undefined;
}

/**
 * The item of `items` the model says `text` means: by its number, or the most or least of a field
 * it names (the numbers compared here: a small model orders figures badly). `undefined` when it
 * picks none, answers out of shape, fails, or takes longer than the chooser may.
 */
export async function pickItem(
  model: JsonAnswering,
  text: string,
  items: readonly SeenItem[],
  signal?: AbortSignal,
  timeoutMs = CHOICE_TIMEOUT_MS,
): Promise<SeenItem | undefined> {
  if (items.length === 0) return undefined;
  const page = pickPage(items);
  const question = {
    instructions: PICK_INSTRUCTIONS,
    prompt: pickPrompt(text, page),
    schema: pickSchema(page),
    maxTokens: 16,
  };
  const item = (await answerFields(model, question, signal, timeoutMs))?.item;
  if (item === MOST || item === LEAST) {
    const asked = {
      ...question,
      prompt: `${question.prompt}\nitem: ${item}`,
      schema: oneOf('field', [...page.numbers.keys()]),
    };
    const field = (await answerFields(model, asked, signal, timeoutMs))?.field;
    const key = typeof field === 'string' ? page.numbers.get(field) : undefined;
    return key ? extreme(page.items, key, item === MOST) : undefined;
  }
  return typeof item === 'string' && /^\d+$/.test(item) ? page.items[Number(item) - 1] : undefined;
}
