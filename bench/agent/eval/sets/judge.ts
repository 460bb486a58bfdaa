// Judges a turn of an understanding set on what the visitor got: the page's view before the turn
// (the last list shown, the item in focus, the cart) resolves references, the items a call put
// on the page are checked against `shows`, and the cart after the turn against `cart` outcomes.
// What a tool does for the view comes from the scenario's declared features (their type, or a
// tool's `settings.operation`), never from its name.
import type {
  ArgumentCheck,
  CartCheck,
  ItemCheck,
  Outcome,
  Reference,
  ScenarioBody,
  SetLanguage,
  ShownCheck,
  ValueCheck,
} from './format.js';
import { UNKNOWN_MARKERS } from './unknown-markers.js';

/** An item the page was shown (or the catalogue holds), with its fields. */
export interface ViewItem {
  id: string;
  fields: Record<string, unknown>;
}

/** What the visitor has on screen. */
export interface PageView {
  shown: ViewItem[];
  focus: ViewItem | undefined;
  cart: ViewItem[];
}

/** A tool call: the agent's (arguments) or the page's (arguments with the agent's `result`). */
export interface Call {
  tool: string;
  args: Record<string, unknown>;
}

/** What a tool does to the view, from the feature that brings it. */
export type ViewRole = 'list' | 'focus' | 'cart' | 'end' | 'other';

/** The roles of a scenario's tools, by tool name. */
export function toolRoles(features: ScenarioBody['features']): Map<string, ViewRole> {
  const roles = new Map<string, ViewRole>();
  for (const feature of features) {
    for (const tool of feature.tools) {
      const operation = tool.settings?.operation;
      let role: ViewRole = 'other';
      if (operation === 'custom') role = 'other';
      else if (operation === 'end' || feature.type === 'workflow:conversation:end') role = 'end';
      else if (feature.type === 'collection:items:search' || operation === 'search') role = 'list';
      else if (feature.type === 'collection:items:comparison' || operation === 'compare')
        role = 'list';
      else if (feature.type === 'collection:items:display' || operation === 'display')
        role = 'focus';
      else if (feature.type === 'bucket:list:crud') role = 'cart';
      roles.set(tool.name, role);
    }
  }
  return roles;
}

/** An empty view, as a conversation starts. */
export const EMPTY_VIEW: PageView = { shown: [], focus: undefined, cart: [] };

function viewItem(entry: unknown): ViewItem | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const record = entry as Record<string, unknown>;
  const data =
    record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : {};
  const id = record.item_id ?? record.id;
  if (typeof id !== 'string') return undefined;
  return { id, fields: { ...record, ...data } };
}

