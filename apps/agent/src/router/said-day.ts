// A booking's day is the visitor's. Asked to "book for 3 people Monday at 7pm", a small model
// writes `day: "tuesday"` (its prompt says the place is closed on Mondays, so it moves the booking
// without asking); asked to cancel "a booking we had", it cancels one on a day of its own. The
// days a visitor says are read here with the names `Intl` gives for the conversation's language,
// so no language needs a list of its own, and the day a model gives a business's tool is held to
// the last one the visitor said.
import { foldAccents, type Lexicon } from '@svc/languages/router';
import type { ClockTurn } from './said-time.js';

/** A Monday: the week's names are read from the seven days after it. */
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** Lower case, accents folded: how a day's name is compared. */
const plain = (word: string) => foldAccents(word.toLowerCase());

/** The words of a text as written, and as compared. */
function tokens(text: string): { written: string; plain: string; index: number }[] {
  return [...text.matchAll(/\p{L}+/gu)].map((match) => ({
    written: match[0],
    plain: plain(match[0]),
    index: match.index,
  }));
}

/** The names of the days of the week in a language, Monday first, as `Intl` writes them. */
function weekdayNames(code: string): string[] {
  const format = new Intl.DateTimeFormat(code, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => plain(format.format(A_MONDAY + day * DAY_MS)));
}

/** Words that name a day without naming a weekday: "today", "demain", "übermorgen", a month. */
function otherDayWords(code: string): Set<string> {
  const found = new Set<string>();
  const relative = new Intl.RelativeTimeFormat(code, { numeric: 'auto' });
  for (const offset of [0, 1, 2]) {
    const said = relative.format(offset, 'day');
    // "in 2 days" where a language has no word for it: not a word of its own.
    if (/\d/.test(said)) continue;
    for (const token of tokens(said)) found.add(token.plain);
  }
  const months = new Intl.DateTimeFormat(code, { month: 'long', timeZone: 'UTC' });
  for (let month = 0; month < 12; month += 1)
    for (const token of tokens(months.format(Date.UTC(2024, month, 15)))) found.add(token.plain);
  return found;
}

/** How a language names days, read once per language. */
interface DayWords {
  /** Per language read (the conversation's, and English, which models write), Monday first. */
  weekdays: { code: string; names: string[] }[];
  /** Words that name a day otherwise: relative days, months, the half of a day ("tonight"). */
  other: Set<string>;
}

const cache = new Map<string, DayWords>();

function dayWords(lexicon: Lexicon): DayWords {
  const cached = cache.get(lexicon.code);
  if (cached) return cached;
  const codes = [...new Set([lexicon.code, 'en'])];
  const other = new Set(codes.flatMap((code) => [...otherDayWords(code)]));
  // "Tonight", "ce soir", "esta noche": a time of day said alone is about today.
  for (const phrase of [...lexicon.clock.afternoon, ...lexicon.clock.morning])
    for (const token of tokens(phrase)) if (token.plain.length > 2) other.add(token.plain);
  const words = { weekdays: codes.map((code) => ({ code, names: weekdayNames(code) })), other };
  cache.set(lexicon.code, words);
  return words;
}

/** A weekday named in a text: 0 for Monday; where it is written, and in which language. */
interface NamedDay {
  day: number;
  index: number;
  written: string;
  code: string;
}

/**
 * The weekdays a text names, in its order. A plural ("on Mondays", "montags") names the day too.
 */
export function readWeekdays(text: string, lexicon: Lexicon): NamedDay[] {
  const { weekdays } = dayWords(lexicon);
  const found: NamedDay[] = [];
  for (const token of tokens(text)) {
    for (const { code, names } of weekdays) {
      const day = names.findIndex((name) => token.plain === name || token.plain === `${name}s`);
      if (day >= 0) {
        found.push({ day, index: token.index, written: token.written, code });
        break;
      }
    }
  }
  return found;
}

