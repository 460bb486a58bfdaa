// Short replies to tool results, written from the result instead of asked of the LLM: the page's
// panel shows the details, the voice says what happened in a sentence or two. One set of
// templates per language (reply-templates.ts); a language without them falls back to the LLM.
import type { Operation } from '../tools.js';
import type { SmallTalk } from './intents.js';
import { itemsOf, outputData, type SeenItem } from './context.js';
import { english, lexiconFor } from './languages/index.js';
import { ranked, rankingOf } from './references.js';
import { listOf, templatesFor, type ReplyTemplates } from './reply-templates.js';
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
function money(value: unknown, style: ReplyStyle, templates: ReplyTemplates): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (!style.spoken) {
    return new Intl.NumberFormat(style.language, {
      style: 'currency',
      currency: templates.currency,
    }).format(value);
  }
  const whole = Math.floor(value);
  const cents = Math.round((value - whole) * 100);
  return templates.spokenMoney(whole, cents);
}

function priceOf(item: SeenItem, style: ReplyStyle, templates: ReplyTemplates): string | undefined {
  return money(item.fields.price ?? item.fields.cost, style, templates);
}

/** The reply to small talk, or `undefined` in a language without templates. */
export function smallTalkReply(kind: SmallTalk, style: ReplyStyle): string | undefined {
  const templates = templatesFor(style.language);
  if (!templates) return undefined;
  if (kind === 'catalogue') {
    const offer = style.offer ?? [];
    if (offer.length === 0) return undefined;
    const shown = offer.length > 8 ? [...offer.slice(0, 7), templates.more] : offer;
    return templates.catalogue(listOf(shown, templates.and));
  }
  if (kind === 'greeting') return templates.greeting;
  if (kind === 'how_are_you') return templates.howAreYou;
  if (kind === 'thanks') return templates.thanks;
  if (kind === 'not_heard') return templates.notHeard;
  if (kind === 'nothing_shown') return templates.nothingShown;
  const abilities = style.operations
    .map((operation) => templates.canDo[operation])
    .filter((ability): ability is string => Boolean(ability));
  if (abilities.length === 0) return undefined;
  return templates.help(listOf([...new Set(abilities)], templates.and));
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
  const templates = templatesFor(style.language);
  if (!templates) return undefined;
  if (turn.operation === 'end') return templates.goodbye;
  if (turn.isError) return undefined;
  const envelope = safeParse(turn.output);
  if (envelope?.ok === false) {
    return turn.operation === 'search' ? undefined : templates.failed;
  }
  const data = outputData(turn.output);
  const items = itemsOf(data);
  const total = totalOf(data);
  switch (turn.operation) {
    case 'search':
      return searchReply(turn, data, items, style, templates);
    case 'display': {
      const [item] = items;
      if (!item) return undefined;
      return templates.display(item.name, {
        price: priceOf(item, style, templates),
        weightGrams: typeof item.fields.weight_g === 'number' ? item.fields.weight_g : undefined,
        // "Is it waterproof?" of one that is not gets its no; otherwise only a yes is worth saying.
        waterproof:
          item.fields.waterproof === true
            ? true
            : item.fields.waterproof === false && templates.asksWaterproof.test(turn.request)
              ? false
              : undefined,
      });
    }
    case 'compare': {
      if (items.length < 2) return undefined;
      const lightest = ranked(items, {
        words: [],
        order: 'ascending',
        fields: /^(weight|weight_g|weight_kg|mass)$/i,
      })[0];
      return templates.compare(
        items.map((item) => ({ name: item.name, price: priceOf(item, style, templates) })),
        lightest && typeof lightest.fields.weight_g === 'number' ? lightest.name : undefined,
      );
    }
    case 'cart_add': {
      const line = items.find((item) => item.id === String(turn.args.item_id));
      const quantity = typeof turn.args.quantity === 'number' ? turn.args.quantity : undefined;
      return templates.added(line?.name, quantity, total);
    }
    case 'cart_remove':
      return templates.removed(total);
    case 'cart_list':
    case 'cart_set': {
      if (items.length === 0) return templates.cartEmpty;
      const lines = items.slice(0, 3).map((item) => ({
        name: item.name,
        quantity: typeof item.fields.quantity === 'number' ? item.fields.quantity : 1,
      }));
      return templates.cart(lines, Math.max(0, items.length - 3), total ?? items.length);
    }
    case 'cart_clear':
      return templates.cleared;
    default:
      return undefined;
  }
}

/** The cart's item count an answer carries, if it does. */
function totalOf(data: unknown): number | undefined {
  const total = (data as { total_quantity?: unknown } | undefined)?.total_quantity;
  return typeof total === 'number' ? total : undefined;
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
  const templates = templatesFor(style.language);
  if (!templates) return undefined;
  if (turns.some((turn) => safeParse(turn.output)?.ok === false)) return undefined;
  // The calls ran side by side: the cart after the last of them holds the fewest items.
  const totals = turns
    .map(
      (turn) =>
        (outputData(turn.output) as { total_quantity?: unknown } | undefined)?.total_quantity,
    )
    .filter((total): total is number => typeof total === 'number');
  const total = totals.length > 0 ? Math.min(...totals) : undefined;
  return templates.removedMany(turns.length, total);
}

function safeParse(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function searchReply(
  turn: ToolTurn,
  data: unknown,
  items: SeenItem[],
  style: ReplyStyle,
  templates: ReplyTemplates,
): string {
  const category = Object.values(turn.args).find(
    (value): value is string => typeof value === 'string' && value !== turn.args.query,
  );
  const query =
    typeof turn.args.query === 'string' && turn.args.query
      ? turn.args.query
      : category?.replace(/[-_]/g, ' ');
  if (items.length === 0) return templates.searchNone(query);
  const relaxed = typeof (data as { note?: unknown } | undefined)?.note === 'string';
  // "5 tents" reads well; "5 hiking shoes trails" does not.
  const what = query && query.split(' ').length <= 2 ? query : undefined;
  const lexicon = lexiconFor(style.language) ?? english;
  const ranking = rankingOf(words(turn.request, lexicon), lexicon);
  const top = ranking ? ranked(items, ranking)[0] : items[0];
  return templates.searchFound({
    count: items.length,
    what,
    relaxed,
    top: top && { name: top.name, price: priceOf(top, style, templates) },
    ranking:
      ranking &&
      (ranking.label ?? ranking.words.find((candidate) => candidate.endsWith('est')) ?? 'top pick'),
  });
}
