// Short replies to tool results, written from the result instead of asked of the LLM: the page's
// panel shows the details, the voice says what happened in a sentence or two. One set of
// templates per language (`@svc/languages/replies`); a language without them falls back to
// the LLM.
import type { FieldRole } from '@svc/protocol';
import { convertWeight, isWeightUnit, type ToolResult } from '@svc/protocol/agent';
import type { Operation } from '../tools.js';
import { withRoleFields, type RoleFields } from './catalog.js';
import type { RouterReply } from './small-talk.js';
import { itemsOf, type SeenItem } from './context.js';
import { english, lexiconFor } from '@svc/languages/router';
import { ranked, rankingOf } from './references.js';
import { listOf, templatesFor, type ReplyTemplates } from '@svc/languages/replies';
import { words } from './text.js';

/** How a reply is worded for the channel it goes out on. */
export interface ReplyStyle {
  language: string;
  /** Spoken replies spell amounts for the voice; written ones use the usual notation. */
  spoken: boolean;
  /** The kinds of item the shop has, for the "what do you sell" answer. */
  offer?: readonly string[];
  /** The fields that play a role (price, weight...), as the collections declare them. */
  roles?: RoleFields;
  /** Each kind of item as a reply names it, by its filter value ("tents" -> "tentes"). */
  kindNames?: Readonly<Record<string, string>>;
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

/** The value of the item's field that plays `role`, as declared; none without a declaration. */
function valueOf(item: SeenItem, role: FieldRole, style: ReplyStyle): unknown {
  const key = style.roles?.[role]?.key;
  return key !== undefined && Object.hasOwn(item.fields, key) ? item.fields[key] : undefined;
}

function priceOf(item: SeenItem, style: ReplyStyle, templates: ReplyTemplates): string | undefined {
  return money(valueOf(item, 'price', style), style, templates);
}

/** The item's weight in grams, read from the field that plays the weight role in its unit. */
function gramsOf(item: SeenItem, style: ReplyStyle): number | undefined {
  const value = valueOf(item, 'weight', style);
  if (typeof value !== 'number') return undefined;
  const unit = style.roles?.weight?.unit;
  return isWeightUnit(unit) ? Math.round(convertWeight(value, unit, 'g')) : value;
}

/** The router's own reply of that kind, or `undefined` in a language without templates. */
export function routerReply(kind: RouterReply, style: ReplyStyle): string | undefined {
  const templates = templatesFor(style.language);
  if (!templates) return undefined;
  if (kind === 'not_heard') return templates.notHeard;
  if (kind === 'nothing_shown') return templates.nothingShown;
  if (kind === 'not_known') return templates.notKnown;
  const offer = style.offer ?? [];
  if (offer.length === 0) return undefined;
  const shown = offer.length > 8 ? [...offer.slice(0, 7), templates.more] : offer;
  return templates.catalogue(listOf(shown, templates.and));
}

/** What a tool call and its result let the reply say. */
export interface ToolTurn {
  operation: Operation;
  args: Record<string, unknown>;
  /** The tool's answer, read once where it arrived; none when it is not the envelope. */
  result: ToolResult | undefined;
  isError: boolean;
  /** The visitor's words that led to the call. */
  request: string;
}

/** A feature's reply to one result of its operation, in the language's templates. */
export type ToolReplyTemplate = (
  turn: ToolTurn,
  style: ReplyStyle,
  templates: ReplyTemplates,
) => string | undefined;

/** Whether the tool refused the call (`ok: false` in its answer). */
export function refused(turn: ToolTurn): boolean {
  return turn.result?.ok === false;
}

/** The search feature's reply: how many were found, and the top one. */
export const searchResultReply: ToolReplyTemplate = (turn, style, templates) => {
  if (refused(turn)) return undefined;
  const data = turn.result?.result;
  return searchReply(turn, data, itemsOf(data), style, templates);
};

/** The display feature's reply: the item's name and the facts worth saying. */
export const displayReply: ToolReplyTemplate = (turn, style, templates) => {
  if (refused(turn)) return templates.failed;
  const [item] = itemsOf(turn.result?.result);
  if (!item) return undefined;
  return templates.display(item.name, {
    price: priceOf(item, style, templates),
    weightGrams: gramsOf(item, style),
    // "Is it waterproof?" of one that is not gets its no; otherwise only a yes is worth saying.
    waterproof:
      item.fields.waterproof === true
        ? true
        : item.fields.waterproof === false && templates.asksWaterproof.test(turn.request)
          ? false
          : undefined,
  });
};

/** The comparison feature's reply: the items' prices, and the lightest. */
export const compareReply: ToolReplyTemplate = (turn, style, templates) => {
  if (refused(turn)) return templates.failed;
  const items = itemsOf(turn.result?.result);
  if (items.length < 2) return undefined;
  const lightest = ranked(items, {
    words: [],
    order: 'ascending',
    role: 'weight',
    field: style.roles?.weight?.key,
  })[0];
  return templates.compare(
    items.map((item) => ({ name: item.name, price: priceOf(item, style, templates) })),
    lightest && gramsOf(lightest, style) !== undefined ? lightest.name : undefined,
  );
};

/** The cart feature's replies, per operation. */
export const cartReplies: Record<
  'cart_add' | 'cart_remove' | 'cart_list' | 'cart_set' | 'cart_clear',
  ToolReplyTemplate
> = {
  cart_add: (turn, _style, templates) => {
    if (refused(turn)) return templates.failed;
    const data = turn.result?.result;
    const line = itemsOf(data).find((item) => item.id === String(turn.args.item_id));
    const quantity = typeof turn.args.quantity === 'number' ? turn.args.quantity : undefined;
    return templates.added(line?.name, quantity, totalOf(data));
  },
  cart_remove: (turn, _style, templates) =>
    refused(turn) ? templates.failed : templates.removed(totalOf(turn.result?.result)),
  cart_list: (turn, _style, templates) => cartReply(turn, templates),
  cart_set: (turn, _style, templates) => cartReply(turn, templates),
  cart_clear: (turn, _style, templates) => (refused(turn) ? templates.failed : templates.cleared),
};

function cartReply(turn: ToolTurn, templates: ReplyTemplates): string | undefined {
  if (refused(turn)) return templates.failed;
  const data = turn.result?.result;
  const items = itemsOf(data);
  if (items.length === 0) return templates.cartEmpty;
  const lines = items.slice(0, 3).map((item) => ({
    name: item.name,
    quantity: typeof item.fields.quantity === 'number' ? item.fields.quantity : 1,
  }));
  return templates.cart(lines, Math.max(0, items.length - 3), totalOf(data) ?? items.length);
}

/** The end feature's reply: the goodbye, whatever the result. */
export const endReply: ToolReplyTemplate = (_turn, _style, templates) => templates.goodbye;

/** The cart's item count an answer carries, if it does. */
export function totalOf(data: unknown): number | undefined {
  const total = (data as { total_quantity?: unknown } | undefined)?.total_quantity;
  return typeof total === 'number' ? total : undefined;
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
  if (items.length === 0) {
    // A kind searched with words that match none of it: say so, naming both.
    const kindKey = style.roles?.category?.key;
    const kind = kindKey === undefined ? undefined : turn.args[kindKey];
    const asked = typeof turn.args.query === 'string' ? turn.args.query : '';
    if (typeof kind === 'string' && asked)
      return templates.searchNoneIn(asked, style.kindNames?.[kind] ?? kind.replace(/[-_]/g, ' '));
    // "Any tents" reads well; "any water long run", a description's words, does not.
    return templates.searchNone(query && query.split(' ').length <= 2 ? query : undefined);
  }
  const relaxed = typeof (data as { note?: unknown } | undefined)?.note === 'string';
  const lexicon = withRoleFields(lexiconFor(style.language) ?? english, style.roles ?? {});
  const ranking = rankingOf(words(turn.request, lexicon), lexicon);
  const top = ranking ? ranked(items, ranking)[0] : items[0];
  // "5 tents" reads well; "5 hiking shoes trails" does not, nor "5 cold feet" for the boots a
  // description found by meaning (none of its words in the name of what was found).
  const named = new Set(words(top?.name ?? '', lexicon).map(lexicon.stem));
  const what =
    query &&
    query.split(' ').length <= 2 &&
    (query === turn.args.query
      ? words(query, lexicon).some((word) => named.has(lexicon.stem(word)))
      : true)
      ? query
      : undefined;
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