/** The items a page call's result carries. */
export function itemsOf(result: unknown): ViewItem[] {
  const items = (result as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items.map(viewItem).filter((item) => item !== undefined) : [];
}

/** The view after the page received one call. */
export function applyCall(view: PageView, role: ViewRole | undefined, call: Call): PageView {
  const result = call.args.result;
  switch (role) {
    case 'list': {
      const shown = itemsOf(result);
      if (shown.length === 0) return view;
      return { ...view, shown, focus: shown.length === 1 ? shown[0] : undefined };
    }
    case 'focus':
      return { ...view, focus: viewItem(result) ?? view.focus };
    case 'cart': {
      const items = itemsOf(result);
      const cart = result && typeof result === 'object' && 'items' in result ? items : view.cart;
      const id = typeof call.args.item_id === 'string' ? call.args.item_id : undefined;
      const touched =
        id === undefined
          ? undefined
          : (cart.find((item) => item.id === id) ?? view.shown.find((item) => item.id === id));
      return { ...view, cart, focus: touched ?? view.focus };
    }
    default:
      return view;
  }
}

/** Lower case without accents. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Minutes after midnight of a clock time however written ("3pm", "15:30", "15h", "half past"). */
function minutesOf(value: unknown): number | undefined {
  const match = /(\d{1,2})(?:\s*[:h.]\s*(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?/i.exec(String(value));
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  const half = match[3]?.toLowerCase().startsWith('p');
  if (half && hours < 12) hours += 12;
  if (match[3] && !half && hours === 12) hours = 0;
  return hours * 60 + minutes;
}

function fieldOf(fields: Record<string, unknown>, path: string): unknown {
  let value: unknown = fields;
  for (const part of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Whether a value meets a check. */
export function valueMeets(value: unknown, check: ValueCheck): boolean {
  if ('absent' in check) return value === undefined || value === null || value === '';
  if (value === undefined || value === null) return false;
  if ('equals' in check) {
    if (typeof check.equals === 'string') return folded(String(value)) === folded(check.equals);
    if (typeof check.equals === 'number') return Number(value) === check.equals;
    return JSON.stringify(value) === JSON.stringify(check.equals);
  }
  if ('contains' in check) {
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    return check.contains.some((word) =>
      values.some((entry) => folded(entry).includes(folded(word))),
    );
  }
  if ('atMost' in check) return Number.isFinite(Number(value)) && Number(value) <= check.atMost;
  if ('atLeast' in check) return Number.isFinite(Number(value)) && Number(value) >= check.atLeast;
  if ('time' in check) {
    const got = minutesOf(value);
    return got !== undefined && got === minutesOf(check.time);
  }
  return false;
}

/** Whether an item meets a check. */
export function itemMeets(item: ViewItem, check: ItemCheck): boolean {
  if ('allOf' in check) return check.allOf.every((inner) => itemMeets(item, inner));
  if ('anyOf' in check) return check.anyOf.some((inner) => itemMeets(item, inner));
  const { field, ...value } = check;
  return valueMeets(fieldOf(item.fields, field), value as ValueCheck);
}

/** The items a reference means on a view (the catalogue for `catalogueWhere`). */
export function resolve(
  reference: Reference,
  view: PageView,
  catalogue: readonly ViewItem[],
): ViewItem[] {
  if ('shown' in reference) {
    const item =
      reference.shown < 0 ? view.shown.at(reference.shown) : view.shown[reference.shown - 1];
    return item ? [item] : [];
  }
  if ('focus' in reference)
    return view.focus ? [view.focus] : view.shown.length === 1 ? view.shown : [];
  if ('ranked' in reference) {
    const { field, order } = reference.ranked;
    const values = view.shown
      .map((item) => Number(fieldOf(item.fields, field)))
      .filter(Number.isFinite);
    if (values.length === 0) return [];
    const best = order === 'lowest' ? Math.min(...values) : Math.max(...values);
    return view.shown.filter((item) => Number(fieldOf(item.fields, field)) === best);
  }
  if ('shownWhere' in reference)
    return view.shown.filter((item) => itemMeets(item, reference.shownWhere));
  if ('cartWhere' in reference)
    return view.cart.filter((item) => itemMeets(item, reference.cartWhere));
  if ('catalogueWhere' in reference)
    return catalogue.filter((item) => itemMeets(item, reference.catalogueWhere));
  // The first alternative that points at anything: a shown item before the catalogue's.
  for (const inner of reference.anyOf) {
    const items = resolve(inner, view, catalogue);
    if (items.length > 0) return items;
  }
  return [];
}

/** What a turn is judged with. */
export interface TurnContext {
  view: PageView;
  /** The view after the turn's page calls. */
  after: PageView;
  catalogue: readonly ViewItem[];
  roles: Map<string, ViewRole>;
  language: SetLanguage;
  /** The agent's tool calls (arguments) and the page's calls (with results). */
  actions: Call[];
  pageCalls: Call[];
  /** What the agent said in the turn. */
  reply: string;
}

function argumentProblem(
  check: ArgumentCheck,
  args: Record<string, unknown>,
  context: TurnContext,
): string | undefined {
  if ('anyOf' in check) {
    const problems = check.anyOf.map((inner) => argumentProblem(inner, args, context));
    return problems.includes(undefined) ? undefined : problems.join(' or ');
  }
  const value = args[check.arg];
  if ('refersTo' in check) {
    const wanted = resolve(check.refersTo, context.view, context.catalogue);
    if (wanted.length === 0) return `nothing on the page is ${JSON.stringify(check.refersTo)}`;
    return wanted.some((item) => item.id === String(value))
      ? undefined
      : `${check.arg} ${String(value ?? '(none)')} is not ${wanted.map((item) => item.id).join('/')}`;
  }
  if ('refersToEach' in check) {
    const ids = Array.isArray(value) ? value.map(String) : [];
    if (ids.length !== check.refersToEach.length)
      return `${check.arg} has ${ids.length} items instead of ${check.refersToEach.length}`;
    const remaining = [...ids];
    for (const reference of check.refersToEach) {
      const wanted = resolve(reference, context.view, context.catalogue);
      if (wanted.length === 0) return `nothing on the page is ${JSON.stringify(reference)}`;
      const index = remaining.findIndex((id) => wanted.some((item) => item.id === id));
      if (index < 0)
        return `none of ${ids.join(', ')} is ${wanted.map((item) => item.id).join('/')}`;
      remaining.splice(index, 1);
    }
    return undefined;
  }
  const { arg, ...rest } = check;
  return valueMeets(value, rest as ValueCheck)
    ? undefined
    : `${arg} ${JSON.stringify(value ?? null)} fails ${JSON.stringify(rest)}`;
}

function shownProblem(check: ShownCheck, items: readonly ViewItem[]): string | undefined {
  const names = () => items.map((item) => item.id).join(', ') || 'nothing';
  if ('empty' in check) return items.length === 0 ? undefined : `showed ${names()}`;
  if ('every' in check)
    return items.length > 0 && items.every((item) => itemMeets(item, check.every))
      ? undefined
      : `not every shown item (${names()}) meets ${JSON.stringify(check.every)}`;
  if ('some' in check)
    return items.some((item) => itemMeets(item, check.some))
      ? undefined
      : `no shown item (${names()}) meets ${JSON.stringify(check.some)}`;
  return items[0] && itemMeets(items[0], check.first)
    ? undefined
    : `the first shown item (${names()}) fails ${JSON.stringify(check.first)}`;
}

function cartProblem(check: CartCheck, cart: readonly ViewItem[]): string | undefined {
  if ('lacks' in check)
    return cart.some((item) => itemMeets(item, check.lacks))
      ? `the cart still holds ${JSON.stringify(check.lacks)}`
      : undefined;
  const lines = cart.filter((item) => itemMeets(item, check.has));
  if (lines.length === 0) return `the cart lacks ${JSON.stringify(check.has)}`;
  if (
    check.quantity !== undefined &&
    !lines.some((item) => Number(item.fields.quantity ?? 1) === check.quantity)
  )
    return `the cart has ${JSON.stringify(check.has)} but not ${check.quantity} of it`;
  return undefined;
}

/**
 * Whether a reply says the agent does not know or cannot say (a marker of `unknown-markers.ts`):
 * right on a question the scenario does not answer, a false refusal on one it does.
 */
export function saysUnknown(reply: string, language: SetLanguage): boolean {
  const text = folded(reply);
  return UNKNOWN_MARKERS[language].some((marker) => text.includes(folded(marker)));
}

/** Why an outcome was not met in the turn, or undefined when it was. */
export function outcomeProblem(outcome: Outcome, context: TurnContext): string | undefined {
  switch (outcome.kind) {
    case 'none':
      return context.actions.length === 0
        ? undefined
        : `called ${context.actions.map((action) => action.tool).join(', ')}`;
    case 'end':
      return context.actions.some((action) => context.roles.get(action.tool) === 'end')
        ? undefined
        : 'did not end';
    case 'cart': {
      const problems = outcome.checks
        .map((check) => cartProblem(check, context.after.cart))
        .filter(Boolean);
      return problems.length > 0 ? problems.join('; ') : undefined;
    }
    case 'all': {
      const problems = outcome.of
        .map((inner) => outcomeProblem(inner, context))
        .filter((problem) => problem !== undefined);
      return problems.length > 0 ? problems.join('; ') : undefined;
    }
    case 'unknown': {
      if (context.actions.length > 0)
        return `called ${context.actions.map((action) => action.tool).join(', ')}`;
      const reply = folded(context.reply);
      const asserted = (outcome.mustNotSay ?? []).find((words) => reply.includes(folded(words)));
      if (asserted) return `asserted "${asserted}"`;
      return saysUnknown(context.reply, context.language)
        ? undefined
        : 'no "does not know" marker in the reply';
    }
    case 'fact': {
      if (context.actions.length > 0)
        return `no tool expected, called ${context.actions.map((action) => action.tool).join(', ')}`;
      // A refusal is checked first: "I don't know, maybe 9am" is not an answer the visitor can use.
      if (saysUnknown(context.reply, context.language)) return 'said it does not know';
      const reply = folded(context.reply);
      const wrong = (outcome.mustNotSay ?? []).find((words) => reply.includes(folded(words)));
      if (wrong) return `said "${wrong}"`;
      return outcome.says.some((words) => reply.includes(folded(words)))
        ? undefined
        : `said none of ${outcome.says.map((words) => `"${words}"`).join(', ')}`;
    }
    case 'tool': {
      // The page's calls carry what was shown; the agent's own list names server tools too.
      const candidates = [...context.pageCalls, ...context.actions].filter(
        (candidate) => candidate.tool === outcome.tool,
      );
      if (candidates.length === 0) return `no ${outcome.tool} call`;
      const problems: string[] = [];
      for (const candidate of candidates) {
        const hasResult = 'result' in candidate.args;
        const problem = [
          ...(outcome.args ?? []).map((check) => argumentProblem(check, candidate.args, context)),
          ...(outcome.shows ?? []).map((check) =>
            hasResult ? shownProblem(check, itemsOf(candidate.args.result)) : 'no page result',
          ),
        ].filter((entry) => entry !== undefined);
        if (problem.length === 0) return undefined;
        problems.push(problem.join('; '));
      }
      return problems.join(' | ');
    }
  }
}

/** Whether one of a turn's outcomes was met; the reasons when none was. */
export function judgeTurn(
  accept: readonly Outcome[],
  context: TurnContext,
): { right: boolean; reason: string } {
  const reasons: string[] = [];
  for (const outcome of accept) {
    const problem = outcomeProblem(outcome, context);
    if (problem === undefined) return { right: true, reason: '' };
    reasons.push(`${outcome.kind === 'tool' ? outcome.tool : outcome.kind}: ${problem}`);
  }
  return { right: false, reason: reasons.join(' || ') };
}
