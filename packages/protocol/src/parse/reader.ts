/**
 * A small toolkit of readers, so each wire parser reads like a schema. The builders are marked
 * free of side effects so bundlers drop the parsers an app does not use. A reader checks a value at a
 * path and returns it typed, or throws a {@link ParseFailure} naming the path; `define` turns a
 * reader into a parser that returns a {@link ParseResult} and never throws.
 *
 * esbuild honours that mark only inside this file: a page bundled with it carries every parser of
 * a module it imports one parser from, so parsers a browser reads stay apart from the agent's.
 */

/** The outcome of a parser: the typed value, or a precise error that names the failing path. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** Thrown inside readers only; `define` turns it into `{ ok: false }`. */
class ParseFailure extends Error {}

/** Checks `value` found at `path` and returns it typed. */
export type Reader<T> = (value: unknown, path: string) => T;

/** The type a reader produces. */
export type ReaderOutput<R> = R extends Reader<infer T> ? T : never;

type Shape = Record<string, Reader<unknown>>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

/** Fails at `path`: `features[0].type: expected string, got number`. */
export function fail(path: string, message: string): never {
  throw new ParseFailure(`${path || '(root)'}: ${message}`);
}

function expect(path: string, expected: string, value: unknown): never {
  return fail(path, `expected ${expected}, got ${describe(value)}`);
}

/** A string. */
export const string: Reader<string> = (value, path) =>
  typeof value === 'string' ? value : expect(path, 'string', value);

/** A non-empty string. */
export const nonEmptyString: Reader<string> = (value, path) =>
  string(value, path) !== '' ? (value as string) : fail(path, 'expected a non-empty string');

/** A finite number. */
export const number: Reader<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : expect(path, 'number', value);

/** A boolean. */
export const boolean: Reader<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : expect(path, 'boolean', value);

/** Anything, unchecked (for payload data passed through as it is). */
export const unknownValue: Reader<unknown> = (value) => value;

/** One of the given literals. */
/* @__NO_SIDE_EFFECTS__ */
export function oneOf<const T extends readonly (string | boolean)[]>(values: T): Reader<T[number]> {
  return (value, path) =>
    values.includes(value as T[number])
      ? (value as T[number])
      : fail(
          path,
          `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(value) ?? describe(value)}`,
        );
}

/** The first of several readers that accepts the value. */
/* @__NO_SIDE_EFFECTS__ */
export function either<A, B>(first: Reader<A>, second: Reader<B>, expected: string): Reader<A | B> {
  return (value, path) => {
    for (const reader of [first, second]) {
      try {
        return reader(value, path);
      } catch (error) {
        if (!(error instanceof ParseFailure)) throw error;
      }
    }
    return expect(path, expected, value);
  };
}

/**
 * A required field whose value may be `null` (an end time not reached yet, a deleted item's data);
 * an optional field needs no wrapper, since `object` treats its `null` as absent.
 */
/* @__NO_SIDE_EFFECTS__ */
export function nullable<T>(item: Reader<T>): Reader<T | null> {
  return (value, path) => (value === null ? null : item(value, path));
}

/** An array whose items all pass `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function array<T>(item: Reader<T>): Reader<T[]> {
  return (value, path) =>
    Array.isArray(value)
      ? value.map((entry, index) => item(entry, `${path}[${index}]`))
      : expect(path, 'array', value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A key a peer's JSON may carry (`JSON.parse` makes it an own key) that assigning would turn into
 * the prototype of the parsed object, giving it fields nobody sent. Parsed objects drop it.
 */
const PROTOTYPE_KEY = '__proto__';

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** A plain object whose values all pass `item`. */
/* @__NO_SIDE_EFFECTS__ */
export function record<T>(item: Reader<T>): Reader<Record<string, T>> {
  return (value, path) => {
    if (!isObject(value)) return expect(path, 'object', value);
    const result: Record<string, T> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (key === PROTOTYPE_KEY) continue;
      result[key] = item(entry, join(path, key));
    }
    return result;
  };
}

/**
 * An object with `required` and `optional` fields. Unknown fields are kept (a newer peer may add
 * fields); `null` in an optional field counts as absent and is removed.
 */
/* @__NO_SIDE_EFFECTS__ */
export function object<R extends Shape, O extends Shape = Record<never, never>>(
  required: R,
  optional?: O,
): Reader<{ [K in keyof R]: ReaderOutput<R[K]> } & { [K in keyof O]?: ReaderOutput<O[K]> }> {
  return (value, path) => {
    if (!isObject(value)) return expect(path, 'object', value);
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      if (key === PROTOTYPE_KEY || Object.hasOwn(required, key)) continue;
      const reader = optional && Object.hasOwn(optional, key) ? optional[key] : undefined;
      if (reader === undefined)
        result[key] = entry; // an unknown field, kept as it is
      else if (entry !== null && entry !== undefined) result[key] = reader(entry, join(path, key));
    }
    for (const [key, reader] of Object.entries(required)) {
      if (!Object.hasOwn(value, key)) fail(join(path, key), 'required field is missing');
      result[key] = reader(value[key], join(path, key));
    }
    return result as { [K in keyof R]: ReaderOutput<R[K]> } & {
      [K in keyof O]?: ReaderOutput<O[K]>;
    };
  };
}

/** Turns a reader into a parser that returns a {@link ParseResult} and never throws. */
/* @__NO_SIDE_EFFECTS__ */
export function define<T>(reader: Reader<T>): (value: unknown) => ParseResult<T> {
  return (value) => {
    try {
      return { ok: true, value: reader(value, '') };
    } catch (error) {
      if (error instanceof ParseFailure) return { ok: false, error: error.message };
      throw error;
    }
  };
}
