// What a turn of the spoken evaluation expects the agent to do, checked against what the page had
// received before the turn: "the second one" is the second item of the last results the page was
// given in this very run, so a turn is judged on what the visitor saw, even when an earlier turn
// went wrong.
import { demoProducts } from '@svc/api/testing';

/** The demo scenario's tools, and `none` for a turn that should call none (small talk). */
export type ToolName =
  | 'search_products'
  | 'show_product'
  | 'compare_products'
  | 'add_to_cart'
  | 'remove_from_cart'
  | 'show_cart'
  | 'end_conversation'
  | 'none';

/** An item the page was shown (or the catalogue holds), with its fields. */
export interface ShownItem {
  id: string;
  fields: Record<string, unknown>;
}

/** What the visitor has on screen: the last list, the item in focus, the cart. */
export interface PageView {
  /** The last search results or compared items, in the order the page got them. */
  shown: ShownItem[];
  /** The single item last shown, added or removed: what "it" means. */
  focus: ShownItem | undefined;
  cart: ShownItem[];
}

/** A tool call of the agent: its name and arguments (the page's `result` left out). */
export interface Action {
  tool: string;
  args: Record<string, unknown>;
}

/** One acceptable outcome of a turn. */
export interface Expectation {
  tool: ToolName;
  /** What the turn asks for, in the report. */
  label: string;
  /** Why the arguments are wrong for what the page showed, or undefined when they are right. */
  check?: (args: Record<string, unknown>, view: PageView) => string | undefined;
}

/** Which items a reference ("the second one", "the cheaper one", "it") means on a view. */
export type Reference = { label: string; resolve: (view: PageView) => ShownItem[] };

/** An empty view, as a conversation starts. */
export const EMPTY_VIEW: PageView = { shown: [], focus: undefined, cart: [] };

/** A page answer's item in any of the agent's shapes (search, display, comparison, cart line). */
function shownItem(entry: unknown): ShownItem | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const record = entry as Record<string, unknown>;
  const data =
    record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : {};
  const id = record.item_id ?? record.id;
  if (typeof id !== 'string') return undefined;
  return { id, fields: { ...record, ...data } };
}

