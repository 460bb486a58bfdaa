// A booking's time is the visitor's. Asked to book "ten thirty at night" or "half seven-ish", a
// small model writes "10:30" and "17:30"; told "8pm then", it keeps the 20:30 of its earlier call.
// The times a visitor says are read here from the language's clock words, and a time the model
// gives a business's tool is held to the last one the visitor said.
import { foldAccents, type ClockWords, type Lexicon } from '@svc/languages/router';

/** A time of day as said: `half` is known when the words or the hour tell morning from evening. */
export interface SaidTime {
  /** 0-23 when `half` is known, else 1-12 as said. */
  hour: number;
  minute: number;
  /** Whether the hour is certain (after noon said, a 24-hour hour, noon, midnight). */
  certain: boolean;
}

/** The words of a text as the clock reads them: lower case, accents folded, "19:30" kept whole. */
export function clockTokens(text: string): string[] {
  return (
    foldAccents(text.toLowerCase().replace(/[’‘]/g, "'")).match(/\d{1,2}:\d{2}|\p{L}+|\p{N}+/gu) ??
    []
  );
}

/** Whether the phrase (words apart) starts at `index` of `tokens`; answers its length or 0. */
function phraseAt(tokens: readonly string[], index: number, phrase: string): number {
  const words = phrase.split(' ');
  return words.every((word, offset) => tokens[index + offset] === word) ? words.length : 0;
}

/** The longest of `phrases` starting at `index`, as [phrase, length]. */
function longestAt(
  tokens: readonly string[],
  index: number,
  phrases: readonly string[],
): [string, number] | undefined {
  let best: [string, number] | undefined;
  for (const phrase of phrases) {
    const length = phraseAt(tokens, index, phrase);
    if (length > 0 && (!best || length > best[1])) best = [phrase, length];
  }
  return best;
}

/** Whether one of `phrases` ends right before `index`. */
function endsBefore(tokens: readonly string[], index: number, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => {
    const length = phrase.split(' ').length;
    return index - length >= 0 && phraseAt(tokens, index - length, phrase) === length;
  });
}

/**
 * A small number at `index` ("7", "seven", "forty five", "treinta y cinco", "fünfundzwanzig"),
 * up to 59: an hour or minutes.
 */
export function smallNumber(
  tokens: readonly string[],
  index: number,
  lexicon: Lexicon,
): { value: number; end: number } | undefined {
  const { units, tens, joiners, compound } = lexicon.numbers;
  const valueOf = (word: string | undefined): number | undefined => {
    if (word === undefined) return undefined;
    if (/^\d{1,2}$/.test(word)) return Number(word);
    if (Object.hasOwn(units, word)) return units[word];
    if (Object.hasOwn(tens, word)) return tens[word];
    return compound?.(word);
  };
  const first = valueOf(tokens[index]);
  if (first === undefined || first > 59) return undefined;
  // "Forty five", "dix neuf", "treinta y cinco": a ten and a unit after it are one number.
  if (first % 10 === 0 && first >= 10 && !/^\d/.test(tokens[index] ?? '')) {
    const joined = joiners.includes(tokens[index + 1] ?? '') ? 1 : 0;
    const unit = valueOf(tokens[index + 1 + joined]);
    if (
      unit !== undefined &&
      unit > 0 &&
      unit < 10 &&
      !/^\d/.test(tokens[index + 1 + joined] ?? '')
    )
      return { value: first + unit, end: index + 2 + joined };
  }
  return { value: first, end: index + 1 };
}

/**
 * Which half of the day the words near a time put it in: after noon, before, or unknown. A
 * phrase of two letters or less ("pm", "am") counts only right after the time; a longer one ("in
 * the evening", "tonight", "de la tarde") anywhere within a few words of it.
 */
function halfNear(
  tokens: readonly string[],
  start: number,
  end: number,
  clock: ClockWords,
): 'afternoon' | 'morning' | undefined {
  let best: { half: 'afternoon' | 'morning'; distance: number } | undefined;
  const near = 6;
  for (
    let index = Math.max(0, start - near);
    index < Math.min(tokens.length, end + near);
    index += 1
  ) {
    if (index >= start && index < end) continue;
    for (const half of ['afternoon', 'morning'] as const) {
      const found = longestAt(tokens, index, clock[half]);
      if (!found) continue;
      const [phrase, length] = found;
      const distance = index >= end ? index - end : start - (index + length);
      if (phrase.replace(/ /g, '').length <= 2 && distance !== 0) continue;
      if (!best || distance < best.distance) best = { half, distance };
    }
  }
  return best?.half;
}

