// Short replies to tool results, written from the result instead of asked of the LLM: the page's
// panel shows the details, the voice says what happened in a sentence or two. One set of
// templates per language (English here; a scenario in another language falls back to the LLM).
import type { Operation } from '../tools.js';
import type { SmallTalk } from './intents.js';
import { itemsOf, outputData, type SeenItem } from './context.js';
import { ranked, rankingOf } from './references.js';
import { words } from './text.js';

/** How a reply is worded for the channel it goes out on. */
export interface ReplyStyle {
  language: string;
  /** Spoken replies spell amounts for the voice; written ones use the usual notation. */
  spoken: boolean;
  /** What the scenario offers, for the "what can you do" answer. */
  operations: readonly Operation[];
  /** The kinds of item the shop has, for the "what do you sell" answer. */
  offer?: readonly string[];
}

/** An amount of money as it reads (or sounds) best. */
function money(value: unknown, style: ReplyStyle): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (!style.spoken) {
    return new Intl.NumberFormat(style.language, { style: 'currency', currency: 'USD' }).format(
      value,
    );
  }
  const dollars = Math.floor(value);
  const cents = Math.round((value - dollars) * 100);
  return cents > 0 ? `${dollars} dollars ${cents}` : `${dollars} dollars`;
}

function priceOf(item: SeenItem, style: ReplyStyle): string | undefined {
  return money(item.fields.price ?? item.fields.cost, style);
}

/** "the North Peak Solo Tent at 149 dollars 99" */
function named(item: SeenItem, style: ReplyStyle): string {
  const price = priceOf(item, style);
  return price ? `the ${item.name} at ${price}` : `the ${item.name}`;
}

