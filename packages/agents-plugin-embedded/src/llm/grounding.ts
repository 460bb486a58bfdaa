// The check of the model's reply against what the conversation holds: a figure the reply states
// (a price, a time, a number of days, a phone number, a house number) that is in none of the
// instructions, the tool results or the visitor's words was made up. Small models invent such
// facts about a business when asked what its prompt does not say ("delivery takes 5-7 days",
// "call us at 555-1234"); the reply is then held back and the model says it does not know.
// Words are not checked: a reply may rightly use words nobody wrote; a figure it did not read
// has no other source. A figure is read with its unit: the prompt's "30 pounds" is no source of
// "30 minutes"; and with what it is said of: a price list's "full service from 180 pounds" is no
// source of "tyres cost 180 pounds".

/** A figure as a source states it: the word written right after it, and what it is said of. */
export interface FigureStatement {
  /** The word right after the figure ('' for none): its unit, if the texts write it nowhere else. */
  unit: string;
  /**
   * The words of its clause other than its unit ("colour", "from" of "colour from 70 pounds"),
   * lowercased, without those that many of the sources' figures are said with.
   */
  about: ReadonlySet<string>;
}

/**
 * The figures the sources hold: each value with how each of its statements puts it (the word
 * written right after it: "30 seconds", "500 Mbps"; and the words of its clause), and the words the
 * sources use other than after a figure.
 */
export interface KnownFigures {
  /** Each value, with its statements. */
  values: ReadonlyMap<number, readonly FigureStatement[]>;
  /**
   * The words after a figure that join rather than measure: written right before a figure
   * somewhere ("to" of "9:00 to 19:00", "until" of "9 until 17"), or short and written apart from
   * a figure too ("a" of "45 a month"); "month" of "a 12-month contract" measures, though "each
   * month" says it too.
   */
  joining: ReadonlySet<string>;
}

/** A figure as written (`9:30` and `76.99` are one), its am/pm, and the word right after it. */
const FIGURE = /(\d+)(?:[:.]\d+)?(\s*[ap]\.?m\b\.?)?(?:[\s-]*(\p{L}+))?/giu;

/** Words of a text, lowercased. */
const WORD = /\p{L}+/gu;

/** The longest word taken for a joining word wherever a text also writes it apart from a figure. */
const SHORT_JOINING = 3;

/**
 * The words after a figure that join rather than measure (see {@link KnownFigures.joining}): those
 * written right before a figure, and short ones the text also writes apart from a figure.
 */
function joiningWords(text: string): Set<string> {
  const units = new Set<number>();
  for (const match of text.matchAll(FIGURE)) {
    const unit = match[3];
    if (unit !== undefined) units.add(match.index + match[0].length - unit.length);
  }
  const beforeFigure = new Set(
    [...text.matchAll(/(\p{L}+)[\s-]+\d/gu)].map((match) => (match[1] ?? '').toLowerCase()),
  );
  const joining = new Set(beforeFigure);
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (!units.has(match.index) && word.length <= SHORT_JOINING) joining.add(word);
  }
  return joining;
}

/**
 * Where a clause ends: a line, a semicolon, a sentence, a comma before a space, or a JSON object
 * or array (a catalogue's item, a table's row).
 */
const CLAUSE_END = /[\n;{}[\]]|[.!?](?=\s|$)|,(?=\s)/g;

/** Words that can tell what a figure is said of: three letters or more, lowercased. */
function clauseWords(text: string, unit: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.matchAll(/\p{L}{3,}/gu)) words.add(match[0].toLowerCase());
  words.delete(unit);
  return words;
}

/**
 * A word said with this many of the sources' figures or more says nothing of any one of them
 * ("from" of a price list's "from 70 pounds", "from 45 pounds"...).
 */
const COMMON_ABOUT = 3;

/**
 * The figures of the sources, as values (`9:30` gives 9 and 30, `76.99` gives 76 and 99, `030`
 * gives 30), each with the word written after it and the words of its clause.
 */