/** A time from an hour and the minutes to add (negative: before the hour), as said. */
function timeOf(hour: number, minutes: number): { hour: number; minute: number } | undefined {
  if (hour > 24) return undefined;
  const total = ((((hour % 24) * 60 + minutes) % 1440) + 1440) % 1440;
  return { hour: Math.floor(total / 60), minute: total % 60 };
}

/** The time made certain by the half of the day said, or left as said. */
function inHalf(
  time: { hour: number; minute: number },
  half: 'afternoon' | 'morning' | undefined,
): SaidTime {
  // A 24-hour hour ("19:30", "20 heures") or midnight's 0 needs no half.
  if (time.hour === 0 || time.hour > 12) return { ...time, certain: true };
  if (half === 'afternoon')
    return { hour: time.hour === 12 ? 12 : time.hour + 12, minute: time.minute, certain: true };
  if (half === 'morning')
    return { hour: time.hour === 12 ? 0 : time.hour, minute: time.minute, certain: true };
  return { ...time, certain: false };
}

/**
 * The times of day a text says, in its order: "at 8", "8pm", "19:30", "ten thirty at night",
 * "half past seven", "twenty to nine", "huit heures et demie", "a las siete y media de la tarde",
 * "um halb acht", noon and midnight. A number alone is a time only after a word that makes it one
 * ("at 8"), with a word of the hour ("8 o'clock") or of the half of the day ("8 pm"), or with
 * minutes after it ("ten thirty"): "a table for 8" says none.
 */
export function readTimes(text: string, lexicon: Lexicon): SaidTime[] {
  const { clock } = lexicon;
  const tokens = clockTokens(text);
  const found: SaidTime[] = [];
  const halves = [...clock.afternoon, ...clock.morning];
  for (let index = 0; index < tokens.length;) {
    const token = tokens[index] as string;
    // "19:30", as typed or as a recognizer writes it.
    const colon = /^(\d{1,2}):(\d{2})$/.exec(token);
    if (colon) {
      const time = timeOf(Number(colon[1]), Number(colon[2]));
      if (time && Number(colon[2]) < 60) {
        found.push(inHalf(time, halfNear(tokens, index, index + 1, clock)));
        index += 1;
        continue;
      }
    }
    // Noon and midnight, unless a word of a half of the day ("après-midi") holds them.
    const inPhrase = halves.some((phrase) => {
      const words = phrase.split(' ');
      return words.some(
        (word, offset) =>
          word === token && phraseAt(tokens, index - offset, phrase) > 0 && words.length > 1,
      );
    });
    if (!inPhrase && longestAt(tokens, index, clock.noon)) {
      found.push({ hour: 12, minute: 0, certain: true });
      index += 1;
      continue;
    }
    if (!inPhrase && longestAt(tokens, index, clock.midnight)) {
      found.push({ hour: 0, minute: 0, certain: true });
      index += 1;
      continue;
    }
    // "Half past seven", "quarter to nine", "half seven", "halb acht".
    const before = longestAt(tokens, index, Object.keys(clock.beforeHour));
    if (before) {
      const hour = smallNumber(tokens, index + before[1], lexicon);
      if (hour && hour.value >= 1 && hour.value <= 24) {
        const time = timeOf(hour.value, clock.beforeHour[before[0]] as number);
        if (time) {
          found.push(inHalf(time, halfNear(tokens, index, hour.end, clock)));
          index = hour.end;
          continue;
        }
      }
    }
    const number = smallNumber(tokens, index, lexicon);
    if (!number) {
      index += 1;
      continue;
    }
    // "Twenty past eight", "ten to nine", "zehn nach acht": minutes in words, then the hour.
    const written = !/^\d/.test(token);
    const side = clock.past.includes(tokens[number.end] ?? '')
      ? 1
      : clock.to.includes(tokens[number.end] ?? '')
        ? -1
        : 0;
    if (written && side !== 0 && number.value % 5 === 0 && number.value > 0 && number.value < 30) {
      const hour = smallNumber(tokens, number.end + 1, lexicon);
      if (hour && hour.value >= 1 && hour.value <= 24) {
        const time = timeOf(hour.value, side * number.value);
        if (time) {
          found.push(inHalf(time, halfNear(tokens, index, hour.end, clock)));
          index = hour.end;
          continue;
        }
      }
    }
    // An hour: after "at", or with a word of the hour, minutes or a half of the day after it.
    if (number.value > 24) {
      index = number.end;
      continue;
    }
    let end = number.end;
    const hourWord = longestAt(tokens, end, clock.hour);
    if (hourWord) end += hourWord[1];
    let minutes = 0;
    let hasMinutes = false;
    const after = longestAt(tokens, end, Object.keys(clock.afterHour));
    const sign = clock.plus.includes(tokens[end] ?? '')
      ? 1
      : clock.minus.includes(tokens[end] ?? '')
        ? -1
        : 0;
    if (after) {
      minutes = clock.afterHour[after[0]] as number;
      end += after[1];
      hasMinutes = true;
    } else {
      const offset = sign === 0 ? 0 : 1;
      const minute = smallNumber(tokens, end + offset, lexicon);
      // "Ten thirty", "19 Uhr 30", "ocho y veinte": minutes of ten or more, or any after a word of
      // the hour or a joining word.
      if (minute && minute.value < 60 && (minute.value >= 10 || hourWord || sign !== 0)) {
        minutes = (sign === 0 ? 1 : sign) * minute.value;
        end = minute.end;
        hasMinutes = true;
      }
    }
    const half = halfNear(tokens, index, end, clock);
    const adjacentHalf = longestAt(tokens, end, halves);
    const isTime =
      endsBefore(tokens, index, clock.at) ||
      hourWord !== undefined ||
      hasMinutes ||
      adjacentHalf !== undefined;
    if (isTime && number.value <= 24) {
      const time = timeOf(number.value, minutes);
      if (time) found.push(inHalf(time, half));
    }
    index = end;
  }
  return found;
}

