// The check of the model's reply against what the conversation holds: a figure the reply states
// (a price, a time, a number of days, a phone number, a house number) that is in none of the
// instructions, the tool results or the visitor's words was made up. Small models invent such
// facts about a business when asked what its prompt does not say ("delivery takes 5-7 days",
// "call us at 555-1234"); the reply is then held back and the model says it does not know.
// Words are not checked: a reply may rightly use words nobody wrote; a figure it did not read
// has no other source.

/** Numbers in a text, as values: `9:30` gives 9 and 30, `76.99` gives 76 and 99, `030` gives 30. */
export function figuresOf(text: string): Set<number> {
  return new Set([...text.matchAll(/\d+/g)].map((match) => Number(match[0])));
}

/**
 * The figures of `reply` that `known` (the figures of the sources) does not hold. A clock hour
 * said the twelve-hour way ("7 pm") counts as its 24-hour value too; single digits up to 2 are
 * not claims ("one moment", "2 of them" come from the conversation itself).
 */
export function unknownFigures(reply: string, known: ReadonlySet<number>): number[] {
  const unknown: number[] = [];
  for (const match of reply.matchAll(/(\d+)(?:[:.]\d+)?(\s*[ap]\.?m\b)?/gi)) {
    for (const digits of match[0].matchAll(/\d+/g)) {
      const value = Number(digits[0]);
      const afternoon = /p/i.test(match[2] ?? '') && value < 12 ? value + 12 : value;
      if (value <= 2 || known.has(value) || known.has(afternoon)) continue;
      unknown.push(value);
    }
  }
  return unknown;
}

/**
 * Holds a streamed reply back clause by clause and lets a clause through once its figures are
 * known: the voice speaks by sentence anyway, so holding a clause costs the listener nothing.
 */
export class ClauseGate {
  #pending = '';
  #refused = false;

  constructor(private readonly known: ReadonlySet<number>) {}

  /** A clause held figures nobody gave: the reply must not go on. */
  get refused(): boolean {
    return this.#refused;
  }

  /** Adds streamed words; answers what may be said now ('' once refused). */
  push(text: string): string {
    if (this.#refused) return '';
    this.#pending += text;
    // Up to the last clause end followed by a space: a figure may go on after "7." or "7,".
    const end = Math.max(...[...this.#pending.matchAll(/[.!?;,]\s/g)].map((m) => m.index + 1), 0);
    return end > 0 ? this.#release(end) : '';
  }

  /** The reply ended: answers the rest, if its figures are known. */
  flush(): string {
    return this.#refused ? '' : this.#release(this.#pending.length);
  }

  #release(end: number): string {
    const clause = this.#pending.slice(0, end);
    if (unknownFigures(clause, this.known).length > 0) {
      this.#refused = true;
      this.#pending = '';
      return '';
    }
    this.#pending = this.#pending.slice(end);
    return clause;
  }
}
