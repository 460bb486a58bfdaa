// Compile-time checks that tie a route's zod schema to the `@svc/protocol` shape it serves: the
// protocol declares each shape once, and a schema that drifts from it fails the typecheck.

/**
 * `T` with `undefined` taken out of its optional fields, all the way down: zod says
 * `field?: T | undefined` where the protocol, under `exactOptionalPropertyTypes`, says `field?: T`.
 * Both mean the same on the wire (JSON has no `undefined`).
 */
export type Settled<T> = T extends readonly (infer Entry)[]
  ? Settled<Entry>[]
  : T extends object
    ? { [Key in keyof T]: Settled<Exclude<T[Key], undefined>> }
    : T;

/** `true` when `A` and `B` are the same type, field for field. */
export type Same<A, B> =
  (<T>() => T extends Settled<A> ? 1 : 2) extends <T>() => T extends Settled<B> ? 1 : 2
    ? true
    : false;

/** Compiles only when given `true`. */
export type Holds<Check extends true> = Check;