/** A clock time as a model writes one for a tool ("19:30", "9:30 ", "7:30 PM"), or undefined. */
export function clockValue(
  value: string,
): { hour: number; minute: number; twelveHour?: 'AM' | 'PM' | 'am' | 'pm' } | undefined {
  const match = /^\s*(\d{1,2})[:h.](\d{2})\s*(am|pm|AM|PM)?\s*$/u.exec(value);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return undefined;
  const marker = match[3] as 'AM' | 'PM' | 'am' | 'pm' | undefined;
  if (!marker) return { hour, minute };
  if (hour < 1 || hour > 12) return undefined;
  const after = marker.toLowerCase() === 'pm';
  return { hour: (hour % 12) + (after ? 12 : 0), minute, twelveHour: marker };
}

/** A time written as the model wrote its own: 24-hour "HH:MM", or 12-hour with its marker. */
function written(hour: number, minute: number, like: ReturnType<typeof clockValue>): string {
  const mm = String(minute).padStart(2, '0');
  if (like?.twelveHour) {
    const after = hour >= 12;
    const marker =
      like.twelveHour === like.twelveHour.toUpperCase()
        ? after
          ? 'PM'
          : 'AM'
        : after
          ? 'pm'
          : 'am';
    return `${hour % 12 === 0 ? 12 : hour % 12}:${mm} ${marker}`;
  }
  return `${String(hour).padStart(2, '0')}:${mm}`;
}

/**
 * One turn of the conversation as the clock reads it: the visitor's, the agent's, or a tool's
 * answer (a tool may offer times, as the agent does).
 */
export interface ClockTurn {
  role: 'user' | 'assistant' | 'tool';
  text: string;
}

/**
 * The time of day the visitor last said, as the model's `value` should read, or undefined when the
 * visitor said none or the value already is it. An hour said without its half of the day takes the
 * half of a time the visitor said before ("ten thirty at night", then "nine thirty then"), else the
 * model's, else it is as said. A time the agent proposed after the visitor's ("we are full at 8;
 * 8:15?") stands when the model gives it.
 */