/** Whether a text names a day in any way: a weekday, "tomorrow", a month, "tonight". */
function namesADay(text: string, lexicon: Lexicon): boolean {
  if (readWeekdays(text, lexicon).length > 0) return true;
  const { other } = dayWords(lexicon);
  return tokens(text).some((token) => other.has(token.plain));
}

/** `name` written as `like` is: "Monday", "monday" or "MONDAY". */
function writtenLike(name: string, like: string): string {
  if (like === like.toUpperCase()) return name.toUpperCase();
  if (like[0] === like[0]?.toUpperCase()) return `${name[0]?.toUpperCase()}${name.slice(1)}`;
  return name;
}

/** A call's arguments with its day held to the visitor's words (see {@link daysAsSaid}). */
export interface DayArguments {
  args: Record<string, unknown>;
  /** Whether `args` differ from the call's. */
  changed: boolean;
  /** The property of a day nobody in the conversation named: the model made it up. */
  unsaid?: string;
  /** The property of a day the visitor named that its `enum` does not hold. */
  outside?: string;
}

/**
 * A call's arguments with its one weekday held to the one the visitor named last. Only a string
 * property whose value names exactly one weekday counts ("saturday", "Saturday evening"); a call
 * with two ("from Monday to Friday") is left as the model made it. A day the agent or a tool
 * offered after the visitor's ("we are closed on Mondays; Tuesday?") stands when the model gives
 * it; a visitor who named the day otherwise ("tomorrow", "the 12th of March", "tonight") is left to
 * the model, which knows the date. A day the visitor named that the property's `enum` does not
 * hold is `outside`: the model chose another rather than say so. A weekday when nobody in the conversation named any day is
 * `unsaid`: asked to cancel "a booking we had", a small model cancels Tuesday's.
 */
export function daysAsSaid(
  schema: unknown,
  args: Record<string, unknown>,
  turns: readonly ClockTurn[],
  lexicon: Lexicon,
): DayArguments {
  const properties = (
    schema as { properties?: Record<string, Record<string, unknown>> } | undefined
  )?.properties;
  const unchanged = { args, changed: false };
  if (!properties) return unchanged;
  const days = Object.entries(args).flatMap(([key, value]) => {
    const property = properties[key];
    if (typeof value !== 'string' || !property || property.const !== undefined) return [];
    const named = readWeekdays(value, lexicon);
    return named.length === 1 ? [{ key, value, named: named[0] as NamedDay, property }] : [];
  });
  if (days.length !== 1) return unchanged;
  const { key, value, named, property } = days[0] as (typeof days)[number];
  let last = -1;
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index];
    if (turn?.role === 'user' && namesADay(turn.text, lexicon)) {
      last = index;
      break;
    }
  }
  if (last < 0) {
    if (turns.some((turn) => namesADay(turn.text, lexicon))) return unchanged;
    return { ...unchanged, unsaid: key };
  }
  const said = readWeekdays(turns[last]?.text ?? '', lexicon).at(-1);
  // "Tomorrow", "the 12th": the visitor named the day otherwise.
  if (!said || said.day === named.day) return unchanged;
  const offered = turns
    .slice(last + 1)
    .some(
      (turn) =>
        turn.role !== 'user' &&
        readWeekdays(turn.text, lexicon).some((day) => day.day === named.day),
    );
  if (offered) return unchanged;
  const names = dayWords(lexicon).weekdays.find((each) => each.code === named.code)?.names ?? [];
  const name = writtenLike(names[said.day] ?? '', named.written);
  const held = `${value.slice(0, named.index)}${name}${value.slice(named.index + named.written.length)}`;
  // A day's enum is the schema's: the held day must be one of its values.
  const options = Array.isArray(property.enum) ? (property.enum as unknown[]) : undefined;
  const chosen = options
    ? options.find((option) => typeof option === 'string' && plain(option) === plain(held))
    : held;
  if (chosen === undefined) return { ...unchanged, outside: key };
  return { args: { ...args, [key]: chosen }, changed: true };
}