export function figuresOf(text: string): KnownFigures {
  const ends = [...text.matchAll(CLAUSE_END)].map((match) => match.index);
  const clauseOf = (at: number) => {
    const start = ends.filter((end) => end < at).at(-1) ?? -1;
    const end = ends.find((index) => index > at) ?? text.length;
    return text.slice(start + 1, end);
  };
  const found: { value: number; unit: string; words: Set<string> }[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const unit = (match[3] ?? '').toLowerCase();
    const words = clauseWords(clauseOf(match.index), unit);
    for (const digits of match[0].matchAll(/\d+/g))
      found.push({ value: Number(digits[0]), unit, words });
  }
  const counts = new Map<string, number>();
  for (const words of new Set(found.map((entry) => entry.words)))
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const values = new Map<number, FigureStatement[]>();
  for (const { value, unit, words } of found) {
    const about = new Set([...words].filter((word) => (counts.get(word) ?? 0) < COMMON_ABOUT));
    values.set(value, [...(values.get(value) ?? []), { unit, about }]);
  }
  return { values, joining: joiningWords(text) };
}

/** Whether two words are one word written two ways ("colour" and "colours", "booking" and "bookings"). */
function sameWord(a: string, b: string): boolean {
  return a === b || (a.length >= 5 && b.length >= 5 && a.slice(0, 5) === b.slice(0, 5));
}

/** Whether two words are one unit written two ways ("minute" and "minutes", "Mbps" and "mbps"). */
function sameUnit(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a);
}

/**
 * The figures of `reply` that `known` (the figures of the sources) does not hold. A clock hour
 * said the twelve-hour way ("7 pm") counts as its 24-hour value too; single digits up to 2 are
 * not claims ("one moment", "2 of them" come from the conversation itself) unless they bound a
 * range ("1-2 business days").
 *
 * A figure is held by the sources only in a unit they state it in: a prompt's "blow-dry 30
 * pounds" does not hold "a colour takes 30 minutes", nor its "unplug it for 30 seconds" a wait of
 * 30 minutes. A word after a figure is its unit unless it joins ({@link KnownFigures.joining}:
 * "pounds", "minutes", "Mbps", "month" are units; "to" of "9:00 to 19:00" and "a" of "45 a month"
 * are not), and a figure the sources state without a unit, or before a word that is none, holds it
 * in any.
 *
 * A figure stated in a unit is held only by a statement said of what the reply speaks of: its
 * clause, or `asked` (what it answers), shares a word with the statement's clause
 * ({@link FigureStatement.about}); a statement whose clause has no such words holds it anyway.
 */
export function unknownFigures(reply: string, known: KnownFigures, asked = ''): number[] {
  const unknown: number[] = [];
  const replyJoining = joiningWords(reply);
  const isUnit = (word: string) => !known.joining.has(word) && !replyJoining.has(word);
  // What the reply speaks of: its words and those of what it answers ("it" of "it is 70 pounds").
  const spokenOf = [...clauseWords(`${reply} ${asked}`, '')];
  const saysOf = (about: ReadonlySet<string>) =>
    about.size === 0 || spokenOf.some((word) => [...about].some((other) => sameWord(word, other)));
  const ranges = new Set(
    [...reply.matchAll(/\d+\s*(?:-|–|to)\s*\d+/g)].flatMap((match) =>
      [...match[0].matchAll(/\d+/g)].map((digits) => match.index + digits.index),
    ),
  );
  const holds = (value: number, unit: string): boolean => {
    const statements = known.values.get(value);
    if (!statements) return false;
    if (unit === '' || !isUnit(unit)) return true;
    return statements.some(
      (stated) =>
        stated.unit === '' ||
        !isUnit(stated.unit) ||
        (sameUnit(stated.unit, unit) && saysOf(stated.about)),
    );
  };
  for (const match of reply.matchAll(FIGURE)) {
    const unit = (match[3] ?? '').toLowerCase();
    for (const digits of match[0].matchAll(/\d+/g)) {
      const value = Number(digits[0]);
      const inRange = ranges.has(match.index + digits.index);
      if (value <= 2 && !inRange) continue;
      const afternoon = /p/i.test(match[2] ?? '') && value < 12 ? value + 12 : value;
      if (holds(value, unit) || holds(afternoon, unit)) continue;
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

  /** `asked`: what the reply answers (the visitor's last words), read for what it speaks of. */
  constructor(
    private readonly known: KnownFigures,
    private readonly asked = '',
  ) {}

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
    if (unknownFigures(clause, this.known, this.asked).length > 0) {
      this.#refused = true;
      this.#pending = '';
      return '';
    }
    this.#pending = this.#pending.slice(end);
    return clause;
  }
}