export function timeAsSaid(
  value: string,
  turns: readonly ClockTurn[],
  lexicon: Lexicon,
): string | undefined {
  const given = clockValue(value);
  if (!given) return undefined;
  const read = turns.map((turn) => readTimes(turn.text, lexicon));
  let last = -1;
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    if (turns[index]?.role === 'user' && (read[index]?.length ?? 0) > 0) {
      last = index;
      break;
    }
  }
  if (last < 0) return undefined;
  const same = (time: SaidTime) =>
    time.minute === given.minute &&
    (time.certain ? time.hour === given.hour : time.hour % 12 === given.hour % 12);
  // The agent or a tool offered the model's time after the visitor's: it is the one agreed.
  const offered = read
    .slice(last + 1)
    .some((times, offset) => turns[last + 1 + offset]?.role !== 'user' && times.some(same));
  if (offered) return undefined;
  const said = read[last]?.at(-1) as SaidTime;
  let hour = said.hour;
  if (!said.certain) {
    const earlier = read
      .slice(0, last)
      .flatMap((times, index) => (turns[index]?.role === 'user' ? times : []))
      .filter((time) => time.certain && time.hour !== 0);
    const before = earlier.at(-1);
    const afternoon = before ? before.hour >= 12 : given.hour >= 12;
    hour = afternoon ? (said.hour % 12) + 12 : said.hour % 12;
  }
  if (hour === given.hour && said.minute === given.minute && value.trim() === value)
    return undefined;
  return written(hour, said.minute, given);
}

/** The numbers up to twelve the visitor's turns say, as digits or words. */
function saidNumbers(turns: readonly ClockTurn[], lexicon: Lexicon): Set<number> {
  const found = new Set<number>();
  for (const turn of turns) {
    if (turn.role !== 'user') continue;
    const tokens = clockTokens(turn.text);
    for (let index = 0; index < tokens.length; index += 1) {
      const number = smallNumber(tokens, index, lexicon);
      if (number && number.value >= 1 && number.value <= 12) found.add(number.value);
    }
  }
  return found;
}

/** A call's arguments with its time of day held to the visitor's words (see {@link timesAsSaid}). */
export interface TimedArguments {
  args: Record<string, unknown>;
  /** Whether `args` differ from the call's. */
  changed: boolean;
  /** The property of a time nobody in the conversation said: the model made it up. */
  unsaid?: string;
}

/**
 * A call's arguments with its one time of day held to what the visitor said (see
 * {@link timeAsSaid}). Only a string property with no `enum` or `const` is a time; a call with two
 * times ("from 9 to 11") is left as the model made it. A time when no one in the conversation
 * said one (the visitor, the agent, a tool) is `unsaid`: asked to book "for two on Saturday", a
 * small model books at a time of its own.
 */
export function timesAsSaid(
  schema: unknown,
  args: Record<string, unknown>,
  turns: readonly ClockTurn[],
  lexicon: Lexicon,
): TimedArguments {
  const properties = (
    schema as { properties?: Record<string, Record<string, unknown>> } | undefined
  )?.properties;
  const unchanged = { args, changed: false };
  if (!properties) return unchanged;
  const times = Object.entries(args).filter(([key, value]) => {
    const property = properties[key];
    return (
      typeof value === 'string' &&
      property !== undefined &&
      property.enum === undefined &&
      property.const === undefined &&
      clockValue(value) !== undefined
    );
  });
  if (times.length !== 1) return unchanged;
  const [key, value] = times[0] as [string, string];
  if (!turns.some((turn) => readTimes(turn.text, lexicon).length > 0)) {
    // "Book it for 7" says 7 without a word of the clock: the model's 19:00 is the visitor's.
    const given = clockValue(value);
    const hours = saidNumbers(turns, lexicon);
    if (given && given.minute === 0 && hours.has(given.hour % 12 || 12)) return unchanged;
    return { ...unchanged, unsaid: key };
  }
  const held = timeAsSaid(value, turns, lexicon);
  return held === undefined ? unchanged : { args: { ...args, [key]: held }, changed: true };
}