function itemsOf(result: unknown): ShownItem[] {
  const items = (result as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.map(shownItem).filter((item) => item !== undefined) : [];
}

/** The view after the page received one tool call (its arguments carry the agent's `result`). */
export function applyPageCall(
  view: PageView,
  tool: string,
  args: Record<string, unknown>,
): PageView {
  const result = args.result;
  switch (tool) {
    case 'search_products': {
      const shown = itemsOf(result);
      // An empty result leaves the last list on screen.
      if (shown.length === 0) return view;
      return { ...view, shown, focus: shown.length === 1 ? shown[0] : undefined };
    }
    case 'show_product':
      return { ...view, focus: shownItem(result) ?? view.focus };
    case 'compare_products': {
      const shown = itemsOf(result);
      return shown.length > 0 ? { ...view, shown, focus: undefined } : view;
    }
    case 'add_to_cart': {
      const cart = itemsOf(result);
      const added = String(args.item_id ?? '');
      return {
        ...view,
        cart,
        focus:
          cart.find((item) => item.id === added) ??
          view.shown.find((item) => item.id === added) ??
          view.focus,
      };
    }
    case 'remove_from_cart':
    case 'show_cart':
      return { ...view, cart: itemsOf(result) };
    default:
      return view;
  }
}

/** The demo catalogue, as the seeded API holds it. */
const CATALOGUE: ShownItem[] = demoProducts().map((product) => ({
  id: product.id,
  fields: { ...product },
}));

const nameOf = (item: ShownItem) => String(item.fields.name ?? item.id);
const numberOf = (item: ShownItem, field: string) => Number(item.fields[field]);

// References, resolved on the view before the turn.

/** The n-th (1-based) item of the last list; -1 is the last one. */
export function at(position: number): Reference {
  return {
    label: position < 0 ? 'the last item shown' : `item ${position} shown`,
    resolve: (view) => {
      const item = position < 0 ? view.shown.at(position) : view.shown[position - 1];
      return item ? [item] : [];
    },
  };
}

/** The item "it" means. */
export const focus: Reference = {
  label: 'the item in focus',
  resolve: (view) => (view.focus ? [view.focus] : view.shown.length === 1 ? view.shown : []),
};

/** The shown item(s) with the lowest or highest value of a field (ties all count). */
export function ranked(field: 'price' | 'weight_g', order: 'lowest' | 'highest'): Reference {
  return {
    label: `the ${order === 'lowest' ? (field === 'price' ? 'cheapest' : 'lightest') : field === 'price' ? 'priciest' : 'heaviest'} shown`,
    resolve: (view) => {
      const values = view.shown.map((item) => numberOf(item, field)).filter(Number.isFinite);
      if (values.length === 0) return [];
      const best = order === 'lowest' ? Math.min(...values) : Math.max(...values);
      return view.shown.filter((item) => numberOf(item, field) === best);
    },
  };
}

/** The shown item of a brand and kind, else the catalogue's one of that name. */
export function named(brand: string, kind: string): Reference {
  const name = `${brand} ${kind}`.toLowerCase();
  return {
    label: `the ${brand} ${kind}`,
    resolve: (view) => {
      const shown = view.shown.filter(
        (item) => String(item.fields.brand ?? '').toLowerCase() === brand.toLowerCase(),
      );
      if (shown.length === 1) return shown;
      return CATALOGUE.filter((item) => nameOf(item).toLowerCase() === name);
    },
  };
}

/** The cart line whose name has `word` ("take the socks out"). */
export function inCart(word: string): Reference {
  return {
    label: `the ${word} in the cart`,
    resolve: (view) => view.cart.filter((item) => nameOf(item).toLowerCase().includes(word)),
  };
}

/** The `count` items of a category with the lowest value of a field in the whole catalogue. */
export function catalogueLowest(category: string, field: 'price' | 'weight_g', count: number) {
  const items = CATALOGUE.filter((item) => item.fields.category === category).sort(
    (a, b) => numberOf(a, field) - numberOf(b, field),
  );
  return items.slice(0, count).map((item, index) => ({
    label: `${category} #${index + 1} by ${field} in the catalogue`,
    resolve: () => [item],
  }));
}

/** Any item either reference means. */
export function either(...references: Reference[]): Reference {
  return {
    label: references.map((reference) => reference.label).join(' or '),
    resolve: (view) => references.flatMap((reference) => reference.resolve(view)),
  };
}

function itemCheck(reference: Reference, args: Record<string, unknown>, view: PageView) {
  const wanted = reference.resolve(view);
  if (wanted.length === 0) return `nothing on the page is ${reference.label}`;
  const id = String(args.item_id ?? '');
  return wanted.some((item) => item.id === id)
    ? undefined
    : `item_id ${id || '(none)'} is not ${reference.label} (${wanted.map((item) => item.id).join('/')})`;
}

/** Lower case without accents. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// Expectations.

/** No tool: small talk, a question answered from what is shown. */
export const none: Expectation = { tool: 'none', label: 'no tool' };

/** The search a request asks for: a subject (category or words in the query) and filters. */
export function search(want: {
  category?: string;
  words?: string[];
  color?: string;
  brand?: string;
  maxPrice?: number;
  minPrice?: number;
  waterproof?: boolean;
}): Expectation {
  const parts = [
    want.category ?? want.words?.join('/'),
    want.color,
    want.brand,
    want.waterproof ? 'waterproof' : undefined,
    want.minPrice === undefined ? undefined : `>= ${want.minPrice}`,
    want.maxPrice === undefined ? undefined : `<= ${want.maxPrice}`,
  ].filter(Boolean);
  return {
    tool: 'search_products',
    label: `search ${parts.join(', ')}`,
    check(args) {
      // As the collection's search reads a query: case and accents folded ("rechauds" finds
      // "Réchaud"; the French, Spanish and German routers fold accents in what they send).
      const query = folded(String(args.query ?? ''));
      const queryHas = (word: string) => query.includes(folded(word));
      const problems: string[] = [];
      const subject = [...(want.words ?? [])];
      if (
        (want.category || subject.length > 0) &&
        args.category !== want.category &&
        !subject.some(queryHas)
      )
        problems.push(`neither category ${want.category ?? '-'} nor ${subject.join('/')} in query`);
      if (want.color && args.color !== want.color && !queryHas(want.color))
        problems.push(`color ${want.color} missing`);
      if (want.brand && args.brand !== want.brand && !queryHas(want.brand))
        problems.push(`brand ${want.brand} missing`);
      if (want.waterproof && args.waterproof !== true && !queryHas('waterproof'))
        problems.push('waterproof missing');
      for (const [key, value] of [
        ['max_price', want.maxPrice],
        ['min_price', want.minPrice],
      ] as const) {
        if (value !== undefined && Math.abs(Number(args[key]) - value) > 1)
          problems.push(`${key} ${String(args[key] ?? '-')} instead of ${value}`);
      }
      return problems.length > 0 ? problems.join('; ') : undefined;
    },
  };
}

/** Shows the item a reference means. */
export function show(reference: Reference): Expectation {
  return {
    tool: 'show_product',
    label: `show ${reference.label}`,
    check: (args, view) => itemCheck(reference, args, view),
  };
}

/** Compares exactly the items the references mean (in any order). */
export function compare(...references: Reference[]): Expectation {
  return {
    tool: 'compare_products',
    label: `compare ${references.map((reference) => reference.label).join(' + ')}`,
    check(args, view) {
      const ids = Array.isArray(args.item_ids) ? args.item_ids.map(String) : [];
      if (ids.length !== references.length)
        return `${ids.length} items instead of ${references.length}`;
      const remaining = [...ids];
      for (const reference of references) {
        const wanted = reference.resolve(view);
        if (wanted.length === 0) return `nothing on the page is ${reference.label}`;
        const index = remaining.findIndex((id) => wanted.some((item) => item.id === id));
        if (index < 0) return `none of ${ids.join(', ')} is ${reference.label}`;
        remaining.splice(index, 1);
      }
      return undefined;
    },
  };
}

/** Adds the item a reference means (and the quantity, when one is said). */
export function add(reference: Reference, quantity?: number): Expectation {
  return {
    tool: 'add_to_cart',
    label: `add ${reference.label}${quantity ? ` x${quantity}` : ''}`,
    check(args, view) {
      const wrongItem = itemCheck(reference, args, view);
      if (wrongItem) return wrongItem;
      if (quantity !== undefined && Number(args.quantity ?? 1) !== quantity)
        return `quantity ${String(args.quantity ?? 1)} instead of ${quantity}`;
      return undefined;
    },
  };
}

/** Removes the item a reference means. */
export function remove(reference: Reference): Expectation {
  return {
    tool: 'remove_from_cart',
    label: `remove ${reference.label}`,
    check: (args, view) => itemCheck(reference, args, view),
  };
}

/** Shows the cart. */
export const showCart: Expectation = { tool: 'show_cart', label: 'show the cart' };

/** Ends the conversation. */
export const end: Expectation = { tool: 'end_conversation', label: 'end' };

/** Whether one of a turn's actions meets one of its expectations; the reason when none does. */
export function judge(
  expectations: readonly Expectation[],
  actions: readonly Action[],
  view: PageView,
): { right: boolean; reason: string } {
  const reasons: string[] = [];
  for (const expectation of expectations) {
    if (expectation.tool === 'none') {
      if (actions.length === 0) return { right: true, reason: '' };
      continue;
    }
    for (const action of actions.filter((candidate) => candidate.tool === expectation.tool)) {
      const problem = expectation.check?.(action.args, view);
      if (!problem) return { right: true, reason: '' };
      reasons.push(problem);
    }
  }
  // A reference that cannot resolve means an earlier turn left nothing to point at.
  for (const expectation of expectations) {
    const problem = expectation.check?.({}, view);
    if (problem?.startsWith('nothing on the page')) reasons.push(`${problem} (an earlier turn)`);
  }
  return { right: false, reason: reasons.join('; ') };
}