function list(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SMALL_TALK: Record<SmallTalk, string> = {
  greeting: 'Hello! What are you looking for today?',
  how_are_you: "I'm doing well, thank you! What can I help you find?",
  thanks: "You're welcome! Is there anything else I can help with?",
  help: '',
  catalogue: '',
};

const CAN_DO: Partial<Record<Operation, string>> = {
  search: 'find products',
  display: 'show you one in detail',
  compare: 'compare them side by side',
  cart_add: 'manage your cart',
};

/** The reply to small talk, or `undefined` in a language without templates. */
export function smallTalkReply(kind: SmallTalk, style: ReplyStyle): string | undefined {
  if (!style.language.toLowerCase().startsWith('en')) return undefined;
  if (kind === 'catalogue') {
    const offer = style.offer ?? [];
    if (offer.length === 0) return undefined;
    const shown = offer.length > 8 ? [...offer.slice(0, 7), 'more'] : offer;
    return `We have ${list([...shown])}. What are you looking for?`;
  }
  if (kind !== 'help') return SMALL_TALK[kind];
  const abilities = style.operations
    .map((operation) => CAN_DO[operation])
    .filter((ability): ability is string => Boolean(ability));
  if (abilities.length === 0) return undefined;
  return `I can ${list([...new Set(abilities)])}. What are you looking for?`;
}

/** What a tool call and its result let the reply say. */
export interface ToolTurn {
  operation: Operation;
  args: Record<string, unknown>;
  output: string;
  isError: boolean;
  /** The visitor's words that led to the call. */
  request: string;
}

/**
 * The reply to a tool's result, or `undefined` when no template fits (a custom tool, an error
 * worth explaining, a language without templates): the LLM answers then.
 */
export function toolReply(turn: ToolTurn, style: ReplyStyle): string | undefined {
  if (!style.language.toLowerCase().startsWith('en')) return undefined;
  if (turn.operation === 'end') return 'Thank you for visiting. Goodbye!';
  if (turn.isError) return undefined;
  const envelope = safeParse(turn.output);
  if (envelope?.ok === false) {
    return turn.operation === 'search'
      ? undefined
      : "Sorry, I couldn't do that. Could you say it another way?";
  }
  const data = outputData(turn.output);
  const items = itemsOf(data);
  switch (turn.operation) {
    case 'search':
      return searchReply(turn, data, items, style);
    case 'display': {
      const [item] = items;
      if (!item) return undefined;
      const facts: string[] = [];
      const price = priceOf(item, style);
      if (price) facts.push(`it costs ${price}`);
      if (typeof item.fields.weight_g === 'number')
        facts.push(`weighs ${item.fields.weight_g} grams`);
      if (item.fields.waterproof === true) facts.push("it's waterproof");
      return `Here is the ${item.name}.${facts.length ? ` ${capitalize(list(facts))}.` : ''}`;
    }
    case 'compare': {
      if (items.length < 2) return undefined;
      const prices = items.map(
        (item) => `the ${item.name} is ${priceOf(item, style) ?? 'unpriced'}`,
      );
      let text = `Here they are side by side: ${list(prices)}.`;
      const lightest = ranked(items, {
        words: [],
        order: 'ascending',
        fields: /^(weight|weight_g|weight_kg|mass)$/i,
      })[0];
      if (lightest && typeof lightest.fields.weight_g === 'number')
        text += ` The ${lightest.name} is the lightest.`;
      return text;
    }
    case 'cart_add': {
      const line = items.find((item) => item.id === String(turn.args.item_id));
      const total = (data as { total_quantity?: unknown } | undefined)?.total_quantity;
      const count =
        typeof turn.args.quantity === 'number' && turn.args.quantity > 1
          ? `${turn.args.quantity} of the ${line?.name ?? 'item'}`
          : `the ${line?.name ?? 'item'}`;
      const totalText =
        typeof total === 'number'
          ? ` You have ${total} ${total === 1 ? 'item' : 'items'} in your cart.`
          : '';
      return `I added ${count} to your cart.${totalText}`;
    }
    case 'cart_remove': {
      const total = (data as { total_quantity?: unknown } | undefined)?.total_quantity;
      const rest =
        total === 0
          ? ' Your cart is empty now.'
          : typeof total === 'number'
            ? ` You have ${total} ${total === 1 ? 'item' : 'items'} left.`
            : '';
      return `I removed it from your cart.${rest}`;
    }
    case 'cart_list':
    case 'cart_set': {
      if (items.length === 0) return 'Your cart is empty.';
      const total = (data as { total_quantity?: unknown } | undefined)?.total_quantity;
      const names = items.slice(0, 3).map((item) => {
        const quantity = item.fields.quantity;
        return typeof quantity === 'number' && quantity > 1
          ? `${quantity} ${item.name}`
          : `the ${item.name}`;
      });
      const more = items.length > 3 ? ` and ${items.length - 3} more` : '';
      return `You have ${typeof total === 'number' ? total : items.length} ${total === 1 ? 'item' : 'items'} in your cart: ${list(names)}${more}.`;
    }
    case 'cart_clear':
      return 'Your cart is empty now.';
    default:
      return undefined;
  }
}

/**
 * The reply to every tool result of one step: as {@link toolReply} for one; several removals from
 * the cart ("take both out") as one sentence; other mixes by the last result.
 */
export function toolReplies(turns: readonly ToolTurn[], style: ReplyStyle): string | undefined {
  const last = turns[turns.length - 1];
  if (!last) return undefined;
  const removals = turns.every((turn) => turn.operation === 'cart_remove' && !turn.isError);
  if (turns.length === 1 || !removals) return toolReply(last, style);
  if (!style.language.toLowerCase().startsWith('en')) return undefined;
  if (turns.some((turn) => safeParse(turn.output)?.ok === false)) return undefined;
  // The calls ran side by side: the cart after the last of them holds the fewest items.
  const totals = turns
    .map(
      (turn) =>
        (outputData(turn.output) as { total_quantity?: unknown } | undefined)?.total_quantity,
    )
    .filter((total): total is number => typeof total === 'number');
  const total = totals.length > 0 ? Math.min(...totals) : undefined;
  const rest =
    total === 0
      ? ' Your cart is empty now.'
      : total !== undefined
        ? ` You have ${total} ${total === 1 ? 'item' : 'items'} left.`
        : '';
  return `I removed ${turns.length === 2 ? 'both' : `all ${turns.length}`} from your cart.${rest}`;
}

function safeParse(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function searchReply(turn: ToolTurn, data: unknown, items: SeenItem[], style: ReplyStyle): string {
  const category = Object.values(turn.args).find(
    (value): value is string => typeof value === 'string' && value !== turn.args.query,
  );
  const query =
    typeof turn.args.query === 'string' && turn.args.query
      ? turn.args.query
      : category?.replace(/[-_]/g, ' ');
  if (items.length === 0) {
    return query
      ? `I couldn't find any ${query}. Could you describe it another way?`
      : "I couldn't find anything like that. Could you describe it another way?";
  }
  const relaxed = typeof (data as { note?: unknown } | undefined)?.note === 'string';
  // "5 tents" reads well; "5 hiking shoes trails" does not.
  const what = query && query.split(' ').length <= 2 ? query : 'matches';
  const head = relaxed
    ? `Nothing matched all of that, but I found ${items.length} close ${items.length === 1 ? 'match' : 'matches'}.`
    : items.length === 1
      ? 'I found one.'
      : `I found ${items.length} ${what}.`;
  const ranking = rankingOf(words(turn.request));
  const top = ranking ? ranked(items, ranking)[0] : items[0];
  if (!top) return head;
  if (ranking) {
    const word = ranking.words.find((candidate) => candidate.endsWith('est')) ?? 'top pick';
    return `${head} The ${word} is ${named(top, style)}.`;
  }
  return `${head} ${items.length === 1 ? 'It is' : 'The first is'} ${named(top, style)}.`;
}
