// A booking's party is the visitor's. Told "we're a group of 11", a small model whose tool takes
// 1 to 8 people writes `party_size: 1` (its grammar admits no 11) and books a table for one. The
// numbers a visitor says are read here from the language's number words, and a count the model
// gives a business's tool is held to the one the visitor said.
import type { Lexicon } from '@svc/languages/router';
import { clockTokens, readTimes, smallNumber, type ClockTurn } from './said-time.js';

/**
 * The numbers a text says as counts, in its order: digits and number words up to 59 ("11",
 * "eleven", "treinta y cinco"), not a figure written into a word ("12th", "1er", "40th") nor one
 * of a time of day ("at 8", "8pm", "19:30").
 */
export function readCounts(text: string, lexicon: Lexicon): number[] {
  // "The 12th", "my wife's 40th": a figure joined to letters is an ordinal, not a count.
  const plainText = text.replace(/\d+(?=\p{L})/gu, ' ').replace(/\d{1,2}[:.h]\d{2}/gu, ' ');
  const hours = new Set(readTimes(text, lexicon).map((time) => time.hour % 12 || 12));
  const tokens = clockTokens(plainText);
  const found: number[] = [];
  for (let index = 0; index < tokens.length;) {
    const number = smallNumber(tokens, index, lexicon);
    if (!number) {
      index += 1;
      continue;
    }
    // "Six of us at 7": a number the text also says as a time is that time, not a count.
    if (!hours.has(number.value % 12 || 12) || number.value > 24) found.push(number.value);
    index = number.end;
  }
  return found;
}

/** A call's arguments with its count held to the visitor's words (see {@link countsAsSaid}). */
export interface CountArguments {
  args: Record<string, unknown>;
  /** Whether `args` differ from the call's. */
  changed: boolean;
  /** The property of a count the visitor said that its `minimum` or `maximum` does not take. */
  outside?: string;
}

/** Whether a schema property holds a whole number. */
function countProperty(property: Record<string, unknown> | undefined): boolean {
  const { type } = property ?? {};
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/**
 * A call's arguments with its one whole-number property held to the visitor's words. When nobody
 * in the conversation said the model's number (the visitor, the agent, a tool)
 * and the visitor's last turn that says counts says exactly one, that one is the visitor's: it is
 * written instead, or, when the property's `minimum` or `maximum` does not take it, the call is
 * `outside` (the model wrote a number it could write rather than say so). A visitor who said no
 * count ("me and my wife") leaves the model's reading alone.
 */
export function countsAsSaid(
  schema: unknown,
  args: Record<string, unknown>,
  turns: readonly ClockTurn[],
  lexicon: Lexicon,
): CountArguments {
  const properties = (
    schema as { properties?: Record<string, Record<string, unknown>> } | undefined
  )?.properties;
  const unchanged = { args, changed: false };
  if (!properties) return unchanged;
  const counts = Object.entries(args).filter(
    ([key, value]) => typeof value === 'number' && countProperty(properties[key]),
  );
  if (counts.length !== 1) return unchanged;
  const [key, value] = counts[0] as [string, number];
  // Not the instructions: their "a booking is for 1 to 8 people" gives nobody's party.
  const heard = turns.some(
    ({ text }) =>
      readCounts(text, lexicon).includes(value) || new RegExp(`(?<!\\d)${value}(?!\\d)`).test(text),
  );
  if (heard) return unchanged;
  const last = turns.findLast(
    (turn) => turn.role === 'user' && readCounts(turn.text, lexicon).length > 0,
  );
  const said = last ? [...new Set(readCounts(last.text, lexicon))] : [];
  if (said.length !== 1) return unchanged;
  const count = said[0] as number;
  const property = properties[key] ?? {};
  const { minimum, maximum } = property as { minimum?: unknown; maximum?: unknown };
  if (
    (typeof minimum === 'number' && count < minimum) ||
    (typeof maximum === 'number' && count > maximum)
  )
    return { ...unchanged, outside: key };
  return { args: { ...args, [key]: count }, changed: true };
}
